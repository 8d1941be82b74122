"""Benchmarks for the Rout battle engine and its baseline AI.

    python bench/bench_engine.py            # full run (a few minutes)
    python bench/bench_engine.py --quick    # fewer battles, smaller samples
    python bench/bench_engine.py --json     # also print the figures as JSON
    python bench/bench_engine.py --memory-200   # one headless 200-unit battle, then exit
                                               # (the main run calls this under /usr/bin/time -v)

Everything here is read-only towards the game: it builds scenarios in code
(the same way tests/helpers.py does) and drives Battle through its public door,
`apply`, exactly as game.play.runner.play does.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import contextlib
import itertools

from game import ai
from game.core.battle import Battle
from game.core.commands import Command
from game.core.rules.geometry import FACINGS
from game.core.terrain import Terrain
from game.play.runner import play
from game.scenario import catalogue
from game.scenario.model import Placement, Scenario
from game.scenario.tiled import load_scenario

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "skirmish.tmx"
MIX = ("fighter1", "orc", "goblin", "hobgoblin", "gnoll")

# The aims the lead set.
AIM_DEFAULT_MS = 100.0
AIM_MEMORY_MB = 150.0
AIM_COPY_US = 1000.0

clock = time.perf_counter
cpu_clock = time.process_time


# -- scenarios -------------------------------------------------------------------------


def field_scenario(n_units: int, size: int = 64, seed: int = 2024, max_rounds: int = 30, gap: int = 20) -> Scenario:
    """An open field with a few random walls and rough patches (fixed seed), and two lines
    of units `gap` squares apart, facing each other. Half the units on each side."""
    rnd = random.Random(seed)
    per_side = n_units // 2
    cols = min(per_side, (size - 4) // 2)  # every other column: room to manoeuvre
    mid = size // 2
    blue_front = mid - gap // 2  # blue faces south, red faces north
    red_front = mid + gap // 2
    x0 = (size - (cols * 2 - 1)) // 2
    kinds = catalogue.load()
    units: list[Placement] = []
    occupied: set[tuple[int, int]] = set()
    for side, front, step, facing in (("blue", blue_front, -2, "S"), ("red", red_front, 2, "N")):
        for i in range(per_side):
            r, c = divmod(i, cols)
            pos = (x0 + 2 * c, front + step * r)
            assert 0 <= pos[1] < size, "too many units for this map"
            key = MIX[i % len(MIX)]
            units.append(Placement(f"{side}_{i:03d}_{key}", side, kinds[key], pos, FACINGS.index(facing)))
            occupied.add(pos)
    # Walls and rough ground: only in the band between the lines, never on a unit.
    move_cost: dict[tuple[int, int], int] = {}
    blocks: dict[tuple[int, int], bool] = {}
    for _ in range(6):  # short walls
        horizontal = rnd.random() < 0.5
        length = rnd.randint(3, 6)
        x, y = rnd.randint(2, size - 8), rnd.randint(blue_front + 3, red_front - 3)
        for k in range(length):
            p = (x + k, y) if horizontal else (x, min(y + k, red_front - 2))
            if p not in occupied:
                move_cost[p] = 0
                blocks[p] = True
    for _ in range(8):  # rough patches, 3x3
        x, y = rnd.randint(1, size - 4), rnd.randint(blue_front + 2, red_front - 4)
        for dx in range(3):
            for dy in range(3):
                p = (x + dx, y + dy)
                if p not in occupied and p not in move_cost:
                    move_cost[p] = 2
    terrain = Terrain.open_field(size, size).with_squares(move_cost=move_cost, blocks_sight=blocks)
    return Scenario(terrain, tuple(units), {"max_rounds": max_rounds}, f"bench field {n_units}")


# -- running battles -------------------------------------------------------------------


class Run:
    """One battle played with the baseline AI, timing AI and engine separately,
    in wall-clock time and in this process's CPU time (the machine may be shared)."""

    def __init__(self, scenario: Scenario, seed: int) -> None:
        t0, c0 = clock(), cpu_clock()
        b = Battle(scenario, seed=seed)
        self.setup = clock() - t0
        self.ai = self.engine = self.ai_cpu = self.engine_cpu = 0.0
        self.commands = []
        self.ai_failures = []  # (round, unit, error) where ai.decide raised; the unit held instead
        while not b.over:
            a, ac = clock(), cpu_clock()
            try:
                cmd = ai.decide(b, "baseline")
            except ValueError as e:  # known: baseline._withdraw on a unit whose square is double-booked
                p = b.pending()
                self.ai_failures.append((b.round, p.unit, f"{type(e).__name__}: {e}"))
                cmd = Command("hold", p.unit or "")
            m, mc = clock(), cpu_clock()
            b.apply(cmd)
            e, ec = clock(), cpu_clock()
            self.ai += m - a
            self.engine += e - m
            self.ai_cpu += mc - ac
            self.engine_cpu += ec - mc
            self.commands.append(cmd)
        self.total = clock() - t0
        self.total_cpu = cpu_clock() - c0
        self.battle = b
        self.rounds = b.round
        self.events = len(b.events)
        self.decisions = len(self.commands)
        self.winner = b.winner


