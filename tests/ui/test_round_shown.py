"""Issue 22: while a round's end still plays out on the board, the battle has begun the next round;
what the window says of "the round" follows the board, not the battle (the pause menu said
"round 2" during round 1's end)."""

from __future__ import annotations

import pygame

from game.core.events import Initiative
from game.ui.draw.draw_initiative import shown_initiative
from game.ui.menus.pause import PauseScreen
from tests.helpers import unit
from tests.ui.drive import app, key, on_board, settle


def test_the_pause_menu_names_the_round_the_board_shows():
    a = app()
    s = on_board(
        a,
        [unit("a", "blue", "fighter1", (2, 2), "E"), unit("o", "red", "orc", (8, 6), "W")],
        dice={"initiative a": [10, 5], "initiative o": [1, 5]},  # rounds 1 and 2
    )
    s.view.pause_on_steps = True  # the round's end waits on each step: round 1 stays on the board
    settle(a, s)
    key(a, pygame.K_h)
    for _ in range(400):
        if s.battle.round == 2:
            break
        a.step(0.05)
    assert s.battle.round == 2 and s.view.round == 1
    assert PauseScreen(a, s).where() == "test board — round 1"


def test_the_initiative_track_shows_the_order_of_the_round_the_board_shows():
    a = app()
    s = on_board(
        a,
        [unit("a", "blue", "fighter1", (2, 2), "E"), unit("o", "red", "orc", (8, 6), "W")],
        dice={"initiative a": [10, 1], "initiative o": [1, 10]},  # a first in round 1, o in round 2
    )
    s.view.pause_on_steps = True
    settle(a, s)
    key(a, pygame.K_h)
    for _ in range(400):
        if s.battle.round == 2:
            break
        a.step(0.05)
    assert s.battle.round == 2 and s.view.round == 1
    assert [e.round for e in s.battle.events if isinstance(e, Initiative)] == [1, 2]  # the next is rolled
    ini = shown_initiative(s)
    assert ini is not None and ini.round == 1 and ini.order[0] == ("a",)
