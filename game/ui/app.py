"""The window and its loop: a stack-free chain of screens, each returning the next one."""

from __future__ import annotations

import gc
import os
import sys
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.home.settings import MAX_WINDOW, MIN_WINDOW, Settings, save_settings
from game.ui.common import help_overlay, theme
from game.ui.common.sound import Sound

if TYPE_CHECKING:
    from game.ui.screen import Screen

CALM = 0.5  # seconds a dragged window's size must hold before it is written down
F11_SETTLE = 0.5  # seconds after a full-screen switch in which F11 does not switch again
# The least room the UI scale leaves the screens: the smallest size at which every screen is laid
# out without overflow (tests/ui/test_small_window_bar.py, tests/ui/test_ui_scale.py).
SCALED_ROOM = (1024, 600)


class App:
    """Owns the window. Screens handle events, update and draw; a screen that returns another
    screen from handle() or update() hands over to it.

    With `settings` (from game/home/settings.py) the window opens at their size, full screen or not,
    and every change to them is written to the settings file; without, the defaults are used
    and nothing is written (screenshots, tests)."""

    def __init__(
        self, size: tuple[int, int] | None = None, headless: bool = False, settings: Settings | None = None
    ) -> None:
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
        self.settings = settings or Settings()
        self.remembers = settings is not None
        theme.use(self.settings.palette)
        self._stored, self._unstored_for = self.settings, 0.0
        self.fullscreen = size is None and self.settings.fullscreen
        self._windowed_at: tuple[int, int] | None = None  # where the window was before full screen
        self._switched_at = -F11_SETTLE  # when F11 last switched full screen (time.monotonic())
        if self.fullscreen:
            self.window = _full_screen()
        else:
            self.window = pygame.display.set_mode(size or self._opening_size(), pygame.RESIZABLE)
        pygame.display.set_caption("Rout")
        self.size = self.window.get_size()  # the screens' room: the window's size over the UI scale
        self.scale = 1.0
        self._canvas: pygame.Surface | None = None
        self.screen: Screen | None = None
        self.refit()
        self.sound = Sound(self.settings, silent=headless)
        self.clock = pygame.time.Clock()
        self.running = True
        self.mouse_driven = True
        self.help_open = False  # F1: the keys of the screen shown, over it
        # The AI thinks in a worker process (battle/ai_worker.py) whose answers the executor's own thread
        # carries back: hand the interpreter between that thread and the window often.
        sys.setswitchinterval(0.001)

    def show(self, screen: Screen) -> None:
        self.screen = screen
        # A calm moment: collect everything now (the screen just left included) and set what
        # survives aside, so the collector's occasional full pass during play looks only at what
        # the battle adds since (a full pass over everything took 28 ms: two frames).
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def _opening_size(self) -> tuple[int, int]:
        """The remembered window size, made to fit on the screen (a headless window has none)."""
        return self._fit((self.settings.window_width, self.settings.window_height))

    def _fit(self, size: tuple[int, int]) -> tuple[int, int]:
        desktops = [] if self.headless else pygame.display.get_desktop_sizes()
        return fitted(size, desktops[0] if desktops else None)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self._windowed_at = _placed()
            self.window = _full_screen()
        else:
            self.window = pygame.display.set_mode(self._opening_size(), pygame.RESIZABLE)
            if self._windowed_at is not None:  # back where it was, not lower each time (issue 22)
                _place(self._windowed_at)
        self.remember(fullscreen=self.fullscreen)
        self._resized()

    def _resized(self) -> None:
        if not self.fullscreen:
            # Kept in memory at once, written once the size holds still (a drag sends many).
            sized = zip(self.window.get_size(), MIN_WINDOW, strict=True)
            w, h = (min(max(n, low), MAX_WINDOW) for n, low in sized)
            self.settings = replace(self.settings, window_width=w, window_height=h)
        self.refit()

    def refit(self) -> None:
        """Lay the screens out anew for the window's size and the UI scale the settings ask for.

        The screens draw on a canvas the window's size over the scale, which the window shows
        enlarged: text, panels and tokens grow together, and what fits the canvas fits the window
        (issue 22). The scale is capped so that the canvas keeps SCALED_ROOM."""
        win = self.window.get_size()
        self.scale = capped_scale(self.settings.ui_scale, win)
        self.size = (round(win[0] / self.scale), round(win[1] / self.scale)) if self.scale > 1 else win
        self._canvas = pygame.Surface(self.size, 0, 32) if self.scale > 1 else None
        if self.screen is not None:
            self.screen.resize(*self.size)

    @property
    def canvas(self) -> pygame.Surface:
        """What the screens draw on: the window itself at UI scale 1."""
        return self._canvas or self.window

    def resize_window(self, size: tuple[int, int]) -> None:
        """A window of this size (the settings screen's choice), a window again if full screen."""
        self.window = pygame.display.set_mode(self._fit(size), pygame.RESIZABLE)
        self.fullscreen = False
        self._resized()
        self.remember(fullscreen=False)  # and the size: chosen, not dragged, so written at once

    def remember(self, **changes: Any) -> None:
        """Change settings (game/home/settings.py's names) and write them down if they changed."""
        self.settings = self.settings.changed(**changes)
        self.sound.heed(self.settings)
        theme.use(self.settings.palette)
        self.store()

    def store(self) -> None:
        """Write the settings if they differ from the file's; a failure is said once, on stderr,
        and the game goes on with them in memory."""
        self._unstored_for = 0.0
        if not self.remembers or self.settings == self._stored:
            self._stored = self.settings
            return
        try:
            save_settings(self.settings)
        except OSError as e:
            print(f"rout: cannot save the settings ({e}); they last until the window closes", file=sys.stderr)
            self.remembers = False
        self._stored = self.settings

    def quit(self) -> None:
        self.running = False

    def dispatch(self, event: pygame.event.Event) -> None:
        event = self._on_canvas(event)
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
        if self._every_screen(event):
            return
        nxt = self.screen.handle(event) if self.screen is not None else None
        if nxt is not None:
            self.show(nxt)

    def _on_canvas(self, event: pygame.event.Event) -> pygame.event.Event:
        """A pointer event with its position on the canvas the screens draw on (the UI scale)."""
        if self.scale == 1 or "pos" not in event.dict:
            return event
        d = dict(event.dict)
        d["pos"] = (int(d["pos"][0] / self.scale), int(d["pos"][1] / self.scale))
        if "rel" in d:
            d["rel"] = (round(d["rel"][0] / self.scale), round(d["rel"][1] / self.scale))
        return pygame.event.Event(event.type, d)

    def _every_screen(self, event: pygame.event.Event) -> bool:
        """F1 (the screen's keys), F8 (sound on or off) and F11 (full screen) work on every screen;
        while the keys show, the next key or click only closes them. Whether the event was taken here."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            # The switch replaces the window, and the key's release can go to the old one; the
            # presses that follow it on the new window then come as fresh ones, and the screen
            # flipped back and forth (seen under Xvfb on a loaded machine): one switch a moment.
            now = time.monotonic()
            if now - self._switched_at >= F11_SETTLE:
                self._switched_at = now
                self.toggle_fullscreen()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F8:
            self.remember(mute=not self.settings.mute)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and not getattr(self.screen, "OWN_F1", False):
            self.help_open = not self.help_open
            return True
        if self.help_open and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.help_open = False
            return True
        return False

    def step(self, dt: float) -> None:
        """One frame: events, update, draw. Tests call this directly."""
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        if self.settings != self._stored:
            self._unstored_for += dt
            if self._unstored_for >= CALM:
                self.store()
        if self.screen is None:
            return
        nxt = self.screen.update(dt)
        if nxt is not None:
            self.show(nxt)
        self.paint()
        pygame.display.flip()

    def paint(self, background: tuple[int, int, int] = theme.PANEL_BG) -> None:
        """Draw the screen shown into the window, enlarged by the UI scale."""
        if self.screen is None:
            return
        canvas = self.canvas
        canvas.fill(background)
        self.screen.draw(canvas)
        if self.help_open:
            help_overlay.draw(canvas, help_overlay.sections_for(self.screen))
        if canvas is not self.window:
            # A whole scale doubles pixels: crisp, and half the time of smoothing (8 ms against 18 ms
            # for 2560x1440 here); a fractional one is smoothed, or its letters would be uneven.
            enlarge = pygame.transform.scale if self.scale.is_integer() else pygame.transform.smoothscale
            enlarge(canvas, self.window.get_size(), self.window)

    def run(self) -> int:
        while self.running:
            dt = self.clock.tick(60) / 1000.0
            self.step(min(dt, 0.1))
        if self.screen is not None:
            self.screen.close()
        self.store()
        self.sound.close()
        pygame.quit()
        return 0


def capped_scale(chosen: float, window: tuple[int, int]) -> float:
    """The UI scale drawn at: the one chosen, but no larger than leaves the screens SCALED_ROOM
    (at 1280x720 at most 1.2, at 1920x1080 1.8, from 2048x1200 up 2), and never below 1."""
    room = min(window[0] / SCALED_ROOM[0], window[1] / SCALED_ROOM[1])
    return max(1.0, min(chosen, room))


def _full_screen() -> pygame.Surface:
    """The window over the whole screen, its corner on the screen's: with no window manager to
    place it, X leaves the window where the windowed one was, and the bottom bar fell off the
    screen (issue 22: 40 px down, under Xvfb). Moved once full screen, SDL thinks it done and X
    does not; moved first, the full-screen window starts at the corner."""
    _place((0, 0))
    return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)


def _placed() -> tuple[int, int] | None:
    """Where the window is on the screen, if the display can say."""
    try:
        return pygame.display.get_window_position()
    except pygame.error:
        return None


def _place(at: tuple[int, int]) -> None:
    try:
        if pygame.display.get_window_position() != at:
            pygame.display.set_window_position(at)
    except pygame.error:
        pass  # a display with no window positions (the headless one): nothing to place


def fitted(size: tuple[int, int], screen: tuple[int, int] | None) -> tuple[int, int]:
    """The size no larger than the screen, nor smaller than the least the screens are drawn for
    (unless the screen itself is smaller)."""
    if screen is None:
        return size
    return (
        min(max(size[0], MIN_WINDOW[0]), screen[0]),
        min(max(size[1], MIN_WINDOW[1]), screen[1]),
    )
