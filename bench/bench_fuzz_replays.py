"""Fuzz `rout replay` at length: tens of thousands of mutated replays, the mutator of the gate.

    python bench/bench_fuzz_replays.py [--cases N] [--start SEED] [--jobs J]

Reports cases, how many played, how many were refused in one line, and every escape (a
traceback, a status other than 0/1/2, or more than one line). Exit status 1 on any escape.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fuzz_replays import run_case


def chunk(seeds: range) -> tuple[Counter[str], list[str]]:
    outcomes: Counter[str] = Counter()
    escapes = []
    with tempfile.TemporaryDirectory() as folder:
        for seed in seeds:
            kind, detail = run_case(seed, Path(folder))
            outcomes[kind] += 1
            if kind == "escape":
                escapes.append(detail)
    return outcomes, escapes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=20_000)
    ap.add_argument("--start", type=int, default=1000, help="the first seed (the gate runs 0-399)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    step = 250
    parts = [range(s, min(s + step, args.start + args.cases)) for s in range(args.start, args.start + args.cases, step)]
    t0 = time.perf_counter()
    total: Counter[str] = Counter()
    escapes: list[str] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for outcomes, found in pool.map(chunk, parts):
            total += outcomes
            escapes += found
    wall = time.perf_counter() - t0
    print(f"cases {sum(total.values())}  played {total['ok']}  refused {total['refused']}  escapes {len(escapes)}")
    print(f"wall {wall:.1f} s with {args.jobs} jobs")
    for e in escapes[:20]:
        print("  " + e)
    return 1 if escapes else 0


if __name__ == "__main__":
    sys.exit(main())
