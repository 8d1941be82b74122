"""`rout play` and `rout screenshot`: the commands that open the window, or draw it headless
(docs/command-line.md). Their arguments are checked here, before pygame is imported."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.cli.outputs import UsageError, check_outputs
from game.core.battle import Battle
from game.history.saved_battle import load_save
from game.home.settings import PALETTES
from game.save.autosave import named_save
from game.save.files import real_target
from game.save.replay import Replay
from game.scenario.errors import ScenarioError
from game.scenario.inputs import map_inputs
from game.scenario.tiled import load_scenario


def cmd_play(args: argparse.Namespace) -> int:
    loaded = _loaded(args)
    if args.map is not None:
        sides = load_scenario(args.map).sides  # a broken map stops here with its one-line error
        if args.side is not None and args.side not in sides:
            raise UsageError(f"--side {args.side!r}: the map's sides are {', '.join(sides)}")
    if args.mode not in (None, "solo", "hotseat", "watch"):
        raise UsageError(f"--mode must be solo, hotseat or watch, not {args.mode!r}")
    from game.home import crash  # noqa: PLC0415  # only the window writes crash logs
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
    return load_save(named_save(args.load), trust=args.trust)


def _xy(text: str) -> tuple[int, int]:
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--hover must be X,Y in squares, not {text!r}") from None
    return x, y


def cmd_screenshot(args: argparse.Namespace) -> int:
    if args.screen.startswith("quick-"):
        return _quick_screenshot(args)
    if args.map is None:
        raise UsageError(f"--screen {args.screen} needs a map")
    if args.army is not None:
        raise UsageError("--army goes with --screen quick-army, quick-deploy or quick-result")
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
        mode=args.mode,
        round_=args.round,
        seed=args.seed,
        at=args.at,
        size=(w, h),
        ui_scale=scale,
        settings_shown=args.screen == "settings",
        palette=args.palette,
    )


def _quick_screenshot(args: argparse.Namespace) -> int:
    """A quick battle's screen (setup, army, deployment, result) on the default choices."""
    if args.map is not None or args.select or args.hover or args.mode or args.at != "activation" or args.round != 1:
        raise UsageError(f"--screen {args.screen} takes no map, --select, --hover, --mode, --round or --at")
    army = _army(args.army or "")
    if not army and args.screen in ("quick-deploy", "quick-result"):
        raise UsageError(f"--screen {args.screen} needs an army: --army KIND=N,...")
    if args.palette not in PALETTES:
        raise UsageError(f"--palette must be one of {', '.join(PALETTES)}, not {args.palette!r}")
    if Path(args.out).suffix.lower() != ".png":
        raise UsageError(f"--out must name a .png file, not {args.out!r}")
    scale = _ui_scale(args.ui_scale)
    check_outputs({"--out": args.out}, _quick_inputs())
    from game.ui.main import quick_screenshot  # noqa: PLC0415  # headless commands never import pygame

    return quick_screenshot(
        args.screen,
        str(real_target(args.out)),
        seed=args.seed,
        army=army,
        size=args.size,
        ui_scale=scale,
        palette=args.palette,
    )


def _quick_inputs() -> list[tuple[Path, str]]:
    """What a quick battle's screens read: the tileset (shipped, and its copies beside the quick
    maps), the catalogue, the prices and the game's art."""
    from game.home import bundled  # noqa: PLC0415
    from game.pricing.table import POINTS_FILE  # noqa: PLC0415
    from game.save.map_paths import quick_maps_folder  # noqa: PLC0415
    from game.scenario.catalogue import CATALOGUE  # noqa: PLC0415
    from game.scenario.inputs import art_inputs  # noqa: PLC0415

    folder = quick_maps_folder()
    copies = sorted(folder.glob("terrain-*")) if folder.is_dir() else []
    return [
        (bundled.MAPS / "terrain.tsx", "the shipped tileset"),
        *((p, "a copy of the tileset for quick battles") for p in copies),
        (CATALOGUE, "the game's unit catalogue"),
        (POINTS_FILE, "the kinds' prices"),
        *art_inputs(),
    ]


def _army(given: str) -> list[tuple[str, int]]:
    """--army's KIND=N,KIND=N, each kind the catalogue's and each number 1 to 99."""
    from game.scenario.catalogue import load  # noqa: PLC0415  # read when the command runs

    kinds = load()
    out: list[tuple[str, int]] = []
    for part in filter(None, (p.strip() for p in given.split(","))):
        kind, _, n = part.partition("=")
        if kind not in kinds:
            raise UsageError(f"--army: no kind {kind!r} in the catalogue")
        if not n.isdigit() or not 1 <= int(n) <= 99:
            raise UsageError(f"--army: {part!r} needs a number of 1 to 99 after =")
        out.append((kind, int(n)))
    return out


def _ui_scale(given: str) -> float:
    """--ui-scale's value, one of the settings' UI scales."""
    from game.home.settings import UI_SCALES, check  # noqa: PLC0415  # read when the command runs

    try:
        value = float(given)
    except ValueError:
        value = float("nan")  # a number no scale is: refused below with the others
    if check("ui_scale", value) is not None:
        raise UsageError(f"--ui-scale must be one of {', '.join(f'{s:g}' for s in UI_SCALES)}, not {given!r}")
    return value