def replay(scenario: Scenario, seed: int, commands) -> tuple[float, Battle]:
    """The engine alone: the same battle, fed its recorded commands (no AI); CPU seconds."""
    t0 = cpu_clock()
    b = Battle(scenario, seed=seed)
    for c in commands:
        b.apply(c)
    return cpu_clock() - t0, b


def timed_play(scenario: Scenario, seed: int) -> tuple[float, Battle]:
    """game.play.runner.play exactly as the game calls it, wall clock."""
    t0 = clock()
    b = play(Battle(scenario, seed=seed))
    return clock() - t0, b


def median_us(fn, repeat: int, number: int) -> float:
    """Median over `repeat` samples of the mean time of `number` calls, in microseconds."""
    samples = []
    for _ in range(repeat):
        t0 = clock()
        for _ in range(number):
            fn()
        samples.append((clock() - t0) / number)
    return statistics.median(samples) * 1e6


# -- the benchmarks ----------------------------------------------------------------------


def bench_default(n: int) -> dict:
    scenario = load_scenario(DEFAULT_MAP)
    play(Battle(scenario, seed=999))  # warm up imports, caches
    # 1. runner.play, as the game does it
    cpu0 = time.process_time()
    plays = [timed_play(scenario, s) for s in range(1, n + 1)]
    cpu = time.process_time() - cpu0
    times = [t for t, _ in plays]
    events = sum(len(b.events) for _, b in plays)
    rounds = sum(b.round for _, b in plays)
    # 2. the same battles with AI and engine timed apart, and the commands recorded
    runs = [Run(scenario, s) for s in range(1, n + 1)]
    decisions = sum(r.decisions for r in runs)
    # 3. the engine alone, replaying the recorded commands
    reps = []
    for s, r in zip(range(1, n + 1), runs, strict=True):
        t, b = replay(scenario, s, r.commands)
        assert b.over and b.winner == r.winner and len(b.events) == r.events, "replay diverged"
        reps.append(t)
    total = sum(times)
    return {
        "units": len(scenario.units),
        "map": f"{scenario.terrain.width}x{scenario.terrain.height}",
        "battles": n,
        "rounds_mean": rounds / n,
        "battles_per_s": n / total,
        "ms_per_battle_mean": 1e3 * statistics.mean(times),
        "ms_per_battle_median": 1e3 * statistics.median(times),
        "ms_per_battle_min": 1e3 * min(times),
        "cpu_ms_per_battle": 1e3 * cpu / n,
        "ms_per_battle_max": 1e3 * max(times),
        "events_per_battle": events / n,
        "events_per_s": events / total,
        "decisions_per_battle": decisions / n,
        "decisions_per_s": decisions / total,
        "ms_ai_per_battle": 1e3 * sum(r.ai for r in runs) / n,
        "ms_apply_per_battle": 1e3 * sum(r.engine for r in runs) / n,
        "cpu_ms_ai_per_battle": 1e3 * sum(r.ai_cpu for r in runs) / n,
        "cpu_ms_apply_per_battle": 1e3 * sum(r.engine_cpu for r in runs) / n,
        "ms_setup_per_battle": 1e3 * sum(r.setup for r in runs) / n,
        "cpu_ms_engine_replay_mean": 1e3 * statistics.mean(reps),
        "cpu_ms_engine_replay_median": 1e3 * statistics.median(reps),
        "engine_replay_battles_per_s": n / sum(reps),
        "engine_replay_events_per_s": events / sum(reps),
        "ai_share": sum(r.ai_cpu for r in runs) / sum(r.total_cpu for r in runs),
    }


