"""The window's frame time while an AI side thinks: a battle of two AI sides in a real window,
its AI in the worker process the game uses, each frame timed and counted as "thinking" while a
decision is out with the worker.

    xvfb-run -a python bench/bench_think_frames.py [--level expert] [--map skirmish] [--seconds 30] [--json]

The AI thinks in a process of its own (game/ui/battle/ai_worker.py), so a frame should take no
longer while it thinks than while it does not; on a 2-core machine the two processes share the
cores with whatever else runs. Frames are paced at 60 a second as the game paces them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.home.bundled import map_path
from game.levels import level_problem
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen

FRAME_S = 1 / 60


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q / 100 * (len(xs) - 1)))] if xs else 0.0


def figures(xs: list[float]) -> dict[str, float]:
    return {
        "frames": len(xs),
        "median_ms": statistics.median(xs) if xs else 0.0,
        "p99_ms": pct(xs, 99),
        "max_ms": max(xs, default=0.0),
    }


def run(level: str, map_name: str, seconds: float) -> dict:
    app = App((1280, 720))
    scenario = load_scenario(map_path(map_name))
    screen = BattleScreen(app, scenario, seed=1, controllers=dict.fromkeys(scenario.sides, "ai"), ai_level=level)
    app.show(screen)
    worker = screen.worker
    assert worker is not None, "a window's AI thinks in its worker"
    thinking: list[float] = []
    idle: list[float] = []
    decisions = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and app.running and app.screen is screen and not screen.battle.over:
        busy = worker.busy
        t0 = time.perf_counter()
        app.step(FRAME_S)
        took = time.perf_counter() - t0
        (thinking if busy else idle).append(took * 1000)
        decisions += busy and not worker.busy
        time.sleep(max(0.0, FRAME_S - took))
    screen.close()
    return {
        "level": level,
        "map": map_name,
        "decisions": decisions,
        "thinking": figures(thinking),
        "not_thinking": figures(idle),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="expert", help="the AI level of both sides (expert:think=S...)")
    ap.add_argument("--map", default="skirmish", help="a shipped map's name")
    ap.add_argument("--seconds", type=float, default=30.0, help="how long to play")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    why = level_problem(args.level)
    if why:
        print(f"bench_think_frames: --level: {why}", file=sys.stderr)
        return 2
    r = run(args.level, args.map, args.seconds)
    print(f"{r['level']} on {r['map']}: {r['decisions']} decisions taken back from the worker")
    print("| frames | count | median ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    for key in ("thinking", "not_thinking"):
        f = r[key]
        print(
            f"| {key.replace('_', ' ')} | {f['frames']} | {f['median_ms']:.1f} | {f['p99_ms']:.1f} | {f['max_ms']:.1f} |"
        )
    if args.json:
        print(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
