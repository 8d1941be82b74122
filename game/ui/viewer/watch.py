"""`rout replay FILE`: the replay viewer in a window of its own; Esc closes it."""

from __future__ import annotations

import contextlib
import sys

import pygame

from game.history.timeline import Timeline
from game.home import crash
from game.home.settings import load_settings
from game.ui.app import App
from game.ui.main import crash_context
from game.ui.viewer.takeover import viewer_of_file


def watch(t: Timeline) -> int:
    """Open the window on a replay's or a save's timeline (`load_timeline`; it may still grow)
    and run it until it closes; the exit status. No display is said in one line (status 2); a
    crash writes a crash log (status 70)."""
    try:
        app = App(settings=load_settings())  # the window's size and full screen as last left
    except pygame.error as e:
        print(f"rout: cannot open the game window: {e} (--log or --verify run a replay headless)", file=sys.stderr)
        return 2
    try:
        app.show(viewer_of_file(app, t))
        return app.run()
    except Exception as e:  # noqa: BLE001  # a bug: its report, one line, never a traceback
        known = crash_context(app.screen)
        if app.screen is not None:
            with contextlib.suppress(Exception):  # the screen is broken already: the report matters more
                app.screen.close()
        return crash.report(e, known)
