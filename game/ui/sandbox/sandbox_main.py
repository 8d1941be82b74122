"""The window opened on the sandbox (`rout sandbox`), run until it closes."""

from __future__ import annotations

import contextlib

from game.home.crash import WindowCrash
from game.home.settings import load_settings
from game.scenario.model import Scenario
from game.scenario.sandbox_setup import map_kinds
from game.ui.app import App
from game.ui.sandbox.sandbox import SandboxScreen


def open_sandbox(scenario: Scenario, out: str | None, seed: int) -> int:
    """Open the window on the sandbox for the map; an unexpected error comes out as a WindowCrash."""
    app = App(settings=load_settings())
    try:
        app.show(SandboxScreen(app, scenario, map_kinds(scenario.path), out=out, seed=seed))
        return app.run()
    except Exception as e:
        if app.screen is not None:
            with contextlib.suppress(Exception):  # the screen is broken already: the report matters more
                app.screen.close()
        raise WindowCrash(e, {"screen": type(app.screen).__name__, "map": scenario.path}) from e
