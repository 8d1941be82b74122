"""Where the time goes: cProfile over default battles and a 50 v 50 battle.

python bench/profile_engine.py                 # both, top 25 by own time and by cumulative time
python bench/profile_engine.py --only default  # or --only fifty
python bench/profile_engine.py --top 40 --save /tmp/prof   # also write .prof files (snakeviz, pstats)
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import DEFAULT_MAP, Run, field_scenario

from game.scenario.tiled import load_scenario


def profile(label: str, fn, top: int, save: str | None) -> None:
    pr = cProfile.Profile()
    pr.enable()
    fn()
    pr.disable()
    if save:
        pr.dump_stats(f"{save}_{label}.prof")
    for key in ("tottime", "cumulative"):
        out = io.StringIO()
        st = pstats.Stats(pr, stream=out).strip_dirs().sort_stats(key)
        st.print_stats(top)
        text = out.getvalue()
        body = text[text.index("   ncalls") :] if "   ncalls" in text else text
        total = st.total_tt
        print(f"\n==== {label}: top {top} by {key} (total {total:.2f} s under the profiler) ====")
        print(body.rstrip())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", choices=("default", "fifty"))
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--battles", type=int, default=5, help="default-scenario battles (seeds 1..N)")
    ap.add_argument("--save", help="prefix for .prof files")
    a = ap.parse_args()
    if a.only in (None, "default"):
        sc = load_scenario(DEFAULT_MAP)
        profile("default", lambda: [Run(sc, s) for s in range(1, a.battles + 1)], a.top, a.save)
    if a.only in (None, "fifty"):
        sc = field_scenario(100)
        profile("fifty", lambda: Run(sc, 1), a.top, a.save)


if __name__ == "__main__":
    main()
