"""After pricing (issue 20): does an army of any single kind at a budget win 35-65% of its games
against the reference army at the same budget?

    python bench/bench_price.py [--budget B] [--games G] [--ai LEVEL] [--points FILE] [--kinds K,...] [--jobs N] [--first-seed S]

For each priced kind: an army of it against a reference force (first-level fighters, 10 points
each) of the same points, as near as whole creatures allow (game/pricing/equal.py), G games
on generated fields like those `rout price` plays on, but of other seeds (S..S+G-1, 1001 on by
default: `rout price` plays seeds 1..its games, and a check on the same games would only repeat
them), the kind taking each zone in turn.
Prints each kind's score (wins and half the draws) with its 95% Wilson interval, and the worst
kind: the one farthest from an even share.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.play.field_games import play_field_games
from game.play.tally import wilson
from game.pricing.duel import duel_games
from game.pricing.equal import equal_forces
from game.pricing.price import BUDGET, REFERENCE, REFERENCE_POINTS
from game.pricing.table import POINTS_FILE, read


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=BUDGET)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--ai", default="normal")
    ap.add_argument("--points", type=Path, default=POINTS_FILE)
    ap.add_argument("--kinds", help="KIND,KIND,...: only these")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--first-seed", type=int, default=1001)
    args = ap.parse_args()
    table = read(args.points)
    if table is None:
        sys.exit(f"{args.points}: no points file")
    wanted = args.kinds.split(",") if args.kinds else sorted(table.prices)
    worst = ("", 0.5)
    inside = 0
    for key in wanted:
        p = table.prices[key]
        count, refs = equal_forces(p.points, args.budget, REFERENCE_POINTS)
        games = duel_games(key, count, REFERENCE, refs, games=args.games, level=args.ai, first=args.first_seed)
        score = 0.0
        for g, result in enumerate(play_field_games(games, workers=args.jobs)):
            side = "blue" if g % 2 == 0 else "red"
            score += 1.0 if result["winner"] == side else 0.5 if result["winner"] is None else 0.0
        rate = score / args.games
        inside += 0.35 <= rate <= 0.65
        lo, hi = wilson(round(score), args.games)
        print(
            f"{key:15} {count:3} at {p.points:5.1f} ({count * p.points:5.1f}) vs {refs} fighters: {rate:5.1%} (95% {lo:.0%}-{hi:.0%})",
            flush=True,
        )
        if abs(rate - 0.5) > abs(worst[1] - 0.5):
            worst = (key, rate)
    print(f"{inside} of {len(wanted)} kinds within 35-65%; worst kind: {worst[0]} at {worst[1]:.1%}")


if __name__ == "__main__":
    main()
