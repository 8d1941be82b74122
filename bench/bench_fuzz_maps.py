"""Fuzz the map loader at length: thousands of mutated shipped maps, the same mutator as the tests.

    python bench/bench_fuzz_maps.py [--cases N] [--start SEED] [--show K]

Reports how many cases ran, how many loaded, how many were refused with a
ScenarioError, how many of those only reached the loader's last-resort
'map: cannot be read' line (a check the XML pass could make more specific),
and every escape (anything other than a Scenario or a ScenarioError; there
should be none). Exit status 1 when anything escaped.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.scenario.test_fuzz_maps import run_case


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=5000)
    ap.add_argument("--start", type=int, default=100_000, help="first seed (the tests use 0..)")
    ap.add_argument("--show", type=int, default=10, help="how many fallback messages to list")
    args = ap.parse_args(argv)
    counts: Counter[str] = Counter()
    fallbacks: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    escapes: list[str] = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(args.start, args.start + args.cases):
            outcome, detail = run_case(seed, Path(tmp))
            counts[outcome] += 1
            if outcome == "escape":
                escapes.append(str(detail))
            elif outcome == "error":
                for p in detail:
                    what = p.split(": ", 2)
                    kinds[what[1].split(" ")[0] if len(what) > 1 else "?"] += 1
                    if ": map: cannot be read: " in p:
                        fallbacks[p.split(": map: cannot be read: ", 1)[1][:90]] += 1
            if seed % 50 == 0:
                for f in Path(tmp).iterdir():
                    f.unlink()
    dt = time.perf_counter() - t0
    print(
        f"cases {args.cases} (seeds {args.start}..{args.start + args.cases - 1}) in {dt:.1f} s, "
        f"{1000 * dt / max(args.cases, 1):.2f} ms each"
    )
    print(f"  loaded {counts['ok']}, refused with ScenarioError {counts['error']}, escaped {counts['escape']}")
    print("  problems by where: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    print(f"  last-resort 'map: cannot be read' lines: {sum(fallbacks.values())}")
    for text, n in fallbacks.most_common(args.show):
        print(f"    {n:5d}  {text}")
    for e in escapes:
        print(f"  ESCAPE {e}")
    return 1 if escapes else 0


if __name__ == "__main__":
    sys.exit(main())
