"""The menu's hot-seat players' names (issue 22): P, then each seat's name in turn (Enter goes on
to the next seat, Esc leaves them as they were); kept in the settings, as the hand-over's N does."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.home.player_names import name_problem
from game.ui.battle.players import typed_key

if TYPE_CHECKING:
    from game.ui.app import App

TIP = "The players' names, seat by seat (the map's first side, its second...): shown on the hand-over and the result"


class PlayersField:
    """The names being typed: the seat at, and the names so far."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.names: list[str] | None = None  # while typing
        self.seat = 0

    @property
    def typing(self) -> bool:
        return self.names is not None

    def label(self, seats: int) -> str:
        if self.names is not None:
            shown = [*self.names[: self.seat], self.names[self.seat] + "_"]
            return "Players: " + ", ".join(n or "-" for n in shown)
        kept = list(self.app.settings.players[:seats])
        return "Players: " + (", ".join(n or "-" for n in kept) if any(kept) else "unnamed")

    def begin(self, seats: int) -> None:
        kept = list(self.app.settings.players[:seats])
        self.names, self.seat = kept + [""] * (seats - len(kept)), 0

    def key(self, event: pygame.event.Event) -> None:
        """Enter: the next seat, or done after the last; Esc: leave the names as they were."""
        names = self.names
        if names is None:
            return
        if event.key == pygame.K_ESCAPE:
            self.names = None
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            names[self.seat] = " ".join(names[self.seat].split())
            if name_problem(names[self.seat]) is None and self.seat + 1 < len(names):
                self.seat += 1
            elif name_problem(names[self.seat]) is None:
                kept = list(self.app.settings.players) + [""] * len(names)
                kept[: len(names)] = names
                while kept and not kept[-1]:
                    kept.pop()
                self.app.remember(players=tuple(kept))
                self.names = None
        else:
            names[self.seat] = typed_key(names[self.seat], event.unicode, event.key == pygame.K_BACKSPACE)
