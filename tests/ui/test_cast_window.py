"""Casting from the window (docs/rules.md#magic): the Cast button (K), the spell picker, the preview,
and a click that casts; the combat log says it in words."""

from __future__ import annotations

import pygame

from game.core.battle import Battle
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.modes import CastMode
from game.ui.common.words import describe
from game.ui.draw.draw_panels import spells_left
from tests.helpers import ScriptedRng, as_json, board, unit
from tests.ui.drive import app, click, hover, key, screen_pos, settle


def _screen(a, units, script):
    sc = board(units, width=12, height=9)
    controllers = {"blue": "human", "red": "ai"}
    battle = Battle(sc, seed=1, rng=ScriptedRng(script), controllers=controllers)
    s = BattleScreen(a, sc, controllers=controllers, threaded=False, battle=battle)
    s.speed_i = 4
    a.show(s)
    settle(a, s)
    return s


def test_cast_button_picker_preview_and_click_cast_a_magic_missile():
    a = app()
    s = _screen(a, [unit("o", "red", "orc", (8, 4), "W"), unit("w", "blue", "wizard5", (2, 4), "E")], [1, 10, 4, 3, 2])
    cast = next(b for b in s.buttons if b.label == "Cast")
    assert cast.enabled
    click(a, cast.rect.center)
    assert isinstance(s.mode, CastMode) and s.mode.spell is None
    assert "[1] magic missile" in s.message and "[3] Melf's acid arrow" in s.message
    key(a, pygame.K_1)
    assert s.mode.spell == "magic_missile"
    hover(a, screen_pos(s, (8, 4)))
    assert s.mode.aimed == (8, 4)
    click(a, screen_pos(s, (8, 4)))
    e = next(x for x in s.battle.events if x.type == "cast")
    assert e.spell == "magic_missile" and e.targets == ("o",)
    assert (
        describe(e, {"w": "Wizard", "o": "Orc 2"}) == "Wizard casts magic missile: 3 missiles, 5 + 4 + 3 = 12 to Orc 2"
    )


def test_an_area_spell_is_aimed_at_a_square_and_a_refused_cast_says_why():
    a = app()
    s = _screen(
        a,
        [
            unit("f", "blue", "fighter1", (3, 4), "E"),
            unit("o", "red", "orc", (10, 4), "W"),
            unit("w", "blue", "wizard5", (2, 4), "E"),
        ],
        [1, 1, 10],
    )
    if s.battle.pending().unit != "w":
        key(a, pygame.K_h)
        settle(a, s)
    key(a, pygame.K_k)
    haste = next(b for b in s.buttons if b.label == "haste")
    click(a, haste.rect.center)
    assert s.mode.spell == "haste"
    click(a, screen_pos(s, (11, 8)))  # no ally there: refused, nothing cast
    assert "would take in no creature" in s.message
    click(a, screen_pos(s, (3, 4)))
    cast = [e for e in as_json(s.battle.events) if e["type"] == "cast"]
    assert cast and cast[0]["spell"] == "haste" and "f" in cast[0]["targets"]


def test_the_spell_picker_has_a_row_of_its_own_every_spell_in_sight_and_clickable():
    """A 5th-level wizard's four kinds of spell: the picker no longer runs the bar past Undo and off the
    screen (the haste button, which the magic lesson asks for, was out of sight)."""
    a = app()
    s = _screen(a, [unit("o", "red", "orc", (8, 4), "W"), unit("w", "blue", "wizard5", (2, 4), "E")], [1, 10])
    key(a, pygame.K_k)
    assert isinstance(s.mode, CastMode)
    spells = [b for b in s.buttons if b.key_hint in "123456789" and b.key_hint]
    assert [b.label for b in spells] == ["magic missile", "burning hands", "Melf's acid arrow", "haste"]
    width, height = a.size
    for i, one in enumerate(s.buttons):
        assert one.rect.right <= width and one.rect.bottom <= height, one.label
        for other in s.buttons[i + 1 :]:
            assert not one.rect.colliderect(other.rect), (one.label, other.label)
    haste = next(b for b in spells if b.label == "haste")
    click(a, haste.rect.center)
    assert s.mode.spell == "haste"


def test_the_unit_card_counts_the_spells_left():
    spells = ("magic_missile", "magic_missile", "burning_hands", "magic_missile", "melfs_acid_arrow", "haste")
    assert spells_left(spells) == "spells left: 3 magic missiles, burning hands, Melf's acid arrow, haste"
