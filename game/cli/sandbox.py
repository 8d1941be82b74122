"""`rout sandbox [MAP]`: the window's sandbox, straight from the command line (docs/playing.md, "The sandbox")."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TypeVar

from game.cli import bounds
from game.cli.outputs import UsageError, check_outputs
from game.home.bundled import DEFAULT_MAP, map_path

_P = TypeVar("_P", bound=argparse.ArgumentParser)  # the command line's own parser class


def add_parser(sub: argparse._SubParsersAction[_P], map_help: str) -> None:
    s = sub.add_parser("sandbox", help="place any units on a map, fight it step by step, save it as a map")
    s.add_argument("map", nargs="?", type=map_path, default=str(DEFAULT_MAP), help=f"{map_help}; default skirmish")
    s.add_argument("--out", help="the .tmx file Ctrl+S saves the setup to (default: a new file in your data folder)")
    s.add_argument("--seed", type=bounds.seed, default=1, help="the dice of the first fight (D in the window: next)")
    s.set_defaults(func=cmd_sandbox)


def cmd_sandbox(args: argparse.Namespace) -> int:
    from game.scenario.inputs import map_inputs  # noqa: PLC0415  # `rout --version` imports this module
    from game.scenario.tiled import load_scenario  # noqa: PLC0415

    scenario = load_scenario(args.map)  # a broken map stops here with its one-line error
    if args.out is not None:
        if Path(args.out).suffix.lower() != ".tmx":
            raise UsageError(f"--out must name a .tmx file, not {args.out!r}")
        check_outputs({"--out": args.out}, map_inputs(args.map))
    from game.home import crash  # noqa: PLC0415  # only the window writes crash logs
    from game.ui.sandbox.sandbox_main import open_sandbox  # noqa: PLC0415  # headless commands never import pygame

    try:
        return open_sandbox(scenario, args.out, args.seed)
    except crash.WindowCrash as c:  # a bug: a crash log, one line, exit 70
        return crash.report(c.error, c.context)
    except Exception as e:  # pygame.error when there is no display, for one
        if type(e).__name__ == "error":
            raise UsageError(f"cannot open the game window: {e}") from None
        if isinstance(e, OSError):
            raise
        return crash.report(e)
