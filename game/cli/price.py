"""`rout price --out FILE`: each catalogue kind's points, measured in AI games against a
reference force on generated fields (docs/scenarios.md, "Points")."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from game.cli import bounds
from game.cli.outputs import UsageError, check_outputs
from game.levels import LEVELS

if TYPE_CHECKING:
    from game.core.rules.creature import Kind

_P = TypeVar("_P", bound=argparse.ArgumentParser)
GAMES_MAX = 10_000


def add_parser(sub: argparse._SubParsersAction[_P]) -> None:
    p = sub.add_parser("price", help="measure each kind's points in AI games against a reference force")
    p.add_argument("--out", required=True, help="the points file (.toml) to write")
    p.add_argument("--kinds", help="KIND,KIND,...: only these (all the catalogue's by default)")
    p.add_argument(
        "--catalogue",
        metavar="FILE",
        help='a map\'s own catalogue: price the kinds it adds or replaces (docs/scenarios.md, "Points")',
    )
    p.add_argument("--games", type=int, default=16, help="games at each pair of army sizes (16)")
    p.add_argument("--ai", choices=LEVELS, default="normal", help="the AI that plays both sides (normal)")
    p.add_argument("--jobs", type=int, default=1, help="games in parallel (the prices are the same for any number)")
    p.add_argument("--dask", metavar="ADDRESS", help="play the games on a Dask cluster (tcp://HOST:PORT)")
    p.set_defaults(func=cmd_price)


def cmd_price(args: argparse.Namespace) -> int:
    if Path(args.out).suffix.lower() != ".toml":
        raise UsageError(f"--out must name a .toml file, not {args.out!r}")
    if not 2 <= args.games <= GAMES_MAX or args.games % 2:
        raise UsageError(f"--games must be even (each zone in turn), from 2 to {GAMES_MAX:,}, not {args.games}")
    wrong = bounds.jobs(args.jobs)
    if wrong:
        raise UsageError(wrong)
    from game.pricing.duel import price  # noqa: PLC0415  # `rout --version` imports this module
    from game.pricing.price import REFERENCE  # noqa: PLC0415
    from game.pricing.table import PointsTable, text  # noqa: PLC0415
    from game.save.files import write_atomic  # noqa: PLC0415
    from game.scenario.catalogue import CATALOGUE  # noqa: PLC0415

    inputs = [(CATALOGUE, "the game's unit catalogue")]
    if args.catalogue:
        inputs.append((Path(args.catalogue), "the map's unit catalogue"))
    check_outputs({"--out": args.out}, inputs)
    own_text, kinds, priceable = _catalogue(args.catalogue)
    wanted = args.kinds.split(",") if args.kinds else [k for k in priceable if not kinds[k].hit_only_by]
    unknown = [k for k in wanted if k not in kinds]
    if unknown:
        raise UsageError(f"--kinds: no kind {unknown[0]!r} in the catalogue")
    prices = {}
    for key in wanted:
        p = price(
            kinds[key], kinds[REFERENCE], args.games, args.ai, workers=args.jobs, dask=args.dask, catalogue=own_text
        )
        prices[key] = p
        print(f"{key}: {p.points:.1f} points (95% {p.low:.1f}-{p.high:.1f}), {len(p.duels)} sizes", flush=True)
    write_atomic(args.out, text(PointsTable(args.ai, args.games, prices)))
    print(f"{args.out}: {len(prices)} kinds", file=sys.stdout)
    return 0


def _catalogue(path: str | None) -> tuple[str | None, dict[str, Kind], list[str]]:
    """The map catalogue's text (None for the shipped one), its kinds merged with the shipped,
    and the kinds to price by default: the map file's own, or every shipped kind."""
    from game.scenario.catalogue import for_map, load, own_units  # noqa: PLC0415
    from game.scenario.input_files import CATALOGUE_BYTES, read_input  # noqa: PLC0415

    if path is None:
        kinds = load()
        return None, kinds, sorted(kinds)
    kinds = for_map(Path(path))
    return read_input(path, CATALOGUE_BYTES).decode("utf-8"), kinds, own_units(Path(path))
