"""Issue 22, Major 2: a click on a foe out of reach whose walk draws free swings (attacks of
opportunity, docs/rules.md#attacks-of-opportunity) is asked before it is made: the card and the
status line say how many blows it draws and offer the safest square to strike from; a second
click on the same foe goes, Enter strikes from the safest square."""

from __future__ import annotations

import pygame

from game.ui.battle.modes import ProvokeMode
from game.ui.draw import draw_panels
from tests.helpers import as_json, unit
from tests.ui.drive import app, click, hover, key, on_board, screen_pos, settle

# The fighter at (2, 2) strikes the orc at (6, 2) from (6, 1): the walk rounds the orc's front
# and leaves a square it threatens (one free swing); from (5, 1) it draws none.
UNITS = [
    unit("a", "blue", "fighter1", (2, 2), "E", hp=60),
    unit("g", "red", "goblin", (4, 3), "N"),
    unit("o", "red", "orc", (6, 2), "W"),
]


A_FIRST = {"initiative a": 10, "initiative g": 1, "initiative o": 1}


def _screen(a, dice=A_FIRST):
    s = on_board(a, UNITS, dice=dice, width=10, height=8, options={"knockdown_dice": False})
    settle(a, s)
    assert s.battle.pending().unit == "a"
    return s


def _attacks(s):
    return [e for e in as_json(s.battle.events) if e["type"] == "attack"]


def test_the_first_click_asks_and_the_card_says_how_many_blows_and_the_safest_square(monkeypatch):
    a = app()
    s = _screen(a)
    before = len(s.battle.events)
    click(a, screen_pos(s, (6, 2)))
    assert len(s.battle.events) == before, "nothing is made on the first click"
    assert isinstance(s.mode, ProvokeMode)
    assert "draws 1 free swing" in s.message and "strike from (5, 1) instead, 0 free swings" in s.message
    said: list[str] = []
    real = draw_panels.text
    monkeypatch.setattr(
        draw_panels, "text", lambda surface, words, *args, **kw: said.append(words) or real(surface, words, *args, **kw)
    )
    hover(a, screen_pos(s, (6, 2)))
    assert any("click the foe again to go" in line for line in said), said


def test_a_second_click_on_the_same_foe_makes_the_attack_through_its_free_swing():
    a = app()
    s = _screen(a, A_FIRST | {"attack o": 1, "attack a": 1})  # the free swing and the blow miss
    click(a, screen_pos(s, (6, 2)))
    click(a, screen_pos(s, (6, 2)))
    settle(a, s)
    attacks = _attacks(s)
    assert [(e["id"], e["purpose"]) for e in attacks[:2]] == [("o", "attack_of_opportunity"), ("a", "attack")]


def test_enter_strikes_from_the_safest_square_drawing_no_blow():
    a = app()
    s = _screen(a, A_FIRST | {"attack a": 1, "attack g": 1})  # a's blow and the goblin's miss
    click(a, screen_pos(s, (6, 2)))
    key(a, pygame.K_RETURN)
    settle(a, s)
    attacks = _attacks(s)
    assert attacks[0]["id"] == "a" and attacks[0]["purpose"] == "attack"
    move = next(e for e in as_json(s.battle.events) if e["type"] == "move" and e["id"] == "a")
    assert tuple(move["path"][-1]) == (5, 1)


def test_a_click_elsewhere_after_the_question_is_its_own_click():
    a = app()
    s = _screen(a)
    click(a, screen_pos(s, (6, 2)))
    click(a, screen_pos(s, (2, 5)))  # an empty square in reach: a move, its facing next
    assert not isinstance(s.mode, ProvokeMode)
    assert not _attacks(s)
