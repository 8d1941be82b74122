"""Issue 37, item 5: Tab did nothing in Charge mode (Tab then Enter: "no foe there to charge"), and
a second click after a charge that needed no confirmation became an order for the next creature.
Every mode takes Tab, cycling the targets that mode can take; a click that lands as the unit's
turn ends is not carried to the next unit."""

from __future__ import annotations

import pygame
import pytest

from game.home.settings import SPEEDS
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.legal import pickable
from game.ui.battle.modes import CastMode, ChargeMode, MoveMode
from game.ui.battle.state import DOUBLE_CLICK
from tests.helpers import unit
from tests.ui.drive import app, click, key, on_board, screen_pos, settle


def _charge_board(a) -> BattleScreen:
    units = [unit("a", "blue", "fighter1", (1, 4), "E"), unit("b", "red", "orc", (8, 4), "W")]
    s = on_board(a, units, [10, 1], width=10, height=9)
    settle(a, s)
    return s


def _tabbed(a, s: BattleScreen, times: int) -> list:
    """The squares the keyboard cursor visits over `times` presses of Tab."""
    seen = []
    for _ in range(times):
        key(a, pygame.K_TAB)
        seen.append(s.cursor)
    return seen


def test_tab_then_enter_charges_in_charge_mode():
    a = app()
    s = _charge_board(a)
    key(a, pygame.K_g)
    assert isinstance(s.mode, ChargeMode)
    assert _tabbed(a, s, 1) == [(8, 4)], "Tab picks the foe the charge can take"
    key(a, pygame.K_RETURN)
    assert "no foe there" not in s.message
    assert [c.action for c in s.session.played] == ["charge"]


def _mixed_board(a) -> BattleScreen:
    """An archer that may shoot three orcs, strike the adjacent one, offer it quarter, withdraw
    from it and turn."""
    units = [
        unit("a", "blue", "archer", (2, 4), "E"),
        unit("b", "red", "orc", (3, 4), "W"),  # adjacent: struck, shot, offered quarter
        unit("c", "red", "orc", (8, 6), "W"),  # shot
        unit("d", "red", "orc", (8, 1), "W"),  # shot
    ]
    s = on_board(a, units, [10, 1, 1, 1], width=12, height=9)
    settle(a, s)
    return s


def _expected(s: BattleScreen, mode_key: int) -> set:
    legal, w = s.legal, s.battle.world
    assert legal is not None
    ids = {
        pygame.K_m: set(legal.melee) | set(legal.missile),
        pygame.K_a: set(legal.melee),
        pygame.K_f: set(legal.missile),
        pygame.K_o: set(legal.offer),
    }
    if mode_key in ids:
        return {w[i].pos for i in ids[mode_key]}
    return set(legal.withdraw)  # W


@pytest.mark.parametrize("mode_key", [pygame.K_m, pygame.K_a, pygame.K_f, pygame.K_o, pygame.K_w])  # G: the first test
def test_tab_cycles_the_targets_of_each_mode_and_no_other(mode_key):
    a = app()
    s = _mixed_board(a)
    key(a, mode_key)
    want = _expected(s, mode_key)
    assert want, "the board gives each mode something to take"
    seen = _tabbed(a, s, len(want))
    assert set(seen) == want
    assert _tabbed(a, s, 1) == seen[:1], "Tab comes round to the first again"
    key(a, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert s.cursor == seen[-1], "Shift+Tab goes back"


def test_tab_in_turn_mode_points_each_facing_and_enter_turns_that_way():
    a = app()
    s = _mixed_board(a)
    key(a, pygame.K_t)
    facings = set()
    for sq in _tabbed(a, s, 8):
        u = s.battle.world["a"]
        facings.add((sq[0] - u.pos[0], sq[1] - u.pos[1]))
    assert len(facings) == 8
    key(a, pygame.K_RETURN)
    assert [c.action for c in s.session.played] == ["turn"]


def test_tab_in_cast_mode_picks_the_spells_targets():
    a = app()
    units = [
        unit("w", "blue", "wizard5", (1, 4), "E"),
        unit("b", "red", "orc", (6, 4), "W"),
        unit("c", "red", "orc", (6, 6), "W"),
    ]
    s = on_board(a, units, [1, 1, 10], width=10, height=9)  # the wizard first
    settle(a, s)
    key(a, pygame.K_k)
    assert isinstance(s.mode, CastMode) and s.mode.spell is None
    assert _tabbed(a, s, 1) == [(1, 4)], "no spell chosen yet: Tab has nothing to pick"
    key(a, pygame.K_1)
    assert s.mode.spell == "magic_missile"
    assert set(_tabbed(a, s, 2)) == {(6, 4), (6, 6)}
    key(a, pygame.K_RETURN)
    assert [c.action for c in s.session.played] == ["cast"]


def _two_blue(a) -> BattleScreen:
    """Group initiative: blue's fighter and archer act in the same turn, the fighter first."""
    units = [
        unit("a1", "blue", "fighter1", (1, 4), "E"),
        unit("a2", "blue", "archer", (1, 7), "E"),
        unit("b", "red", "orc", (8, 4), "W"),
    ]
    s = on_board(a, units, [10, 1], options={"initiative": "group"}, width=10, height=9)
    s.speed_i = len(SPEEDS) - 1  # the fastest animation: the charge is shown within a double click
    settle(a, s)
    return s


def test_a_second_click_after_a_charge_is_not_carried_to_the_next_creature():
    """The second click of a double click on the foe charged landed on the archer's turn and
    became its order; a click that soon after the turn ended is dropped."""
    a = app()
    s = _two_blue(a)
    assert s.selected == "a1" and pickable(s.battle, s.battle.pending()) == ["a1", "a2"]
    key(a, pygame.K_g)
    orc = screen_pos(s, (8, 4))
    click(a, orc)
    assert [c.action for c in s.session.played] == ["charge"]
    frames = 1
    while not (s.human_turn() and s.decision_key == len(s.battle.events)) and frames < 200:
        a.step(0.016)
        frames += 1
    assert s.selected == "a2" and frames * 0.016 < DOUBLE_CLICK, "the archer's turn came within a double click"
    click(a, screen_pos(s, s.battle.world["b"].pos))
    assert [c.action for c in s.session.played] == ["charge"], "the stray click played nothing"
    assert isinstance(s.mode, MoveMode) and s.selected == "a2"
    a.step(DOUBLE_CLICK)
    click(a, screen_pos(s, s.battle.world["b"].pos))
    assert [c.action for c in s.session.played] == ["charge", "fire"], "a click after that is the archer's"
