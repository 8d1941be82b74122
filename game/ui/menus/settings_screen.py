"""The settings screen, from the main menu or the pause menu: one row a setting (declared in
settings_rows.py), each change taking effect at once and saved. Up/Down pick a row, Left/Right
(or a click on its arrows) change it, Esc goes back to the screen it was opened from."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.common import help_keys, theme
from game.ui.common.widgets import Button, font, text, wrap
from game.ui.menus.settings_rows import ROWS, Row
from game.ui.navigation import ToSettings

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

ROW_H, ARROW, VALUE_W = 34, 30, 300  # a row's height, an arrow's width, the value's box
HEAD, FOOT = 60, 92  # the title above the rows; the help line and Back below them
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE)


class SettingsScreen:
    HELP = help_keys.SETTINGS  # F1

    def __init__(self, app: App, back: Screen) -> None:
        self.app, self.back = app, back
        self.rows: list[Row] = list(ROWS)
        self.index = 0  # the row chosen
        self.top = 0  # the first row in sight: the list scrolls when the window is short
        self.mouse = (-1, -1)

    # -- layout ------------------------------------------------------------------------

    def panel(self) -> pygame.Rect:
        w, h = self.app.size
        r = pygame.Rect(0, 0, min(w - 24, 640), min(h - 24, HEAD + FOOT + ROW_H * len(self.rows)))
        r.center = (w // 2, h // 2)
        return r

    def in_sight(self) -> int:
        """How many rows the panel shows at once."""
        return max(1, (self.panel().h - HEAD - FOOT) // ROW_H)

    def row_rects(self) -> dict[int, pygame.Rect]:
        """Where each row in sight sits, by its place in the list."""
        p, n = self.panel(), self.in_sight()
        self.top = min(max(self.top, self.index - n + 1), self.index, max(0, len(self.rows) - n))
        shown = range(self.top, min(self.top + n, len(self.rows)))
        return {i: pygame.Rect(p.x + 14, p.y + HEAD + ROW_H * (i - self.top), p.w - 28, ROW_H - 4) for i in shown}

    def value_box(self, row: pygame.Rect) -> pygame.Rect:
        width = min(VALUE_W, row.w // 2)
        return pygame.Rect(row.right - width, row.y, width, row.h)

    def back_button(self) -> Button:
        b = Button("Back", "Esc", self.leave)
        p = self.panel()
        b.rect = pygame.Rect(p.centerx - 80, p.bottom - 42, 160, 32)
        return b

    # -- changing ----------------------------------------------------------------------

    def change(self, by: int) -> None:
        """Step the chosen row's value, and carry it to a battle paused behind."""
        self.rows[self.index].step(self.app, by)
        battle = getattr(self.back, "bs", None)  # the pause menu's battle screen
        if battle is not None:
            battle.take_speed()

    def leave(self) -> Screen:
        self.back.resize(*self.app.size)  # the UI scale may have changed the room it has
        return self.back

    # -- the screen --------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.index = next((i for i, r in self.row_rects().items() if r.collidepoint(event.pos)), self.index)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.index = min(max(self.index - event.y, 0), len(self.rows) - 1)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return None

    def _click(self, pos: tuple[int, int]) -> Screen | None:
        if self.back_button().hit(pos):
            return self.leave()
        for i, r in self.row_rects().items():
            if r.collidepoint(pos):
                self.index = i
                box = self.value_box(r)
                self.change(-1 if pos[0] < box.x + ARROW and pos[0] >= box.x else 1)
        return None

    def _key(self, k: int) -> Screen | None:
        if k in BACK_KEYS:
            return self.leave()
        if k == pygame.K_UP:
            self.index = (self.index - 1) % len(self.rows)
        elif k == pygame.K_DOWN:
            self.index = (self.index + 1) % len(self.rows)
        elif k == pygame.K_LEFT:
            self.change(-1)
        elif k in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.change(1)
        return None

    def update(self, dt: float) -> Screen | None:
        return None  # a battle behind waits, as under the pause menu

    def resize(self, w: int, h: int) -> None:
        self.back.resize(w, h)

    def close(self) -> None:
        self.back.close()

    def draw(self, surface: pygame.Surface) -> None:
        self.back.draw(surface)  # what the settings change shows behind, live
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        p = self.panel()
        pygame.draw.rect(surface, theme.PANEL_BG, p, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, p, 2, border_radius=10)
        text(surface, "Settings", (p.centerx, p.y + 14), 40, theme.TEXT, True, "midtop")
        rects = self.row_rects()
        for i, r in rects.items():
            self._draw_row(surface, self.rows[i], r, chosen=i == self.index)
        if self.top > 0:
            text(surface, f"{self.top} more above", (p.right - 16, p.y + 44), 16, theme.TEXT_DIM, anchor="topright")
        below = len(self.rows) - self.top - len(rects)
        if below > 0:
            bottom = p.y + HEAD + ROW_H * len(rects)
            text(surface, f"{below} more below", (p.right - 16, bottom - 2), 16, theme.TEXT_DIM, anchor="topright")
        words = wrap(self.rows[self.index].help, 18, p.w - 32)[:2]
        for n, line in enumerate(words):
            text(surface, line, (p.centerx, p.bottom - FOOT + 10 + 19 * n), 18, theme.TEXT_DIM, anchor="midtop")
        self.back_button().draw(surface, self.mouse)

    def _draw_row(self, surface: pygame.Surface, row: Row, r: pygame.Rect, chosen: bool) -> None:
        pygame.draw.rect(surface, theme.BUTTON_ACTIVE if chosen else theme.BUTTON, r, border_radius=6)
        text(surface, row.label, (r.x + 10, r.centery), 21, theme.TEXT, anchor="midleft")
        box = self.value_box(r)
        pygame.draw.rect(surface, theme.PANEL_BG, box.inflate(-4, -6), border_radius=5)
        text(surface, "<", (box.x + ARROW // 2, box.centery), 24, theme.HIGHLIGHT, True, "center")
        text(surface, ">", (box.right - ARROW // 2, box.centery), 24, theme.HIGHLIGHT, True, "center")
        shown = row.shown(self.app, row.value(self.app))
        size = 20
        while size > 13 and text_width(shown, size) > box.w - 2 * ARROW - 8:
            size -= 1  # a long value (a capped scale) in smaller letters, never past its box
        text(surface, shown, box.center, size, theme.TEXT, anchor="center")


def text_width(words: str, size: int) -> int:
    return font(size).size(words)[0]


def opened(app: App, request: ToSettings) -> Screen:
    """The settings over `request.back`, the screen Esc returns to (navigation.go's builder)."""
    return SettingsScreen(app, request.back)
