"""Generated battlefields (issue 20): how long one takes to make, and whether the two zones are
fair.

    python bench/bench_generate.py [--runs N]                      time generating (CPU ms)
    python bench/bench_generate.py --fairness MAPS [--level L] [--terrain T] [--size WxH]
    python bench/bench_generate.py --gate [--seeds N] [--play]
    python bench/bench_generate.py --land N [--mirror]

Timing: the median and the largest CPU time of making a field (the land, the zones, the armies
and the map's text) at each size; aim: a 64x64 field under 200 ms. Fairness: one AI-against-AI
game on each of the maps generated from seeds 1..MAPS, equal armies; prints blue's (the first
zone's) share of the decided games with its 95% Wilson interval; aim: within 40-60%. Gate: the
maps of seeds 1..N (200) at each size and terrain, two sides and three, each written twice (the
same bytes), checked as `rout check` checks it and loaded; with --play, one baseline AI game on
each, which must end. Land (issue 37): the fields of seeds 1..N at each size, two sides and three
(the terrain taking each kind in turn), held to game/generate/check.py's rules of land: no river
or road in a zone, every river from an edge or a lake to an edge or a lake, zones and armies at
least two ranks deep, no water over a hill; it prints the fields that break each rule (aim: none)
and the share of fields with each feature.
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.generate.make import generate
from game.generate.spec import TERRAINS, FieldSpec, parse_size
from game.home.bundled import MAPS
from game.play.runner import play_many
from game.scenario.catalogue import load

SIZES = ((16, 12), (24, 16), (40, 30), (64, 64))


def timing(runs: int) -> None:
    kinds = load()
    tileset = str(MAPS / "terrain.tsx")
    print("size     terrain  median ms  max ms")
    for w, h in SIZES:
        for terrain in TERRAINS:
            times = []
            for seed in range(1, runs + 1):
                t = time.process_time()
                generate(FieldSpec(seed=seed, width=w, height=h, terrain=terrain), kinds).text(tileset)  # type: ignore[arg-type]
                times.append((time.process_time() - t) * 1000)
            print(f"{w}x{h:<5} {terrain:<8} {statistics.median(times):9.1f} {max(times):7.1f}")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def fairness(maps: int, level: str, terrain: str, size: tuple[int, int]) -> None:
    kinds = load()
    w, h = size
    wins = {"blue": 0, "red": 0, None: 0}
    with tempfile.TemporaryDirectory() as folder:
        tileset = str(MAPS / "terrain.tsx")
        for seed in range(1, maps + 1):
            path = Path(folder) / f"field_{seed}.tmx"
            path.write_text(generate(FieldSpec(seed=seed, width=w, height=h, terrain=terrain), kinds).text(tileset))  # type: ignore[arg-type]
            (result,) = play_many(str(path), [(seed, {"blue": level, "red": level})], workers=1)
            wins[result["winner"]] = wins.get(result["winner"], 0) + 1
    decided = wins["blue"] + wins["red"]
    lo, hi = wilson(wins["blue"], decided)
    print(f"{maps} maps ({w}x{h}, {terrain}, AI {level}): blue {wins['blue']}, red {wins['red']}, draws {wins[None]}")
    print(f"blue's share of decided games: {wins['blue'] / max(1, decided):.1%}, 95% interval {lo:.1%}-{hi:.1%}")


def gate(seeds: int, play: bool) -> None:
    from game.scenario.tiled import load_scenario  # noqa: PLC0415

    kinds = load()
    tileset = str(MAPS / "terrain.tsx")
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "field.tmx"
        for (w, h), terrain, sides in itertools.product(SIZES, TERRAINS, (2, 3)):
            games = rounds = 0
            for seed in range(1, seeds + 1):
                spec = FieldSpec(seed=seed, width=w, height=h, terrain=terrain, sides=sides)  # type: ignore[arg-type]
                text = generate(spec, kinds).text(tileset)
                if generate(spec, kinds).text(tileset) != text:
                    failures += 1
                    print(f"seed {seed} {w}x{h} {terrain} {sides} sides: not the same twice")
                path.write_text(text, encoding="utf-8")
                load_scenario(path)  # raises on any problem rout check would report
                if play:
                    (result,) = play_many(str(path), [(seed, dict.fromkeys(spec.side_names, "baseline"))])
                    games += 1
                    rounds += result["rounds"]
            ended = f", {games} AI games ended, mean {rounds / max(1, games):.1f} rounds" if play else ""
            print(f"{w}x{h} {terrain} {sides} sides: {seeds} maps checked and loaded{ended}", flush=True)
    print("gate passed" if not failures else f"gate failed: {failures} maps")


def land(seeds: int, mirror: bool) -> None:
    from game.generate.check import problems  # noqa: PLC0415

    kinds = load()
    broken = 0
    print(f"size     sides  fields  broken  river  lake  road  ms/field  ({'mirrored' if mirror else 'not mirrored'})")
    for (w, h), sides in itertools.product(SIZES, (2, 3)):
        bad = river = lake = road = 0
        spent = 0.0
        for seed in range(1, seeds + 1):
            terrain = TERRAINS[seed % len(TERRAINS)]
            spec = FieldSpec(seed=seed, width=w, height=h, sides=sides, terrain=terrain, mirror=mirror)
            t = time.process_time()
            made = generate(spec, kinds)
            spent += time.process_time() - t
            found = problems(made)
            if found:
                bad += 1
                print(f"  seed {seed} {w}x{h} {sides} sides: {found[0]}")
            notes = " ".join(made.land.notes)
            river += "a river" in notes
            lake += "a lake" in notes
            road += "a road" in notes or "bridge" in notes
        broken += bad
        shares = "  ".join(f"{n / seeds:5.0%}" for n in (river, lake, road))
        print(f"{w}x{h:<5} {sides:5} {seeds:7} {bad:7}  {shares} {spent / seeds * 1000:9.1f}", flush=True)
    print("every field keeps the rules of land" if not broken else f"{broken} fields break a rule")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--fairness", type=int, default=0, metavar="MAPS")
    ap.add_argument("--gate", action="store_true")
    ap.add_argument("--land", type=int, default=0, metavar="N")
    ap.add_argument("--mirror", action="store_true")
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--play", action="store_true")
    ap.add_argument("--level", default="normal")
    ap.add_argument("--terrain", default="mixed", choices=TERRAINS)
    ap.add_argument("--size", type=parse_size, default=(24, 16))
    args = ap.parse_args()
    if args.land:
        land(args.land, args.mirror)
    elif args.gate:
        gate(args.seeds, args.play)
    elif args.fairness:
        fairness(args.fairness, args.level, args.terrain, args.size)
    else:
        timing(args.runs)


if __name__ == "__main__":
    main()
