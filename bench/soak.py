"""The long soak: thousands of AI battles across every shipped map and rule option, each event
and the world checked after every command (the plan and the checks of tests/test_soak.py).

    python bench/soak.py [--battles N] [--start K] [--rounds R] [--jobs J]

Reports battles played, decisions, events, violations (each with a command line that replays
it) and the time taken. Exit status 1 when anything broke the contract.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.soak import Case, plan, play_checked


def run(case: Case) -> tuple[str, int, Counter[str], str]:
    """One battle: (its command line, decisions, event counts, the violation or '')."""
    try:
        decisions, seen = play_checked(case)
    except Exception:  # noqa: BLE001  # a violation, or anything else the engine raised: both are findings
        return str(case), 0, Counter(), traceback.format_exc(limit=3).strip().splitlines()[-1]
    return str(case), decisions, seen, ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--battles", type=int, default=2000)
    ap.add_argument("--start", type=int, default=1000, help="the first case of the plan (the gate plays 0-287)")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    cases = plan(args.battles, args.start, args.rounds)
    t0 = time.perf_counter()
    decisions, seen, broken = 0, Counter[str](), []
    with ProcessPoolExecutor(args.jobs) as pool:
        for line, d, counts, why in pool.map(run, cases, chunksize=8):
            decisions += d
            seen += counts
            if why:
                broken.append((line, why))
    wall = time.perf_counter() - t0
    print(f"battles {len(cases)}  decisions {decisions}  events {sum(seen.values())}  violations {len(broken)}")
    print(f"wall {wall:.1f} s with {args.jobs} jobs ({wall / len(cases) * 1000:.0f} ms a battle)")
    print("events seen: " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))
    for line, why in broken[:20]:
        print(f"  {why}\n    {line}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
