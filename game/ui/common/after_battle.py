"""What the screens after a battle share (the result, game/ui/menus/result.py; a campaign's debrief,
game/ui/campaign/debrief.py): buttons answer clicks at once, keys only once the screen has been
shown DEAF_FOR seconds, so that the Enter or Space pressed as the battle ended does not skip the
screen before it is read."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

if TYPE_CHECKING:
    from game.ui.common.widgets import Button
    from game.ui.screen import Screen

DEAF_FOR = 0.8  # seconds: longer than a key held through the battle's last frames, shorter than reading a title


class AfterBattle:
    """The input of a screen after a battle; a screen gives its `buttons` and what a key does."""

    mouse: tuple[int, int] = (0, 0)
    shown_for = 0.0  # seconds since it opened: keys count from DEAF_FOR on

    @property
    def buttons(self) -> list[Button]:
        raise NotImplementedError

    def key(self, k: int) -> Screen | None:
        """What a key heard does (the screen's own)."""
        raise NotImplementedError

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    return cast("Screen | None", b.action())
        elif event.type == pygame.KEYDOWN and self.shown_for >= DEAF_FOR:
            return self.key(event.key)
        return None

    def update(self, dt: float) -> Screen | None:
        self.shown_for += dt
        return None
