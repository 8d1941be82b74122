"""`rout simulate --generate A-B`: AI games on the battlefields generated from seeds A to B, a
balance sweep (docs/scenarios.md, "Generated battlefields"). The maps are made for the run in a
temporary folder, each just before its first game, and are gone when it ends (on a Dask
cluster, with --dask, each worker makes the maps of its own games). With --points
each side buys its own army on each map, and the sweep says how each kind's buyers fared."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, replace

from game.cli.generate import prices
from game.cli.outputs import UsageError, progress_bar
from game.generate.make import Unplayable
from game.generate.spec import FieldSpec
from game.play.field_games import FieldGame, play_field_games
from game.play.game_result import GameResult
from game.play.tally import Tally, print_report, wilson

KEPT_OUTPUTS = ("log", "save_replay", "explain")  # each keeps a game whose map will be gone


@dataclass
class MapRecord:
    wins: dict[str, int]
    games: int = 0
    draws: int = 0


class Sweep:
    """The maps of a sweep, made as their games are wanted, and what each map's games gave."""

    def __init__(self, specs: list[FieldSpec], args: argparse.Namespace, levels: dict[str, str]) -> None:
        self.specs, self.args, self.levels = specs, args, levels
        self.sides = list(specs[0].side_names)
        self.prices = prices() if specs[0].points else None
        self.kinds_of: dict[int, dict[str, set[str]]] = {}  # map seed -> side -> kinds fielded
        self.maps = {s.seed: MapRecord(dict.fromkeys(self.sides, 0)) for s in specs}
        self.by_kind: dict[str, list[float]] = {}  # kind -> [sides fielding it, their score]

    def games(self, progress: Callable[[int | None], None] | None) -> Iterator[tuple[int, GameResult]]:
        seeds = (spec.seed for spec in self.specs for _ in range(self.args.games))
        played = play_field_games(self._games(), workers=self.args.jobs, on_done=progress, dask=self.args.dask)
        return zip(seeds, played, strict=True)

    def _games(self) -> Iterator[FieldGame]:
        for spec in self.specs:
            first = FieldGame(spec, self.args.seed, self.levels, prices=self.prices, each_buys=True)
            try:
                made = first.field()
            except Unplayable as e:
                raise UsageError(str(e)) from None
            self.kinds_of[spec.seed] = {
                side: {s.kind.key for s in made.soldiers if s.side == side} for side in self.sides
            }
            for g in range(self.args.games):
                # --swap moves the levels one side on every other game, as on a map (simulate.py)
                levels = rotated(self.levels, self.sides) if self.args.swap and g % 2 == 1 else self.levels
                yield replace(first, seed=self.args.seed + g, levels=levels)

    def add(self, map_seed: int, g: GameResult) -> None:
        record = self.maps[map_seed]
        record.games += 1
        if g["winner"] is None:
            record.draws += 1
        else:
            record.wins[g["winner"]] += 1
        for side, kinds in self.kinds_of[map_seed].items():
            score = 0.5 if g["winner"] is None else float(g["winner"] == side)
            for kind in kinds:
                seen = self.by_kind.setdefault(kind, [0, 0.0])
                seen[0] += 1
                seen[1] += score

    def kind_rates(self) -> dict[str, dict[str, object]]:
        out: dict[str, dict[str, object]] = {}
        for kind, (n, score) in sorted(self.by_kind.items()):
            lo, hi = wilson(round(score), int(n))
            out[kind] = {"sides": int(n), "score": score, "win_rate": score / n, "win_ci": [lo, hi]}
        return out


def rotated(levels: dict[str, str], sides: list[str]) -> dict[str, str]:
    """The levels moved one side on: each side plays the level of the side before it."""
    return {s: levels[sides[(i - 1) % len(sides)]] for i, s in enumerate(sides)}


def simulate_generated(args: argparse.Namespace, named_levels: dict[str, str]) -> int:
    for flag in KEPT_OUTPUTS:
        if getattr(args, flag) is not None:
            name = "--" + flag.replace("_", "-")
            raise UsageError(
                f"{name} keeps a game on a map --generate makes only for the run; make it with rout generate"
            )
    first, last = args.generate
    base = FieldSpec()
    w, h = args.size or (base.width, base.height)
    sides_n, terrain, points = args.sides or base.sides, args.terrain or base.terrain, args.points or 0
    mirror = base.mirror if args.mirror is None else args.mirror
    specs = [FieldSpec(s, w, h, sides_n, terrain, points, mirror) for s in range(first, last + 1)]
    sides = list(specs[0].side_names)
    unknown = sorted(set(named_levels) - set(sides))
    if unknown:
        raise UsageError(f"--ai names {', '.join(unknown)}; the generated maps' sides are {', '.join(sides)}")
    sweep = Sweep(specs, args, {s: named_levels.get(s, "baseline") for s in sides})
    t = Tally(sides, keep_results=args.json)
    progress = progress_bar(len(specs) * args.games)
    for map_seed, g in sweep.games(progress):
        t.add(g)
        sweep.add(map_seed, g)
    if progress is not None:
        progress(None)
    if args.json:
        made = {"seeds": [first, last], "size": [w, h], "terrain": terrain, "sides": sides_n, "points": points}
        made["mirror"] = mirror
        maps = [{"map_seed": seed} | asdict(record) for seed, record in sweep.maps.items()]
        more = {"generate": made, "maps": maps} | ({"per_kind": sweep.kind_rates()} if points else {})
        t.write_json(sys.stdout, f"generated {first}-{last}", args.seed, sweep.levels, bool(args.swap), more)
    else:
        title = f"Generated fields {first}-{last} ({w}x{h}, {terrain}{', mirrored' if mirror else ''})"
        print_report(t, title, args.seed, bool(named_levels or args.swap), sys.stdout)
    return 0
