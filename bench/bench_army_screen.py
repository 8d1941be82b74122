"""The Quick battle's army screen (issue 20): how long one frame takes (events, update, draw and
flip), headless at 1280x720, with an army bought and the pointer moving over the kinds so the
hover and the list's scrolling are drawn too; aim: under 4 ms a frame. Wall time, and the
process's CPU time (which a loaded machine's waits for a core do not count).

    python bench/bench_army_screen.py [--frames N] [--size WxH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="rout-bench-army-")  # the player's own lists untouched

import pygame

from game.ui.app import App
from game.ui.quick.army import ArmyScreen
from game.ui.quick.choices import QuickChoices


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=2000)
    ap.add_argument("--size", default="1280x720")
    args = ap.parse_args()
    w, h = (int(n) for n in args.size.split("x"))
    app = App((w, h), headless=True)
    screen = ArmyScreen(app, QuickChoices(points=300))
    app.show(screen)
    for key in ("fighter1", "fighter1", "archer", "archer", "orc", "dwarf", "ogre"):
        screen.add(key)
    times, cpu = [], []
    for i in range(args.frames):
        y = 140 + (i * 7) % (h - 260)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300 + i % 400, y), rel=(1, 1), buttons=(0, 0, 0)))
        if i % 50 == 0:  # now and then the list moves (the chosen kind, hence its scrolling)
            screen.index = (screen.index + 3) % len(screen.model.offered)
        t, c = time.perf_counter(), time.process_time()
        app.step(0.016)
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    times.sort()
    cpu.sort()
    p99 = times[int(len(times) * 0.99)]
    print(
        f"army screen {w}x{h}: {args.frames} frames, median {statistics.median(times):.2f} ms, "
        f"p99 {p99:.2f} ms, max {times[-1]:.2f} ms (aim: under 4 ms); CPU time: median "
        f"{statistics.median(cpu):.2f} ms, p99 {cpu[int(len(cpu) * 0.99)]:.2f} ms, max {cpu[-1]:.2f} ms"
    )


if __name__ == "__main__":
    main()
