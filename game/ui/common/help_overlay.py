"""F1 on any screen: the keys and mouse actions of that screen, over it, until the next key or
click (F11, full screen, works on every screen too: game/ui/app.py)."""

from __future__ import annotations

import pygame

from game.ui.common import help_keys, theme
from game.ui.common.widgets import font, text, wrap

Sections = list[tuple[str, list[tuple[str, str]]]]


def sections_for(screen: object) -> Sections:
    """The screen's own help (its HELP), and the keys every screen has."""
    own: Sections = list(getattr(screen, "HELP", None) or [])
    return [*own, ("Every screen", help_keys.EVERY_SCREEN)]


def draw(surface: pygame.Surface, sections: Sections) -> None:
    """The sections in two columns on a panel over the screen, the screen dimmed behind."""
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, (0, 0))
    panel = pygame.Rect(0, 0, min(w - 40, 980), h - 40)
    panel.center = (w // 2, h // 2)
    pygame.draw.rect(surface, theme.PANEL_BG, panel, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, panel, 2, border_radius=10)
    draw_table(surface, panel, sections, "Keys and mouse")
    text(
        surface, "any key or click closes this", (panel.centerx, panel.bottom - 26), 17, theme.TEXT_DIM, anchor="midtop"
    )


def draw_table(surface: pygame.Surface, panel: pygame.Rect, sections: Sections, title: str) -> None:
    """The sections in two columns split where the columns come out evenest, in the largest
    size at which both fit the panel; what still does not fit is left out rather than drawn over
    its edge."""
    text(surface, title, (panel.centerx, panel.y + 14), 34, theme.TEXT, True, "midtop")
    col_w = (panel.w - 80) // 2
    size, columns, _ = layout(sections, panel)
    for c, column in enumerate(columns):
        if column:
            _draw_column(
                surface, column, size, (panel.x + 30 + c * (col_w + 20), panel.y + 60), col_w, panel.bottom - 34
            )


def layout(sections: Sections, panel: pygame.Rect) -> tuple[int, tuple[Sections, Sections], bool]:
    """The text size, the two columns, and whether they fit the panel whole."""
    col_w, room = (panel.w - 80) // 2, panel.h - 94
    for size in (19, 17, 15, 13):
        columns = _columns(sections, size, col_w)
        if max(_height(col, size, col_w) for col in columns) <= room:
            return size, columns, True
    return size, columns, False


def _keys_width(column: Sections, size: int) -> int:
    return max((font(size, True).size(keys)[0] for _, rows in column for keys, _ in rows), default=0) + 16


def _height(column: Sections, size: int, col_w: int) -> int:
    keys_w, line = _keys_width(column, size), size + 1
    rows = sum(len(wrap(what, size, col_w - keys_w)) * line + 2 for _, rows in column for _, what in rows)
    return rows + len(column) * (size + 7 + 12)


def _columns(sections: Sections, size: int, col_w: int) -> tuple[Sections, Sections]:
    """The split into a left and a right column (the sections' order kept) with the lower taller one."""
    splits = [(sections[:i], sections[i:]) for i in range(len(sections) + 1)]
    return min(splits, key=lambda lr: max(_height(lr[0], size, col_w), _height(lr[1], size, col_w)))


def _draw_column(
    surface: pygame.Surface, column: Sections, size: int, at: tuple[int, int], col_w: int, bottom: int
) -> None:
    x, y = at
    keys_w, line = _keys_width(column, size), size + 1
    for heading, rows in column:
        text(surface, heading, (x, y), size + 3, theme.HIGHLIGHT, True)
        y += size + 7
        for keys, what in rows:
            lines = wrap(what, size, col_w - keys_w)
            if y + line * len(lines) > bottom:
                break
            text(surface, keys, (x, y), size, theme.TEXT, True)
            for one in lines:
                text(surface, one, (x + keys_w, y), size, theme.TEXT_DIM)
                y += line
            y += 2
        y += 12
