"""Play online (issue 21): the main menu's way into `rout join`: the host's address and join
code typed in, then the battle's window once the host has welcomed this Rout (the connection
is made on a thread: the screen keeps drawing while it waits)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.net.address import host_port
from game.net.joining import JoinPlan
from game.ui.common import theme
from game.ui.common.widgets import text
from game.ui.navigation import ToMenu, go
from game.ui.net_window import Joining

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.navigation import ToOnline
    from game.ui.screen import Screen

FIELDS = ("address", "code")
LONGEST = 64


class OnlineScreen:
    def __init__(self, app: App) -> None:
        self.app = app
        self.typed = {"address": "", "code": ""}
        self.field = "address"
        self.message = "the host's address (HOST:PORT) and join code; Tab: the other field, Enter: join, Esc: back"
        self.joining: Joining | None = None

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_ESCAPE:
            self.close()
            return go(self.app, ToMenu())
        if self.joining is not None:
            return None
        if event.key == pygame.K_TAB:
            self.field = FIELDS[(FIELDS.index(self.field) + 1) % len(FIELDS)]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._join()
        elif event.key == pygame.K_BACKSPACE:
            self.typed[self.field] = self.typed[self.field][:-1]
        elif event.unicode and event.unicode.isprintable() and len(self.typed[self.field]) < LONGEST:
            self.typed[self.field] += event.unicode.strip()
        return None

    def _join(self) -> None:
        address, code = self.typed["address"], self.typed["code"]
        if ":" not in address or not code:
            self.message = "give the host's address as HOST:PORT, and the join code"
            return
        try:
            host_port(address)  # as rout join's: one the URL parser refuses never reaches it
        except ValueError as e:
            self.message = str(e)
            return
        self.message = f"joining {address} ..."
        self.joining = Joining(JoinPlan(address, code))

    def update(self, dt: float) -> Screen | None:
        if self.joining is None:
            return None
        opened = self.joining.screen(self.app)
        if isinstance(opened, str):
            self.message, self.joining = opened or "the host did not welcome this Rout", None
            return None
        return opened

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        text(surface, "Play online", (w // 2, 60), 34, theme.TEXT, True, "midtop")
        for i, name in enumerate(FIELDS):
            y = 150 + 60 * i
            box = pygame.Rect(w // 2 - 220, y, 440, 40)
            pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2 if name == self.field else 1, border_radius=5)
            text(
                surface,
                "Address" if name == "address" else "Join code",
                (box.x - 12, box.centery),
                20,
                theme.TEXT_DIM,
                anchor="midright",
            )
            caret = "_" if name == self.field and self.joining is None else ""
            text(surface, self.typed[name] + caret, (box.x + 10, box.centery), 22, theme.TEXT, anchor="midleft")
        text(surface, self.message, (w // 2, 290), 18, theme.TEXT_WARN, anchor="midtop")

    def resize(self, w: int, h: int) -> None:
        pass

    def close(self) -> None:
        if self.joining is not None:
            self.joining.give_up()


def opened(app: App, request: ToOnline) -> OnlineScreen:
    return OnlineScreen(app)
