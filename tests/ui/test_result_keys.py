"""Issue 37, bug 2: Enter on the result screen started "Same battle again" at once, and Enter also
confirms attacks and lesson cards, so one Enter too many threw the result (and "Next lesson")
away. The result ignores keys for a moment after it opens, Enter never restarts, and the key
that does (A) is on its button."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.battle.battle_screen import BattleScreen
from game.ui.common.after_battle import DEAF_FOR
from game.ui.menus.result import ResultScreen
from tests.ui.drive import app, key, played_to_result

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.tmx"


def test_keys_pressed_as_the_result_opens_throw_nothing_away_and_enter_never_restarts():
    a = app()
    ended = played_to_result(a, DUEL)
    result = a.screen
    assert isinstance(result, ResultScreen)
    for k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_a, pygame.K_n, pygame.K_RETURN):
        key(a, k)  # a frame each (16 ms): the Enter that ended the battle, pressed once too often
    assert a.screen is result and result.message == ""
    for _ in range(round(DEAF_FOR / 0.1) + 1):  # frames of the window's own time, no sleep
        a.step(0.1)
    key(a, pygame.K_RETURN)
    assert a.screen is result, "Enter confirms nothing on the result screen"
    assert result.message.startswith("A plays again")
    again = next(b for b in result.buttons if b.label == "Play again")
    assert again.key_hint == "A"
    key(a, pygame.K_a)
    assert isinstance(a.screen, BattleScreen) and a.screen is not ended
    assert a.screen.session.seed == ended.session.seed + 1
    a.screen.close()
