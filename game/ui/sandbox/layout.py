"""Where the sandbox's side panel and its list of kinds sit in a window of a given size."""

from __future__ import annotations

import pygame

from game.ui.common import theme

ROW = 24  # a kind's line in the list
UNIT_BOX = 262  # the selected unit's part of the panel


def panel_rect(size: tuple[int, int]) -> pygame.Rect:
    w, h = size
    return pygame.Rect(w - theme.SIDE_PANEL, theme.TOP_BAR, theme.SIDE_PANEL, h - theme.TOP_BAR - theme.BOTTOM_BAR)


def list_rect(size: tuple[int, int]) -> pygame.Rect:
    p = panel_rect(size)
    return pygame.Rect(p.x + 8, p.y + 70, p.w - 16, max(ROW, p.h - 78 - UNIT_BOX))


def list_rows(size: tuple[int, int]) -> int:
    """How many kinds the list shows at once."""
    return max(1, list_rect(size).h // ROW)