def bench_field(n_units: int, seeds: list[int], max_rounds: int = 30) -> dict:
    scenario = field_scenario(n_units, max_rounds=max_rounds)
    runs = [Run(scenario, s) for s in seeds]
    total = sum(r.total for r in runs)
    rounds = sum(r.rounds for r in runs)
    events = sum(r.events for r in runs)
    decisions = sum(r.decisions for r in runs)
    cpu = sum(r.total_cpu for r in runs)
    ai_t = sum(r.ai_cpu for r in runs)
    eng_t = sum(r.engine_cpu for r in runs)
    return {
        "units": n_units,
        "battles": len(runs),
        "seeds": seeds,
        "rounds_mean": rounds / len(runs),
        "winners": [r.winner for r in runs],
        "ms_per_battle": 1e3 * total / len(runs),
        "ms_per_round": 1e3 * total / rounds,
        "ms_per_round_per_unit": 1e3 * total / rounds / n_units,
        "cpu_ms_per_battle": 1e3 * cpu / len(runs),
        "cpu_ms_per_round": 1e3 * cpu / rounds,
        "cpu_ms_per_round_per_unit": 1e3 * cpu / rounds / n_units,
        "cpu_ms_ai_per_round": 1e3 * ai_t / rounds,
        "cpu_ms_engine_per_round": 1e3 * eng_t / rounds,
        "cpu_ms_engine_per_round_per_unit": 1e3 * eng_t / rounds / n_units,
        "cpu_ms_ai_per_decision": 1e3 * ai_t / decisions,
        "cpu_ms_engine_per_decision": 1e3 * eng_t / decisions,
        "ms_setup": 1e3 * sum(r.setup for r in runs) / len(runs),
        "events_per_battle": events / len(runs),
        "events_per_s": events / total,
        "decisions_per_s": decisions / total,
        "ai_failures": [f for r in runs for f in r.ai_failures],
    }


def bench_copy(quick: bool) -> dict:
    scenario = field_scenario(50)
    b = Battle(scenario, seed=1)
    repeat, number = (50, 200) if quick else (200, 500)
    out = {
        "units": 50,
        "world_copy_us_start": median_us(b.world.copy, repeat, number),
        "battle_copy_us_start": median_us(b.copy, repeat, number),
    }
    # Mid-battle: after a few rounds of fighting the log is long and the round state full.
    while not b.over and b.round < 6:
        b.apply(ai.decide(b))
    out["mid_round"] = b.round
    out["mid_events_in_log"] = len(b.events)
    out["world_copy_us_mid"] = median_us(b.world.copy, repeat, number)
    out["battle_copy_us_mid"] = median_us(b.copy, repeat, number)
    return out


def run_memory_200() -> None:
    """One headless 200-unit battle (the child of the --memory measurement)."""
    r = Run(field_scenario(200), 1)
    print(json.dumps({"rounds": r.rounds, "events": r.events, "seconds": r.total, "ai_failures": len(r.ai_failures)}))


