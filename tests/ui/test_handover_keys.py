"""Issue 22: F1 on the hand-over and result screens listed only F1 and F11, and Esc on the
hand-over started play (the board shown to whoever pressed it)."""

from __future__ import annotations

import pygame

from game.core.battle import Battle
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.handover import HandoverScreen
from game.ui.common import help_keys, help_overlay
from game.ui.menus.result import ResultScreen
from tests.helpers import ScriptedRng, board, unit
from tests.ui.drive import app, key, settle


def _hotseat(a):
    sc = board([unit("a", "blue", "fighter1", (2, 4), "E"), unit("b", "red", "orc", (7, 4), "W")], width=10, height=9)
    controllers = {"blue": "human", "red": "human"}
    battle = Battle(sc, seed=1, rng=ScriptedRng([10, 1]), controllers=controllers)
    s = BattleScreen(a, sc, controllers=controllers, threaded=False, battle=battle)
    s.speed_i = 4
    a.show(s)
    settle(a, s)
    assert isinstance(a.screen, HandoverScreen)
    return s


def test_esc_on_the_hand_over_stays_and_says_how_to_go_on():
    a = app()
    s = _hotseat(a)
    handover = a.screen
    key(a, pygame.K_ESCAPE)
    assert a.screen is handover
    assert "another key" in handover.said
    key(a, pygame.K_SPACE)
    assert a.screen is s


def test_f1_on_the_hand_over_and_the_result_lists_their_own_keys():
    assert help_overlay.sections_for(HandoverScreen)[0] == help_keys.HANDOVER[0]
    assert help_overlay.sections_for(ResultScreen)[0] == help_keys.RESULT[0]
    a = app()
    _hotseat(a)
    key(a, pygame.K_F1)
    assert a.help_open
    shown = help_overlay.sections_for(a.screen)
    assert any(keys == "R" for _, rows in shown for keys, _ in rows)
