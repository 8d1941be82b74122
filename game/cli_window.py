"""`rout play` and `rout screenshot`: the commands that open the window, or draw it headless
(README.md, "Command line"). Their arguments are checked here, before pygame is imported."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.battle import Battle
from game.cli_outputs import UsageError, check_outputs
from game.save.autosave import saves_folder
from game.save.files import real_target
from game.save.replay import Replay
from game.saved_battle import load_save
from game.scenario.errors import ScenarioError
from game.scenario.inputs import map_inputs
from game.scenario.tiled import load_scenario
from game.settings import PALETTES


def cmd_play(args: argparse.Namespace) -> int:
    loaded = _loaded(args)
    if args.map is not None:
        sides = load_scenario(args.map).sides  # a broken map stops here with its one-line error
        if args.side is not None and args.side not in sides:
            raise UsageError(f"--side {args.side!r}: the map's sides are {', '.join(sides)}")
    if args.mode not in (None, "solo", "hotseat", "watch"):
        raise UsageError(f"--mode must be solo, hotseat or watch, not {args.mode!r}")
    from game import crash  # noqa: PLC0415  # only the window writes crash logs
    from game.ui.main import play  # noqa: PLC0415  # headless commands never import pygame

    try:
        return play(args.map, args.mode, args.seed, args.side, loaded=loaded)
    except crash.WindowCrash as c:  # a bug: a crash log, one line, exit 70
        return crash.report(c.error, c.context)
    except Exception as e:  # pygame.error when there is no display, for one
        if type(e).__name__ == "error":
            raise UsageError(f"cannot open the game window: {e}") from None
        if isinstance(e, ScenarioError | OSError):  # the map, read before the window opens
            raise
        return crash.report(e)


def _loaded(args: argparse.Namespace) -> tuple[Battle, Replay] | None:
    """The saved battle `--load` names (a file, or a save in the saves folder by name), loaded and
    checked before any window opens."""
    if args.load is None:
        if args.trust:
            raise UsageError("--trust goes with --load: it opens a saved battle this machine cannot vouch for")
        return None
    if args.map is not None or args.mode is not None or args.side is not None:
        raise UsageError("--load opens a saved battle as it was saved: leave out the map, --mode and --side")
    return load_save(_save_path(args.load), trust=args.trust)


def _save_path(name: str) -> Path:
    """A save as the player names it: a file; else, given a bare name, the save of that name in
    the saves folder, with or without `.json` (the menu's Continue shows it without)."""
    path = Path(name)
    if path.exists() or path.name != name:
        return path
    for found in (saves_folder() / name, saves_folder() / f"{name}.json"):
        if found.is_file():
            return found
    return path


def _xy(text: str) -> tuple[int, int]:
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--hover must be X,Y in squares, not {text!r}") from None
    return x, y


def cmd_screenshot(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.map)
    if args.select and args.select not in {p.id for p in scenario.units}:
        raise UsageError(f"--select: {args.map} has no unit {args.select!r}")
    hover = _xy(args.hover) if args.hover else None
    w, h = args.size
    if args.palette not in PALETTES:
        raise UsageError(f"--palette must be one of {', '.join(PALETTES)}, not {args.palette!r}")
    if Path(args.out).suffix.lower() != ".png":
        raise UsageError(f"--out must name a .png file, not {args.out!r}")
    scale = _ui_scale(args.ui_scale)
    check_outputs({"--out": args.out}, map_inputs(args.map))
    from game.ui.main import screenshot  # noqa: PLC0415  # headless commands never import pygame

    return screenshot(
        args.map,
        str(real_target(args.out)),
        select=args.select,
        hover=hover,
        round_=args.round,
        seed=args.seed,
        at=args.at,
        size=(w, h),
        ui_scale=scale,
        settings_shown=args.screen == "settings",
        palette=args.palette,
    )


def _ui_scale(given: str) -> float:
    """--ui-scale's value, one of the settings' UI scales."""
    from game.settings import UI_SCALES, check  # noqa: PLC0415  # read when the command runs

    try:
        value = float(given)
    except ValueError:
        value = float("nan")  # a number no scale is: refused below with the others
    if check("ui_scale", value) is not None:
        raise UsageError(f"--ui-scale must be one of {', '.join(f'{s:g}' for s in UI_SCALES)}, not {given!r}")
    return value
