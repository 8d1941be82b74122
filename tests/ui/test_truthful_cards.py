"""The cards that propose an action say everything it will cause before any die is rolled
(issue 13): the attacks of opportunity a walk to the attack draws, with their chances, and the
battle then rolls exactly those."""

from __future__ import annotations

import pygame

from game.core.battle import Battle
from game.core.query_swings import free_swings
from game.ui.draw import draw_panels
from tests.helpers import ScriptedRng, as_json, board, unit
from tests.ui.drive import app, click, hover, key, on_board, screen_pos, settle


def test_the_attack_card_names_the_free_swing_that_the_battle_then_rolls(monkeypatch):
    # The fighter at (2, 2) stands in the goblin's front; it walks to (4, 2) to strike the orc,
    # leaving the goblin's threatened square on the way.
    units = [
        unit("a", "blue", "fighter1", (2, 2), "E", hp=60),  # no blow on the way stops it
        unit("g", "red", "goblin", (2, 3), "N"),
        unit("o", "red", "orc", (5, 2), "W"),
    ]
    a = app()
    s = on_board(a, units, [10, 1, 1], width=10, height=8, options={"knockdown_dice": False})
    settle(a, s)
    assert s.battle.pending().unit == "a"
    key(a, pygame.K_a)  # attack mode
    said: list[str] = []
    real = draw_panels.text
    monkeypatch.setattr(
        draw_panels, "text", lambda surface, words, *args, **kw: said.append(words) or real(surface, words, *args, **kw)
    )
    hover(a, screen_pos(s, (5, 2)))
    path = s.legal.attack_from("o", False).path
    assert len(path) > 1, "the orc is out of reach: the attack walks first"
    swings = free_swings(s.battle, "a", path)
    assert ("g", "attack_of_opportunity") in [(w.enemy, w.why) for w in swings]
    for w in swings:
        promised = f"{round(w.chance * 100)}%"
        assert any(line.startswith(f"first: {s.session.names[w.enemy]},") and promised in line for line in said), said
    click(a, screen_pos(s, (5, 2)))
    click(a, screen_pos(s, (5, 2)))  # the walk draws a free swing: the second click goes (issue 22)
    settle(a, s)
    log = as_json(s.battle.events)
    blow = next(i for i, e in enumerate(log) if e["type"] == "attack" and e["id"] == "a" and e["purpose"] == "attack")
    rolled = [e for e in log[:blow] if e["type"] == "attack" and e["purpose"] == "attack_of_opportunity"]
    assert [(e["id"], e["target"]) for e in rolled] == [(w.enemy, "a") for w in swings]


def test_a_walk_past_nobody_is_said_to_draw_no_blow():
    sc = board([unit("a", "blue", "fighter1", (2, 2), "E"), unit("o", "red", "orc", (8, 6), "W")], width=10, height=8)
    b = Battle(sc, seed=1, rng=ScriptedRng([10, 1]))
    assert free_swings(b, "a", [(2, 2), (3, 2), (4, 2)]) == []
