"""Hot-seat: a screen between human sides so one player does not see the other's plans."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.widgets import text

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.battle_screen import BattleScreen
    from game.ui.screen import Screen


class HandoverScreen:
    def __init__(self, app: App, battle_screen: BattleScreen, side: str) -> None:
        self.app, self.battle_screen, self.side = app, battle_screen, side

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return self.battle_screen
        return None

    def update(self, dt: float) -> Screen | None:
        return None

    def resize(self, w: int, h: int) -> None:
        self.battle_screen.resize(w, h)

    def close(self) -> None:
        self.battle_screen.close()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill((12, 14, 20))
        colour = self.battle_screen.side_colour.get(self.side, theme.TEXT)
        text(surface, f"{self.side.capitalize()}'s turn", (w // 2, h // 2 - 30), 64, colour, True, "center")
        text(
            surface,
            "hand over the controls — press a key or click",
            (w // 2, h // 2 + 30),
            26,
            theme.TEXT_DIM,
            anchor="center",
        )
