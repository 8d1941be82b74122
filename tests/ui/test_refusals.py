"""Issue 22: a refused click says the reason that holds. A far charge target was told "it needs a
run of 2 squares or more"; a shot a wall blocks, "no shot at that square"."""

from __future__ import annotations

import pygame

from tests.helpers import unit
from tests.ui.drive import app, click, key, on_board, screen_pos, settle


def _fighter_far_from_an_orc():
    """A fighter at one end of a 20-square field, an orc at the other: beyond a full move."""
    a = app()
    s = on_board(
        a,
        [unit("a", "blue", "fighter1", (0, 4), "E"), unit("red_orc_1", "red", "orc", (19, 4), "W")],
        dice={"initiative a": 10, "initiative red_orc_1": 1},
        width=20,
        height=9,
    )
    settle(a, s)
    return a, s


def test_a_charge_at_a_foe_beyond_a_full_move_says_it_is_too_far():
    a, s = _fighter_far_from_an_orc()
    key(a, pygame.K_g)
    click(a, screen_pos(s, s.battle.world["red_orc_1"].pos))
    assert s.message.startswith("no charge at Orc 1: too far"), s.message
    assert not any(e.type == "attack" for e in s.battle.events)


def test_a_shot_a_wall_blocks_says_the_archer_cannot_see_its_target():
    a = app()
    wall = {(4, y): True for y in range(9)}
    s = on_board(
        a,
        [unit("blue_archer_1", "blue", "archer", (1, 4), "E"), unit("red_orc_1", "red", "orc", (8, 4), "W")],
        dice={"initiative blue_archer_1": 10, "initiative red_orc_1": 1},
        width=12,
        height=9,
        blocks_sight=wall,
    )
    settle(a, s)
    assert s.battle.pending().unit == "blue_archer_1"
    key(a, pygame.K_f)
    click(a, screen_pos(s, s.battle.world["red_orc_1"].pos))
    assert s.message == "Archer 1 cannot see Orc 1", s.message
    assert not any(e.type == "attack" for e in s.battle.events)


def test_a_shift_click_on_a_foe_out_of_reach_says_why_nothing_happens():
    a, s = _fighter_far_from_an_orc()
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    try:
        click(a, screen_pos(s, s.battle.world["red_orc_1"].pos))
    finally:
        pygame.key.set_mods(0)
    assert s.message == "no attack on Orc 1: out of reach after half a move", s.message
