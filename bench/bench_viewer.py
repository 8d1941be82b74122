"""The replay viewer on a long battle: maps/battle.tmx, AI (normal) against AI, to 30 rounds or
its end. How long a jump to a random moment takes, and a frame at the highest playback speed.

    python bench/bench_viewer.py [--jumps N] [--frames N] [--json]

Aims: a jump under 100 ms (median and max of the jumps), a frame (update + draw, headless,
1280x720) under 2 ms (median).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core.battle import Battle
from game.history.timeline import Timeline
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.draw.draw_battle import draw_field
from game.ui.viewer.viewer import SPEEDS, Source, ViewerScreen


def ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--jumps", type=int, default=50)
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    sc = load_scenario(ROOT / "maps" / "battle.tmx")
    t0 = time.perf_counter()
    t = Timeline.played(Battle(sc, seed=1, options={"max_rounds": 30}), [], {s: "normal" for s in sc.sides})
    built = time.perf_counter() - t0
    app = App((1280, 720), headless=True)
    v = ViewerScreen(app, t, Source(1, {}))
    app.show(v)
    rng = random.Random(7)
    jumps, rebuilds = [], []
    for _ in range(args.jumps):
        moment = rng.randint(t.first, t.length)
        a = time.perf_counter()
        v.go(moment)
        jumps.append(time.perf_counter() - a)
        i = rng.randint(0, len(t.commands))
        a = time.perf_counter()
        t.battle_at(i)
        rebuilds.append(time.perf_counter() - a)
    v.go(t.first)
    v.speed_i = len(SPEEDS) - 1
    v.toggle_play()
    frames, updates, draws, field = [], [], [], []
    for _ in range(args.frames):
        a = time.perf_counter()
        v.update(1 / 60)
        b = time.perf_counter()
        v.draw(app.window)
        c = time.perf_counter()
        draw_field(v.stage, app.window)  # the battle screen's own drawing, for comparison
        field.append(time.perf_counter() - c)
        frames.append(c - a)
        updates.append(b - a)
        draws.append(c - b)
    frames.sort()
    out = {
        "battle": f"battle.tmx seed 1, normal v normal: {t.end.round} rounds, {len(t.commands)} commands, "
        f"{t.length} events, {len(t.markers)} markers",
        "timeline_built_ms": ms(built),
        "jump_median_ms": ms(statistics.median(jumps)),
        "jump_max_ms": ms(max(jumps)),
        "battle_at_median_ms": ms(statistics.median(rebuilds)),
        "battle_at_max_ms": ms(max(rebuilds)),
        "frame_median_ms": ms(statistics.median(frames)),
        "frame_p90_ms": ms(frames[int(0.9 * (len(frames) - 1))]),
        "update_median_ms": ms(statistics.median(updates)),
        "draw_median_ms": ms(statistics.median(draws)),
        "battle_field_draw_median_ms": ms(statistics.median(field)),
        "moment_reached": v.moment,
    }
    if args.json:
        print(json.dumps(out))
        return
    for k, val in out.items():
        print(f"{k:24} {val}")


if __name__ == "__main__":
    main()
