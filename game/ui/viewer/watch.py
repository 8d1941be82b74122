"""`rout replay FILE`: the replay viewer in a window of its own; Esc closes it."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import pygame

from game import crash
from game.save.errors import ReplayError
from game.settings import load_settings
from game.timeline import load_timeline
from game.ui.app import App
from game.ui.main import crash_context
from game.ui.viewer.takeover import viewer_of_file


def watch(path: str | Path) -> int:
    """Open the window on the replay or save at `path` and run it until it closes; the exit
    status. No display, or a file that cannot be replayed, is said in one line (status 2); a
    crash writes a crash log (status 70)."""
    try:
        app = App(settings=load_settings())  # the window's size and full screen as last left
    except pygame.error as e:
        print(f"rout: cannot open the game window: {e} (--log or --verify run a replay headless)", file=sys.stderr)
        return 2
    try:
        t = load_timeline(path, complete=False)  # the AI's decisions come while the viewer shows the start
    except ReplayError as e:
        pygame.quit()
        print(f"rout: {e}", file=sys.stderr)
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
