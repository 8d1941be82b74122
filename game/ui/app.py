"""The window and its loop: a stack-free chain of screens, each returning the next one."""

from __future__ import annotations

import gc
import os
import sys
from typing import TYPE_CHECKING

import pygame

from game.ui import theme

if TYPE_CHECKING:
    from game.ui.screen import Screen

DEFAULT_SIZE = (1280, 720)


class App:
    """Owns the window. Screens handle events, update and draw; a screen that returns another
    screen from handle() or update() hands over to it."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, headless: bool = False) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.display.init()
        if not headless and pygame.display.get_driver() in ("offscreen", "dummy"):
            # SDL falls back to an invisible window when there is no display: say so instead.
            pygame.display.quit()
            raise pygame.error("no display to show the window on (is DISPLAY or WAYLAND_DISPLAY set?)")
        pygame.font.init()
        self.headless = headless
        self.fullscreen = False
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Rout")
        self.size = self.window.get_size()
        self.clock = pygame.time.Clock()
        self.screen: Screen | None = None
        self.running = True
        self.mouse_driven = True
        # The AI thinks in a worker thread; hand the interpreter back to the window often.
        sys.setswitchinterval(0.001)

    def show(self, screen: Screen) -> None:
        self.screen = screen
        # A calm moment: collect everything now (the screen just left included) and set what
        # survives aside, so the collector's occasional full pass during play looks only at what
        # the battle adds since (a full pass over everything took 28 ms: two frames).
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(DEFAULT_SIZE, pygame.RESIZABLE)
        self._resized()

    def _resized(self) -> None:
        self.size = self.window.get_size()
        if self.screen is not None:
            self.screen.resize(*self.size)

    def quit(self) -> None:
        self.running = False

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.window = pygame.display.get_surface() or self.window
            self._resized()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse_driven = True
        elif event.type == pygame.KEYDOWN:
            self.mouse_driven = False
        nxt = self.screen.handle(event) if self.screen is not None else None
        if nxt is not None:
            self.show(nxt)

    def step(self, dt: float) -> None:
        """One frame: events, update, draw. Tests call this directly."""
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        if self.screen is None:
            return
        nxt = self.screen.update(dt)
        if nxt is not None:
            self.show(nxt)
        self.window.fill(theme.PANEL_BG)
        self.screen.draw(self.window)
        pygame.display.flip()

    def run(self) -> int:
        while self.running:
            dt = self.clock.tick(60) / 1000.0
            self.step(min(dt, 0.1))
        if self.screen is not None:
            self.screen.close()
        pygame.quit()
        return 0