def run_memory_idle() -> None:
    """Imports and the scenario only: the floor under the 200-unit figure."""
    field_scenario(200)
    print(json.dumps({}))


def measure_memory(mode: str) -> dict:
    timer = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    if timer is None:
        return {"error": "/usr/bin/time not found (apt-get install -y time)"}
    p = subprocess.run([timer, "-v", sys.executable, __file__, mode], check=False, capture_output=True, text=True)
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    if p.returncode != 0 or not m:
        return {"error": (p.stderr or p.stdout)[-500:]}
    out = {"max_rss_mb": int(m.group(1)) / 1024}
    with contextlib.suppress(ValueError, IndexError):
        out.update(json.loads(p.stdout.strip().splitlines()[-1]))
    return out


# -- the report --------------------------------------------------------------------------


def code_version() -> str:
    """The commit measured, with '+dirty' when game/ differs from it (the code moves under us)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=False, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "game"], cwd=ROOT, check=False, capture_output=True, text=True
        ).stdout.strip()
        return head + ("+dirty" if dirty else "") if head else "unknown"
    except OSError:
        return "unknown"


def machine() -> dict:
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "code": code_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
    }


def verdict(ok: bool) -> str:
    return "MET" if ok else "MISSED"


def report(res: dict) -> str:
    lines = []
    m = res["machine"]
    lines.append(f"machine: {m['cpu']}, nproc={m['nproc']}, {m['implementation']} {m['python']}")
    code = (
        m["code"]
        if m["code"] == res.get("code_after", m["code"])
        else f"{m['code']} -> {res['code_after']} (CHANGED DURING THE RUN)"
    )
    lines.append(f"code: {code}")
    d = res["default"]
    lines.append("")
    lines.append("(wall-clock figures suffer when other processes share the cores; CPU figures do not)")
    lines.append(
        f"Default scenario (maps/skirmish.tmx, {d['units']} units, {d['map']}), "
        f"{d['battles']} battles, seeds 1..{d['battles']}, baseline AI vs baseline AI"
    )
    rows = [
        ("battles / s (wall)", f"{d['battles_per_s']:.2f}"),
        ("wall ms / battle, mean", f"{d['ms_per_battle_mean']:.1f}"),
        ("wall ms / battle, median", f"{d['ms_per_battle_median']:.1f}"),
        ("CPU ms / battle (process time)", f"{d['cpu_ms_per_battle']:.1f}"),
        ("wall ms / battle, min .. max", f"{d['ms_per_battle_min']:.1f} .. {d['ms_per_battle_max']:.1f}"),
        ("rounds / battle", f"{d['rounds_mean']:.1f}"),
        ("events / battle", f"{d['events_per_battle']:.0f}"),
        ("events / s", f"{d['events_per_s']:.0f}"),
        ("decisions / battle", f"{d['decisions_per_battle']:.0f}"),
        ("decisions / s", f"{d['decisions_per_s']:.0f}"),
        (
            "  AI (ai.decide), CPU ms / battle",
            f"{d['cpu_ms_ai_per_battle']:.1f}  ({100 * d['ai_share']:.0f}% of the battle)",
        ),
        ("  engine (battle.apply), CPU ms / battle", f"{d['cpu_ms_apply_per_battle']:.1f}"),
        ("  Battle() setup, ms / battle", f"{d['ms_setup_per_battle']:.2f}"),
        ("engine alone (replay), CPU ms / battle mean", f"{d['cpu_ms_engine_replay_mean']:.1f}"),
        ("engine alone (replay), CPU ms / battle median", f"{d['cpu_ms_engine_replay_median']:.1f}"),
        ("engine alone (replay), battles / s", f"{d['engine_replay_battles_per_s']:.1f}"),
        ("engine alone (replay), events / s", f"{d['engine_replay_events_per_s']:.0f}"),
    ]
    lines += table(rows)
    f = res["fifty"]
    lines.append("")
    lines.append(f"50 v 50 on a 64x64 field (max_rounds 30), {f['battles']} battle(s), seeds {f['seeds']}")
    lines += table(
        [
            ("wall ms / battle", f"{f['ms_per_battle']:.0f}"),
            ("rounds / battle", f"{f['rounds_mean']:.1f}"),
            ("wall ms / round", f"{f['ms_per_round']:.1f}"),
            ("CPU ms / battle", f"{f['cpu_ms_per_battle']:.0f}"),
            ("CPU ms / round", f"{f['cpu_ms_per_round']:.1f}"),
            (
                "  of which AI / engine, CPU ms / round",
                f"{f['cpu_ms_ai_per_round']:.1f} / {f['cpu_ms_engine_per_round']:.1f}",
            ),
            ("events / battle", f"{f['events_per_battle']:.0f}"),
            ("events / s", f"{f['events_per_s']:.0f}"),
            ("decisions / s", f"{f['decisions_per_s']:.0f}"),
        ]
    )
    lines.append("")
    lines.append("Scaling on a 64x64 field (half the units each side), baseline AI, max_rounds 30")
    lines.append("  (wall = wall clock; cpu = this process's CPU time; AI and engine columns are CPU)")
    hdr = (
        "units",
        "battles",
        "rounds",
        "wall ms/battle",
        "wall ms/round",
        "cpu ms/round",
        "cpu ms/round/unit",
        "AI ms/round",
        "engine ms/round",
        "engine ms/round/unit",
    )
    body = []
    for s in res["scaling"]:
        body.append(
            (
                str(s["units"]),
                str(s["battles"]),
                f"{s['rounds_mean']:.1f}",
                f"{s['ms_per_battle']:.0f}",
                f"{s['ms_per_round']:.1f}",
                f"{s['cpu_ms_per_round']:.1f}",
                f"{s['cpu_ms_per_round_per_unit']:.2f}",
                f"{s['cpu_ms_ai_per_round']:.1f}",
                f"{s['cpu_ms_engine_per_round']:.1f}",
                f"{s['cpu_ms_engine_per_round_per_unit']:.3f}",
            )
        )
    lines += grid(hdr, body)
    fails = [(s["units"], f) for s in [res["fifty"], *res["scaling"]] for f in s["ai_failures"]]
    if fails:
        lines.append(f"  NOTE: ai.decide raised {len(fails)} time(s); the unit held instead (see README):")
        for units, (rnd, uid, err) in fails[:6]:
            lines.append(f"    {units} units, round {rnd}, {uid}: {err}")
    c = res["copy"]
    lines.append("")
    lines.append("Copies for look-ahead, 50 units, median microseconds")
    lines += table(
        [
            ("battle.world.copy(), at the start", f"{c['world_copy_us_start']:.1f} us"),
            ("battle.copy(), at the start", f"{c['battle_copy_us_start']:.1f} us"),
            (f"battle.world.copy(), round {c['mid_round']}", f"{c['world_copy_us_mid']:.1f} us"),
            (
                f"battle.copy(), round {c['mid_round']} ({c['mid_events_in_log']} events in the log)",
                f"{c['battle_copy_us_mid']:.1f} us",
            ),
        ]
    )
    mem = res.get("memory")
    if mem:
        lines.append("")
        lines.append("Peak memory (/usr/bin/time -v, Maximum resident set size)")
        rows = []
        for label, key in (
            ("imports + 200-unit scenario, no battle", "idle"),
            ("one headless 200-unit battle", "battle_200"),
        ):
            v = mem.get(key, {})
            rows.append((label, f"{v['max_rss_mb']:.1f} MB" if "max_rss_mb" in v else f"n/a ({v.get('error', '')})"))
        lines += table(rows)
    lines.append("")
    lines.append("Aims")
    lines += table(aims(res))
    return "\n".join(lines)


def aims(res: dict) -> list[tuple[str, str]]:
    d, c = res["default"], res["copy"]
    out = [
        (
            f"default battle < {AIM_DEFAULT_MS:.0f} ms on one core",
            (
                f"{verdict(d['cpu_ms_per_battle'] < AIM_DEFAULT_MS)}: {d['cpu_ms_per_battle']:.0f} CPU ms "
                f"({d['ms_per_battle_mean']:.0f} ms wall; engine alone {d['cpu_ms_engine_replay_mean']:.0f} CPU ms)"
            ),
        )
    ]
    sc = res["scaling"]
    per_unit = [s["cpu_ms_per_round_per_unit"] for s in sc]
    # linear or better: cost per round per unit does not grow (20% slack for noise)
    ok = all(b <= a * 1.2 for a, b in itertools.pairwise(per_unit))
    out.append(
        (
            "cost per round no worse than linear in units",
            f"{verdict(ok)}: CPU ms/round/unit "
            + " -> ".join(f"{v:.2f}" for v in per_unit)
            + " for "
            + ", ".join(str(s["units"]) for s in sc)
            + " units",
        )
    )
    mem = res.get("memory", {}).get("battle_200", {})
    if "max_rss_mb" in mem:
        out.append(
            (
                f"200-unit headless battle < {AIM_MEMORY_MB:.0f} MB",
                f"{verdict(mem['max_rss_mb'] < AIM_MEMORY_MB)}: {mem['max_rss_mb']:.0f} MB peak RSS",
            )
        )
    out.append(
        (
            f"World copy < {AIM_COPY_US:.0f} us for 50 units",
            (
                f"{verdict(max(c['world_copy_us_start'], c['world_copy_us_mid']) < AIM_COPY_US)}: "
                f"{c['world_copy_us_mid']:.1f} us (battle.copy {c['battle_copy_us_mid']:.1f} us)"
            ),
        )
    )
    return out


def table(rows) -> list[str]:
    w = max(len(a) for a, _ in rows)
    return [f"  {a.ljust(w)}  {b}" for a, b in rows]


def grid(hdr, body) -> list[str]:
    widths = [max(len(r[i]) for r in [hdr, *body]) for i in range(len(hdr))]
    fmt = lambda r: "  " + "  ".join(c.rjust(widths[i]) for i, c in enumerate(r))
    return [fmt(hdr), "  " + "  ".join("-" * w for w in widths), *map(fmt, body)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer battles and samples")
    ap.add_argument("--json", action="store_true", help="also print the figures as JSON")
    ap.add_argument("--no-memory", action="store_true", help="skip the peak-memory subprocesses")
    ap.add_argument("--memory-200", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--memory-idle", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.memory_200:
        run_memory_200()
        return
    if args.memory_idle:
        run_memory_idle()
        return
    gc.collect()
    n = 5 if args.quick else 20
    res: dict = {"machine": machine(), "quick": args.quick}
    step = lambda s: print(f"... {s}", file=sys.stderr, flush=True)
    step(f"default scenario, {n} battles x 3 (play, timed apart, replay)")
    res["default"] = bench_default(n)
    step("50 v 50")
    res["fifty"] = bench_field(50 * 2, [1] if args.quick else [1, 2, 3])
    res["scaling"] = []
    for units, seeds in ((10, [1, 2, 3, 4, 5]), (50, [1, 2, 3]), (200, [1])):
        run_seeds = seeds[:1] if args.quick else seeds
        step(f"scaling: {units} units, seeds {run_seeds}")
        res["scaling"].append(bench_field(units, run_seeds))
    step("copies")
    res["copy"] = bench_copy(args.quick)
    if not args.no_memory:
        step("peak memory (subprocesses under /usr/bin/time -v)")
        res["memory"] = {"idle": measure_memory("--memory-idle"), "battle_200": measure_memory("--memory-200")}
    res["code_after"] = code_version()
    print(report(res))
    if args.json:
        print(json.dumps(res, indent=2, default=str))


if __name__ == "__main__":
    main()
