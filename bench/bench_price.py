"""After pricing (issue 20): does an army of any single kind at a budget win 35-65% of its games
against the reference army at the same budget?

    python bench/bench_price.py [--budget B] [--games G] [--ai LEVEL] [--points FILE]

For each priced kind: B points of it (the whole number of creatures nearest the budget, one at
least) against as many points of the reference (first-level fighters, 10 points each), G games on the generated fields
of seeds 1..G, the kind taking each zone in turn. Prints each kind's score (wins and half the
draws) with its 95% Wilson interval, and the worst kind: the one farthest from an even share.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bundled import MAPS
from game.generate.make import generate
from game.generate.spec import FieldSpec
from game.pricing.duel import FIELD
from game.pricing.price import REFERENCE, REFERENCE_POINTS
from game.pricing.table import POINTS_FILE, read
from game.runner import play_each
from game.scenario.catalogue import load
from game.tally import wilson


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=120.0)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--ai", default="normal")
    ap.add_argument("--points", type=Path, default=POINTS_FILE)
    args = ap.parse_args()
    table = read(args.points)
    if table is None:
        sys.exit(f"{args.points}: no points file")
    kinds = load()
    tileset = (MAPS / "terrain.tsx").resolve().as_posix()
    w, h = FIELD
    worst = ("", 0.5)
    with tempfile.TemporaryDirectory() as folder:
        for key, p in sorted(table.prices.items()):
            # equal points as near as whole creatures allow: the budget, or one creature dearer than it
            count = max(1, round(args.budget / p.points))
            refs = max(1, round(count * p.points / REFERENCE_POINTS))
            score = 0.0
            jobs = []
            for g in range(args.games):
                side, other = ("blue", "red") if g % 2 == 0 else ("red", "blue")
                armies = {side: [kinds[key]] * count, other: [kinds[REFERENCE]] * refs}
                path = Path(folder) / f"{key}_{g}.tmx"
                path.write_text(generate(FieldSpec(seed=g + 1, width=w, height=h), {}, armies).text(tileset))
                jobs.append((str(path), g + 1, {"blue": args.ai, "red": args.ai}))
            for g, result in enumerate(play_each(jobs)):
                side = "blue" if g % 2 == 0 else "red"
                score += 1.0 if result["winner"] == side else 0.5 if result["winner"] is None else 0.0
            rate = score / args.games
            lo, hi = wilson(round(score), args.games)
            print(
                f"{key:15} {count:3} at {p.points:5.1f} vs {refs} fighters: {rate:5.1%} (95% {lo:.0%}-{hi:.0%})",
                flush=True,
            )
            if abs(rate - 0.5) > abs(worst[1] - 0.5):
                worst = (key, rate)
    print(f"worst kind: {worst[0]} at {worst[1]:.1%} (aim: every kind within 35-65%)")


if __name__ == "__main__":
    main()
