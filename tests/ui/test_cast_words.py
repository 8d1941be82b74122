"""Issue 22, Major 1: a spell's preview is read. Its words sit on a dark box over the tokens, inside
the map (hold person's line began off the left edge, "rson: held 5 rounds…"), and name creatures
as the log does ("Hobgoblin 3 80%", not "red_hobgoblin_3 80%")."""

from __future__ import annotations

import pygame

from game.core.battle import Battle
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import theme
from game.ui.common.widgets import LABEL_BG
from game.ui.draw.draw_cast import cast_words, draw_cast_words
from tests.helpers import board, unit
from tests.named_dice import NamedDice
from tests.ui.drive import app, click, hover, key, screen_pos, settle


def _screen(a, units, dice):
    sc = board(units, width=12, height=9)
    controllers = {"blue": "human", "red": "ai"}
    battle = Battle(sc, seed=1, rng=NamedDice(dice), controllers=controllers)
    s = BattleScreen(a, sc, controllers=controllers, threaded=False, battle=battle)
    s.speed_i = 4
    a.show(s)
    settle(a, s)
    return s


def _said_at(s):
    """Where the frame said the pointed cast: its words laid out again on a copy of the window (the
    drawing only reads the screen, so the screen keeps nothing of where they went)."""
    return draw_cast_words(s, s.app.window.copy(), s.map_rect())


def test_hold_person_at_a_foe_on_the_map_edge_is_said_inside_the_map_on_a_box_with_its_name():
    a = app()
    units = [unit("red_hobgoblin_3", "red", "hobgoblin", (0, 4), "E"), unit("p", "blue", "priest5", (4, 4), "W")]
    # The hobgoblin acts first and its blow (3) and p's free swing at it (4) both miss.
    s = _screen(
        a, units, {"initiative p": 1, "initiative red_hobgoblin_3": 10, "attack p": 4, "attack red_hobgoblin_3": 3}
    )
    assert s.battle.pending().unit == "p"
    key(a, pygame.K_k)
    click(a, next(b for b in s.buttons if b.label == "hold person").rect.center)
    assert s.mode.spell == "hold_person"
    hob = s.battle.world["red_hobgoblin_3"].pos  # where the foe stands after its own turn
    s.camera.x = s.camera.size * (hob[0] + 0.4)  # its column half off the map's left edge, as when scrolled
    hover(a, screen_pos(s, hob))
    words, _, _ = cast_words(s, s.mode, "p")
    assert "Hobgoblin 3" in words and "red_hobgoblin_3" not in words
    box = _said_at(s)
    assert box is not None and s.map_rect().contains(box)
    assert a.window.get_at((box.x + 2, box.centery))[:3] == LABEL_BG


def test_a_refused_cast_says_why_in_the_players_names():
    a = app()
    units = [unit("red_orc_1", "red", "orc", (11, 4), "W"), unit("blue_priest", "blue", "priest5", (1, 4), "E")]
    s = _screen(a, units, {"initiative blue_priest": 1, "initiative red_orc_1": 10})
    key(a, pygame.K_k)
    click(a, next(b for b in s.buttons if b.label == "hold person").rect.center)
    hover(a, screen_pos(s, s.battle.world["blue_priest"].pos))  # hold person at the caster's own side
    words, colour, _ = cast_words(s, s.mode, "blue_priest")
    assert colour == theme.TEXT_WARN
    assert words == "Priest is on Priest's own side: hold person is cast at a foe"
    box = _said_at(s)
    assert box is not None and s.map_rect().contains(box)


def test_a_cast_that_would_be_lost_says_so_before_the_click():
    """'A caster damaged earlier in the same round loses the spell it would cast (the slot is spent)'
    (docs/rules.md#magic): the hobgoblin's blow lands first, and hold person's words say the spell
    would be lost, in the warning's colour."""
    a = app()
    units = [
        unit("red_hobgoblin_3", "red", "hobgoblin", (0, 4), "E"),
        unit("blue_priest", "blue", "priest5", (4, 4), "W"),
    ]
    dice = {
        "initiative blue_priest": 1,
        "initiative red_hobgoblin_3": 10,
        "attack blue_priest": 4,
        "attack red_hobgoblin_3": 20,
    }
    s = _screen(a, units, {**dice, "damage red_hobgoblin_3": 1, "knockdown red_hobgoblin_3": 1})
    assert (
        s.battle.pending().unit == "blue_priest"
        and s.battle.world["blue_priest"].hp < s.battle.world["blue_priest"].hp_max
    )
    key(a, pygame.K_k)
    click(a, next(b for b in s.buttons if b.label == "hold person").rect.center)
    hover(a, screen_pos(s, s.battle.world["red_hobgoblin_3"].pos))
    words, colour, _ = cast_words(s, s.mode, "blue_priest")
    assert colour == theme.TEXT_WARN
    assert words == "Hold person would be lost: Priest was hurt or knocked down this round (its slot spent)"
