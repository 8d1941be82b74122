"""F1 on any screen: the keys and mouse actions of that screen, over it, until the next key or
click (F11, full screen, works on every screen too: game/ui/app.py)."""

from __future__ import annotations

import pygame

from game.ui import help_keys, theme
from game.ui.widgets import font, text, wrap

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
    """The sections in two columns, each column's keys as wide as its widest; what does not fit
    the panel's height is left out rather than drawn over its edge."""
    text(surface, title, (panel.centerx, panel.y + 14), 34, theme.TEXT, True, "midtop")
    col_w = (panel.w - 80) // 2
    half = (len(sections) + 1) // 2
    for c, column in enumerate((sections[:half], sections[half:])):
        if not column:
            continue
        x, y = panel.x + 30 + c * (col_w + 20), panel.y + 60
        keys_w = max(font(19, True).size(keys)[0] for _, rows in column for keys, _ in rows) + 16
        for heading, rows in column:
            text(surface, heading, (x, y), 22, theme.HIGHLIGHT, True)
            y += 26
            for keys, what in rows:
                lines = wrap(what, 19, col_w - keys_w)
                if y + 20 * len(lines) > panel.bottom - 34:
                    break
                text(surface, keys, (x, y), 19, theme.TEXT, True)
                for line in lines:
                    text(surface, line, (x + keys_w, y), 19, theme.TEXT_DIM)
                    y += 20
                y += 2
            y += 12
