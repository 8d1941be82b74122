"""The settings screen's rows, each declared once: what it shows, the values it steps through
and how a new value takes effect. The screen (settings_screen.py), its keys and its tests read
this list alone; a new setting is one more row here (and its field in game/home/settings.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import game.home.settings as settings_module
from game.home.settings import SPEEDS, UI_SCALES

if TYPE_CHECKING:
    from game.ui.app import App

WINDOW_SIZES = ((1024, 600), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
VOLUMES = tuple(range(0, 101, 10))
PALETTES = ("standard", "protanopia", "deuteranopia", "tritanopia")


@dataclass(frozen=True)
class Row:
    """One setting on the screen. `name` is its name in game/home/settings.py (the file's key)."""

    name: str
    label: str
    help: str
    values: Callable[[App], tuple[object, ...]]
    shown: Callable[[App, object], str] = lambda app, v: str(v)
    read: Callable[[App], object] | None = None  # its value now; by default the setting's
    apply: Callable[[App, object], None] | None = None  # by default: the setting changed and saved

    def value(self, app: App) -> object:
        return self.read(app) if self.read is not None else getattr(app.settings, self.name)

    def set(self, app: App, value: object) -> None:
        if self.apply is not None:
            self.apply(app, value)
        else:
            app.remember(**{self.name: value})

    def step(self, app: App, by: int) -> None:
        """The next value (by 1) or the one before (by -1), round to the other end."""
        values = self.values(app)
        now = self.value(app)
        at = values.index(now) if now in values else -1
        self.set(app, values[(at + by) % len(values)])


def _on_off(app: App, v: object) -> str:
    return "on" if v else "off"


def _window(app: App) -> object:
    """The window's size as it stands; while full screen, the window's it goes back to."""
    return (app.settings.window_width, app.settings.window_height) if app.fullscreen else app.window.get_size()


def _windows(app: App) -> tuple[object, ...]:
    now = _window(app)
    return tuple(sorted({*WINDOW_SIZES, now}))  # type: ignore[type-var]  # pairs of ints sort


def _size_shown(app: App, v: object) -> str:
    assert isinstance(v, tuple)  # a (width, height) pair
    return f"{v[0]} x {v[1]}" + (" (full screen now)" if app.fullscreen else "")


def _set_window(app: App, v: object) -> None:
    app.resize_window(v)  # type: ignore[arg-type]  # a (width, height) pair


def _set_fullscreen(app: App, v: object) -> None:
    if app.fullscreen != v:
        app.toggle_fullscreen()


def _scale_shown(app: App, v: object) -> str:
    assert isinstance(v, int | float)
    shown = f"{v:g}x"
    if v == app.settings.ui_scale and app.scale < float(v):
        shown += f" ({app.scale:.2g}x fits this window)"
    return shown


def _set_scale(app: App, v: object) -> None:
    app.remember(ui_scale=v)
    app.refit()


def _volume_shown(app: App, v: object) -> str:
    return f"{v}%" + ("" if app.sound.working else " (no sound device)")


ROWS: list[Row] = [
    Row("window", "Window size", "the window's size (a window again if full screen)", _windows, _size_shown,
        read=_window, apply=_set_window),
    Row("fullscreen", "Full screen", "the whole screen, or a window (F11 on every screen)", lambda app: (False, True),
        _on_off, read=lambda app: app.fullscreen, apply=_set_fullscreen),
    Row("ui_scale", "UI scale", "text, panels and tokens larger: for a projector or a 4K screen", lambda app: UI_SCALES,
        _scale_shown, apply=_set_scale),
    Row("speed", "Animation speed", "how fast moves and blows play out, and the AI acts (, and . in battle)",
        lambda app: SPEEDS, lambda app, v: f"x{v:g}"),
    Row("volume", "Sound volume", "the sound effects' volume", lambda app: VOLUMES, _volume_shown),
    Row("mute", "Sound", "the sound effects on or off (F8 on every screen)", lambda app: (False, True),
        lambda app, v: "off" if v else "on"),
    Row("handover", "Hand-over screen", "hot-seat: a screen between the players' turns, hiding the board",
        lambda app: (True, False), _on_off),
    Row("pause_on_steps", "Pause at each end-of-round step", "wait for a key at each step (P in battle)",
        lambda app: (False, True), _on_off),
]  # fmt: skip

if hasattr(settings_module.Settings(), "palette"):  # the colour-blind palettes' setting, where it is built
    ROWS.append(
        Row("palette", "Colours", "a palette told apart under colour blindness",
            lambda app: tuple(getattr(settings_module, "PALETTES", PALETTES))),
    )  # fmt: skip
