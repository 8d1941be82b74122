"""What the window asks of every screen (menu, battle, hand-over, result)."""

from __future__ import annotations

from typing import Protocol

import pygame


class Screen(Protocol):
    """A state of the window: it reacts to input and time, and hands over by returning the next screen."""

    def handle(self, event: pygame.event.Event) -> Screen | None:
        """React to one input event; return the screen to show next, if it changes."""
        ...

    def update(self, dt: float) -> Screen | None:
        """Advance by dt seconds; return the screen to show next, if it changes."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the screen; read its state, never change it."""
        ...

    def resize(self, w: int, h: int) -> None:
        """Fit the new window size."""
        ...

    def close(self) -> None:
        """Release what the screen holds (worker processes) when the window closes."""
        ...
