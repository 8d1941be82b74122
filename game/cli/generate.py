"""`rout generate --seed N --out FILE.tmx`: a new battlefield from a seed (docs/scenarios.md,
"Generated battlefields")."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TypeVar

from game.cli import bounds
from game.cli.outputs import UsageError, check_outputs
from game.generate.spec import (
    MIRROR_DEFAULT,
    POINTS_MAX,
    SIDES,
    SIZE_MAX,
    SIZE_MIN,
    TERRAINS,
    FieldSpec,
    parse_size,
    problem,
)

_P = TypeVar("_P", bound=argparse.ArgumentParser)
SWEEP_MAX = 100_000  # maps in one sweep
MIRRORED = (
    "lay one half and turn it round for the other side (mirror it, with three sides): fair by construction"
    f" (default {'--mirror' if MIRROR_DEFAULT else '--no-mirror'}: fair by measurement, bench/README.md)"
)


def size(text: str) -> tuple[int, int]:
    """WIDTHxHEIGHT of a generated field, in squares (argparse type)."""
    try:
        w, h = parse_size(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    (wmin, hmin), (wmax, hmax) = SIZE_MIN, SIZE_MAX
    if not (wmin <= w <= wmax and hmin <= h <= hmax):
        raise argparse.ArgumentTypeError(f"must be from {wmin}x{hmin} to {wmax}x{hmax} squares, not {text!r}")
    return w, h


def seeds(text: str) -> tuple[int, int]:
    """A-B: the seeds of the maps a sweep generates (argparse type)."""
    first, _, last = text.partition("-")
    try:
        a, b = bounds.seed(first), bounds.seed(last or first)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"must be A-B, seeds from 0 with A <= B (say 1-40), not {text[:30]!r}"
        ) from None
    if a > b or b - a >= SWEEP_MAX:
        raise argparse.ArgumentTypeError(f"must be A-B with A <= B and at most {SWEEP_MAX:,} maps, not {text[:30]!r}")
    return a, b


def points(text: str) -> int:
    """A side's budget in points (argparse type)."""
    value = int(text) if text.isdigit() and len(text) <= 6 else 0
    if not 1 <= value <= POINTS_MAX:
        raise argparse.ArgumentTypeError(f"must be a whole number of points from 1 to {POINTS_MAX}, not {text[:30]!r}")
    return value


def prices() -> dict[str, float]:
    """Each kind's points from the shipped points file (`rout price` wrote it)."""
    from game.pricing.table import POINTS_FILE, read  # noqa: PLC0415

    table = read()
    if table is None:
        raise UsageError(f"--points needs the kinds' prices, and {POINTS_FILE} is missing: rout price writes it")
    return {key: p.points for key, p in table.prices.items()}


def add_sweep_arguments(s: argparse.ArgumentParser) -> None:
    """`rout simulate`'s options for playing on generated maps instead of one map."""
    s.add_argument("--generate", type=seeds, metavar="A-B", help="play on the maps generated from seeds A to B")
    s.add_argument("--size", type=size, help="with --generate: WIDTHxHEIGHT (default 24x16)")
    s.add_argument("--sides", type=int, choices=SIDES, help="with --generate: 2 or 3 sides (default 2)")
    s.add_argument("--terrain", choices=TERRAINS, help="with --generate: open, mixed or broken (default mixed)")
    s.add_argument("--points", type=points, help="with --generate: each side buys its own army to this budget")
    s.add_argument("--mirror", action=argparse.BooleanOptionalAction, default=None, help=f"with --generate: {MIRRORED}")
    s.add_argument(
        "--dask", metavar="ADDRESS", help="with --generate: play the games on a Dask cluster (tcp://HOST:PORT)"
    )


def add_parser(sub: argparse._SubParsersAction[_P]) -> None:
    g = sub.add_parser("generate", help="make a new battlefield (a Tiled map) from a seed")
    g.add_argument(
        "--seed", type=bounds.seed, default=1, help="the same seed and options give the same map (default 1)"
    )
    g.add_argument("--size", type=size, default=(24, 16), help="WIDTHxHEIGHT in squares (default 24x16)")
    g.add_argument("--sides", type=int, choices=SIDES, default=2, help="2 or 3 sides (default 2)")
    g.add_argument("--terrain", choices=TERRAINS, default="mixed", help="how much stands in the way (default mixed)")
    g.add_argument("--points", type=points, default=0, help="each side's army bought to this budget (the same army)")
    g.add_argument("--mirror", action=argparse.BooleanOptionalAction, default=MIRROR_DEFAULT, help=MIRRORED)
    g.add_argument("--out", required=True, help="the .tmx to write")
    g.set_defaults(func=cmd_generate)


def cmd_generate(args: argparse.Namespace) -> int:
    if Path(args.out).suffix.lower() != ".tmx":
        raise UsageError(f"--out must name a .tmx file, not {args.out!r}")
    from game.generate.make import Unplayable, generate  # noqa: PLC0415
    from game.home.bundled import MAPS  # noqa: PLC0415  # `rout --version` imports this module
    from game.save.files import write_atomic  # noqa: PLC0415
    from game.scenario.catalogue import CATALOGUE, load  # noqa: PLC0415
    from game.scenario.inputs import art_inputs  # noqa: PLC0415

    tileset = MAPS / "terrain.tsx"
    shipped = [(p, "a map that ships with Rout") for p in sorted(MAPS.glob("*.tmx"))]
    inputs = [(tileset, "the shipped tileset"), (CATALOGUE, "the game's unit catalogue"), *art_inputs(), *shipped]
    check_outputs({"--out": args.out}, inputs)
    w, h = args.size
    spec = FieldSpec(args.seed, w, h, args.sides, args.terrain, args.points, args.mirror)
    assert problem(spec) is None  # each value was checked as it was parsed
    try:
        made = generate(spec, load(), prices=prices() if args.points else None)
    except Unplayable as e:
        raise UsageError(str(e)) from None
    write_atomic(args.out, made.text(_tileset_path(tileset, Path(args.out))))
    print(
        f"{args.out}: {spec.width}x{spec.height}, {spec.sides} sides, {len(made.soldiers)} creatures", file=sys.stdout
    )
    return 0


def _tileset_path(tileset: Path, out: Path) -> str:
    """The shipped tileset as the new map names it: relative to the map's folder (Tiled's way, so
    map and game find it), or absolute where no relative path exists (two Windows drives)."""
    try:
        return Path(os.path.relpath(tileset.resolve(), out.resolve().parent)).as_posix()
    except ValueError:
        return tileset.resolve().as_posix()
