"""`rout simulate --generate A-B`: AI games on the battlefields generated from seeds A to B, a
balance sweep (README.md, "Generated battlefields"). The maps are made for the run in a
temporary folder, each just before its first game, and are gone when it ends."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from game.bundled import MAPS
from game.cli_outputs import UsageError, progress_bar
from game.game_result import GameResult
from game.generate.make import Unplayable, generate
from game.generate.spec import FieldSpec
from game.runner import play_each
from game.scenario.catalogue import load
from game.tally import Tally, print_report

KEPT_OUTPUTS = ("log", "save_replay", "explain")  # each keeps a game whose map will be gone


def simulate_generated(args: argparse.Namespace, named_levels: dict[str, str]) -> int:
    for flag in KEPT_OUTPUTS:
        if getattr(args, flag) is not None:
            name = "--" + flag.replace("_", "-")
            raise UsageError(
                f"{name} keeps a game on a map --generate makes only for the run; make it with rout generate"
            )
    first, last = args.generate
    defaults = FieldSpec()
    w, h = args.size or (defaults.width, defaults.height)
    sides_n, terrain = args.sides or defaults.sides, args.terrain or defaults.terrain
    specs = [FieldSpec(seed=s, width=w, height=h, sides=sides_n, terrain=terrain) for s in range(first, last + 1)]
    sides = list(specs[0].side_names)
    unknown = sorted(set(named_levels) - set(sides))
    if unknown:
        raise UsageError(f"--ai names {', '.join(unknown)}; the generated maps' sides are {', '.join(sides)}")
    levels = {s: named_levels.get(s, "baseline") for s in sides}
    t = Tally(sides, keep_results=args.json)
    per_map = {spec.seed: {"map_seed": spec.seed, "games": 0, "draws": 0} | dict.fromkeys(sides, 0) for spec in specs}
    progress = progress_bar(len(specs) * args.games)
    with tempfile.TemporaryDirectory(prefix="rout-generated-") as folder:
        for spec, g in zip(
            _map_seeds(specs, args.games), _games(specs, Path(folder), args, levels, progress), strict=True
        ):
            t.add(g)
            record = per_map[spec]
            record["games"] += 1
            record[g["winner"] or "draws"] += 1
    if progress is not None:
        progress(None)
    if args.json:
        made = {"seeds": [first, last], "size": [w, h], "terrain": terrain, "sides": sides_n}
        label = f"generated {first}-{last}"
        maps = [
            {"map_seed": r["map_seed"], "games": r["games"], "wins": {s: r[s] for s in sides}, "draws": r["draws"]}
            for r in per_map.values()
        ]
        t.write_json(sys.stdout, label, args.seed, levels, False, {"generate": made, "maps": maps})
    else:
        print_report(t, f"Generated fields {first}-{last} ({w}x{h}, {terrain})", args.seed, False, sys.stdout)
    return 0


def _map_seeds(specs: list[FieldSpec], games: int) -> Iterator[int]:
    for spec in specs:
        yield from [spec.seed] * games


def _games(
    specs: list[FieldSpec],
    folder: Path,
    args: argparse.Namespace,
    levels: dict[str, str],
    progress: Callable[[int | None], None] | None,
) -> Iterator[GameResult]:
    kinds = load()
    tileset = (MAPS / "terrain.tsx").resolve().as_posix()  # the folder is temporary: an absolute path

    def jobs() -> Iterator[tuple[str, int, dict[str, str]]]:
        for spec in specs:
            path = folder / f"field_{spec.seed}.tmx"
            try:
                path.write_text(generate(spec, kinds).text(tileset), encoding="utf-8")
            except Unplayable as e:
                raise UsageError(str(e)) from None
            for g in range(args.games):
                yield str(path), args.seed + g, levels

    return play_each(jobs(), workers=args.jobs, on_done=progress)
