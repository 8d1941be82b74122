"""F1's help shows every key of every screen whole (issue 13: "F1 shows the keys and mouse actions
of that screen"): at 1280x720 and 1024x600 each screen's sections fit its panel, the text
getting smaller before anything is left out."""

from __future__ import annotations

import pygame
import pytest

from game.ui.common import help_keys, help_overlay
from game.ui.menus import menu_keys

SCREENS = {
    "battle": help_keys.HELP,
    "menu": menu_keys.sheet(),
    "sandbox": help_keys.SANDBOX,
    "sandbox fight": help_keys.SANDBOX_BATTLE,
    "replay viewer": help_keys.VIEWER,
    "hand-over": help_keys.HANDOVER,
    "result": help_keys.RESULT,
}


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_key_of_the_screen_fits_its_help_panel(screen, size):
    w, h = size
    panel = pygame.Rect(0, 0, min(w - 40, 980), h - 40)  # as help_overlay.draw places it
    sections = [*SCREENS[screen], ("Every screen", help_keys.EVERY_SCREEN)]
    text_size, columns, fits = help_overlay.layout(sections, panel)
    assert fits, f"{screen} at {w}x{h}: the help does not fit even at size {text_size}"
    assert [s for col in columns for s in col] == sections, "every section, in order"
    assert text_size >= 13
