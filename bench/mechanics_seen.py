"""Which rule clauses show in play: every shipped map over some seeds, the AI (normal by default)
on every side, and for each mechanic of the seeds the games whose logs show it.

    python bench/mechanics_seen.py [--seeds 10] [--level normal] [--jobs 2] [--maps lesson_magic ...]

Prints one line per mechanic: how many games show it and the first few (map:seed); a mechanic no
game shows is marked MISSING and the exit status is 1. Not a timing: it is how issue 11's "over 10
seeds of every shipped map, the event logs together show ..." is checked."""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.home.bundled import MAPS
from tests.mechanics import MECHANICS, one_game


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, default=10)
    p.add_argument("--level", default="normal")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--maps", nargs="*", help="map names (default: every shipped map but the tests')")
    args = p.parse_args()
    names = args.maps or sorted(m.stem for m in MAPS.glob("*.tmx") if not m.stem.startswith("test_"))
    tasks = [(str(MAPS / f"{n}.tmx"), seed, args.level) for n in names for seed in range(1, args.seeds + 1)]
    seen: dict[str, list[str]] = {name: [] for name in MECHANICS}
    with ProcessPoolExecutor(args.jobs) as pool:
        for stem, seed, shown in pool.map(one_game, tasks):
            for name in shown:
                seen[name].append(f"{stem}:{seed}")
    missing = 0
    for name, games in seen.items():
        if games:
            print(f"{name:48} {len(games):4} games, e.g. {', '.join(games[:3])}")
        else:
            missing += 1
            print(f"{name:48} MISSING")
    print(f"{len(tasks)} games, {len(MECHANICS) - missing} of {len(MECHANICS)} mechanics shown")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
