"""AI decision time: per activation (median, 99th percentile, max) and per side-round.

    python bench/bench_ai.py               # normal and hard, skirmish.tmx and a 50 v 50 field
    python bench/bench_ai.py --quick       # fewer games and rounds
    python bench/bench_ai.py --json        # also the figures as JSON
    python bench/bench_ai.py --quick --against /tmp/base --repeat 5   # side by side with another checkout

Both sides play the level measured. Every `ai.decide` call is timed in CPU time
(`time.process_time`, the machine is shared) and wall time; "side-round" is the sum of one
side's activation decisions in one round (end-of-round retreat choices excluded). The 50 v 50
battle uses maps/battle.tmx if it exists, else bench_engine.field_scenario(100) (64x64,
50 units a side), and is cut after --rounds rounds to keep the run short. Before each battle the
heap is collected and frozen, as the game's AI worker does after its first decision: a full
collection over everything (12-17 ms) would otherwise land in whichever decision it falls on.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_engine import field_scenario

from game import ai
from game.core.battle import RETREAT, Battle
from game.scenario.tiled import load_scenario

AIM_DECISION_MS = 50.0
AIM_SIDE_ROUND_MS = 200.0


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return 0.0
    k = min(len(xs) - 1, max(0, round(q / 100 * (len(xs) - 1))))
    return xs[k]


def measure(scenario, level: str, seeds: list[int], max_rounds: int | None) -> dict:
    per_decision: list[float] = []
    per_decision_wall: list[float] = []
    side_round: dict[tuple[int, int, str], float] = {}
    rounds = 0
    for seed in seeds:
        b = Battle(scenario, seed=seed)
        # As the game's AI worker does after its first decision (game/ui/battle/ai_worker.py): what
        # lives on is set aside, so a full collection looks only at what the battle adds.
        gc.collect()
        gc.freeze()
        while not b.over and (max_rounds is None or b.round <= max_rounds):
            p = b.pending()
            w0, c0 = time.perf_counter(), time.process_time()
            cmd = ai.decide(b, level)
            c1, w1 = time.process_time(), time.perf_counter()
            if p.kind != RETREAT:
                per_decision.append((c1 - c0) * 1000)
                per_decision_wall.append((w1 - w0) * 1000)
                key = (seed, b.round, p.side or "")
                side_round[key] = side_round.get(key, 0.0) + (c1 - c0) * 1000
            b.apply(cmd)
        rounds += b.round
    sr = list(side_round.values())
    return {
        "level": level,
        "battles": len(seeds),
        "rounds": rounds,
        "decisions": len(per_decision),
        "decision_ms_median": statistics.median(per_decision),
        "decision_ms_p99": pct(per_decision, 99),
        "decision_ms_max": max(per_decision),
        "decision_wall_ms_p99": pct(per_decision_wall, 99),
        "side_round_ms_median": statistics.median(sr),
        "side_round_ms_max": max(sr),
        "side_rounds": len(sr),
        "units_per_side": max(sum(1 for p in scenario.units if p.side == s) for s in scenario.sides),
    }


def big_scenarios():
    """maps/battle.tmx when it exists (40+ units), and always the 64x64 50 v 50 field, for
    the time a whole side of 50 units takes to decide its round."""
    out = []
    m = ROOT / "maps" / "battle.tmx"
    if m.exists():
        out.append((load_scenario(m), "maps/battle.tmx"))
    out.append((field_scenario(100), "field 64x64, 50 v 50"))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--levels", default="normal,hard")
    ap.add_argument("--rounds", type=int, default=6, help="rounds of the big battle to time")
    ap.add_argument("--against", type=Path, help="another checkout: its bench_ai.py and this one, run by turns")
    ap.add_argument("--repeat", type=int, default=5, help="with --against: runs of each")
    args = ap.parse_args()
    if args.against is not None:
        return versus(args)
    levels = args.levels.split(",")
    small = load_scenario(ROOT / "maps" / "skirmish.tmx")
    bigs = big_scenarios()
    rows = []
    for level in levels:
        rows.append(("maps/skirmish.tmx", measure(small, level, list(range(1, 4 if args.quick else 11)), None)))
        for big, big_name in bigs:
            rows.append(
                (big_name, measure(big, level, [1] if args.quick else [1, 2], 3 if args.quick else args.rounds))
            )
    print(
        "| map | units/side | level | decisions | median ms | p99 ms | max ms | side-round median ms | side-round max ms |"
    )
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
    for name, r in rows:
        print(
            f"| {name} | {r['units_per_side']} | {r['level']} | {r['decisions']} | {r['decision_ms_median']:.2f} "
            f"| {r['decision_ms_p99']:.1f} "
            f"| {r['decision_ms_max']:.1f} | {r['side_round_ms_median']:.0f} | {r['side_round_ms_max']:.0f} |"
        )
    print(
        f"aims: one decision < {AIM_DECISION_MS:.0f} ms; a 50-unit side's round < {AIM_SIDE_ROUND_MS:.0f} ms (CPU time)"
    )
    if args.json:
        print(json.dumps([{"map": n, **r} for n, r in rows], indent=1))
    return 0


def versus(args: argparse.Namespace) -> int:
    """This checkout and another, `--repeat` runs each taken by turns (so both see the same load
    on a shared machine): per row, the median over the runs of the side-round median and max, and
    the ratio this/other."""
    import subprocess  # noqa: PLC0415

    flags = ["--json", "--levels", args.levels, "--rounds", str(args.rounds)] + (["--quick"] if args.quick else [])
    trees = {"this": ROOT, "other": args.against.resolve()}
    runs: dict[str, list[list[dict]]] = {k: [] for k in trees}
    for _ in range(args.repeat):
        for label, tree in trees.items():
            out = subprocess.run(
                [sys.executable, str(tree / "bench" / "bench_ai.py"), *flags],
                cwd=tree,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            runs[label].append(json.loads(out[out.index("\n[") :]))
    commits = {
        k: subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=t, capture_output=True, text=True, check=False
        ).stdout.strip()
        for k, t in trees.items()
    }
    print(f"this {commits['this']} vs other {commits['other']} ({args.against}), {args.repeat} runs each, by turns")
    print("| map | level | side-round median ms (this / other) | side-round max ms | decision max ms | ratio |")
    print("|---|---|---:|---:|---:|---:|")
    for i, row in enumerate(runs["this"][0]):

        def med(label: str, key: str, i: int = i) -> float:
            return statistics.median(r[i][key] for r in runs[label])

        a, b = med("this", "side_round_ms_median"), med("other", "side_round_ms_median")
        print(
            f"| {row['map']} | {row['level']} | {a:.0f} / {b:.0f} "
            f"| {med('this', 'side_round_ms_max'):.0f} / {med('other', 'side_round_ms_max'):.0f} "
            f"| {med('this', 'decision_ms_max'):.1f} / {med('other', 'decision_ms_max'):.1f} | {a / b:.2f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
