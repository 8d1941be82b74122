"""How much of a game is dice: each field of a match's pool played with several dice, the field
and armies fixed, and the first side's share of wins per field.

    python bench/bench_luck.py normal normal --fields 40 --dice 10 --seed 160001 --jobs 2

Level A plays the first side of every game, B the second. Within a field only the dice (the
game's seed) change, so the variance of a field's results is the dice's share of a game, and the
variance between the fields' means is the field's and the side's.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match.games import pair_games, play_match_game


def _game(job: tuple[str, str, int, int, int]) -> tuple[int, float | None]:
    a, b, seed, pair, k = job
    first, _ = pair_games(pair, seed, "all", a, b)
    played = play_match_game(dataclasses.replace(first, seed=first.seed * 100 + k))
    return pair, None if played.unplayable else played.a_points


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--fields", type=int, default=40)
    ap.add_argument("--dice", type=int, default=10, help="games a field, each with dice of its own")
    ap.add_argument("--seed", type=int, default=160001, help="the first field's pair seed")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    jobs = [(args.a, args.b, args.seed, p, k) for p in range(args.fields) for k in range(args.dice)]
    with Pool(args.jobs) as pool:
        results = pool.map(_game, jobs, chunksize=1)
    per: dict[int, list[float]] = {}
    for pair, points in results:
        if points is not None:
            per.setdefault(pair, []).append(points)
    shares = sorted(sum(v) / len(v) for v in per.values())
    print(f"{args.a} (first side) against {args.b}: {len(per)} fields, {args.dice} dice each")
    print("first side's share of wins per field:", " ".join(f"{x:.2f}" for x in shares))
    within = statistics.mean(statistics.pvariance(v) for v in per.values())
    between = statistics.pvariance([sum(v) / len(v) for v in per.values()])
    print(f"variance within a field (the dice) {within:.3f}; between the fields' means {between:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
