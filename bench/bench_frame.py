"""Frame time of the battlefield: 1280x720, 100 units on a 64x64 map, every overlay on, beside
the plain-blit floor of the same picture (bench/frame_floor.py), timed in turns in the same run.

    python bench/bench_frame.py [--frames N] [--json] [--size WxH] [--ui-scale S]

--ui-scale draws the battlefield at a UI scale (the window caps it: 2 needs 2048x1200 or more).

Also: how long `rout` takes to show its menu, and the window process's peak memory.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import pygame
from bench_engine import field_scenario
from frame_floor import Floor, capture

from game import ai
from game.core.battle import ACTIVATION
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common.camera import ONE

FLOOR_EVERY = 10


def _scene(app: App) -> BattleScreen:
    """The bench's battle in contact, a unit to act selected and the pointer at its reach's end."""
    scenario = field_scenario(100)
    screen = BattleScreen(app, scenario, seed=3, controllers={s: "human" for s in scenario.sides}, threaded=False)
    app.show(screen)
    b = screen.battle
    while b.round < 3 and not b.over:  # into contact: targets, arcs and threatened squares on screen
        screen.feed(b.apply(ai.decide(b)))
    while b.pending().kind != ACTIVATION or not any(
        o for o in __import__("game.core.query", fromlist=["x"]).attack_options(b, b.pending().unit)
    ):
        screen.feed(b.apply(ai.decide(b)))
    screen.view.skip()
    screen.decision_key = -1
    screen.update(0.0)
    u = b.world[screen.selected]
    screen.camera.zoom_i = ONE
    screen.camera.centre_on(u.pos[0], u.pos[1])
    reach = screen.legal.full.costs
    far = max(reach, key=lambda q: (reach[q], q))
    r = screen.map_rect()
    x, y = screen.camera.to_screen(far[0] + 0.5, far[1] + 0.5)
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x + x, r.y + y), rel=(0, 0), buttons=(0, 0, 0)))
    return screen


def frames(n: int, size: tuple[int, int] = (1280, 720), ui_scale: float = 1.0, laid: bool = False) -> dict:
    app = App(size, headless=True)
    app.settings = app.settings.changed(ui_scale=ui_scale)
    app.refit()
    screen = _scene(app)
    b = screen.battle
    draw, step, floor, laid_floor = [], [], [], []
    floor_at: Floor | None = None
    laid_at: Floor | None = None
    for i in range(n):
        t0 = time.perf_counter()
        screen.draw(app.canvas)
        t1 = time.perf_counter()
        captured = floor_at is None or i % FLOOR_EVERY == 0  # the picture changes as the numbers fade
        if captured:
            floor_at = capture(screen, app.canvas)
            laid_at = capture(screen, app.canvas, laid=True) if laid else None
        assert floor_at is not None
        t2 = time.perf_counter()
        app.canvas.blits(floor_at.pieces, doreturn=False)
        t3 = time.perf_counter()
        if laid_at is not None:
            app.canvas.blits(laid_at.pieces, doreturn=False)
        t5 = time.perf_counter()
        app.step(1 / 60)
        t4 = time.perf_counter()
        if not captured:  # capturing churns the caches: neither time of that frame is kept
            draw.append((t1 - t0) * 1000)
            floor.append((t3 - t2) * 1000)
            laid_floor.append((t5 - t3) * 1000)
        step.append((t4 - t3) * 1000)
    draw.sort()
    laid_floor.sort()
    step.sort()
    floor.sort()
    assert floor_at is not None
    return {
        "units": len(b.world.units),
        "map": "64x64",
        "size": f"{size[0]}x{size[1]}",
        "ui_scale": app.scale,
        "canvas": f"{app.size[0]}x{app.size[1]}",
        "frames": n,
        "timed_frames": len(draw),
        "draw_median_ms": statistics.median(draw),
        "draw_p99_ms": draw[int(0.99 * (len(draw) - 1))],
        "frame_median_ms": statistics.median(step),
        "frame_p99_ms": step[int(0.99 * (n - 1))],
        "floor_median_ms": statistics.median(floor),
        "floor_p99_ms": floor[int(0.99 * (len(floor) - 1))],
        "ratio_median": statistics.median(draw) / statistics.median(floor),
        "ratio_p99": draw[int(0.99 * (len(draw) - 1))] / floor[int(0.99 * (len(floor) - 1))],
        "floor_blits": len(floor_at.pieces),
        "floor_pixels": floor_at.pixels,
        "floor_differs_px": floor_at.differs,
        "floor_max_diff": floor_at.max_diff,
        "overlays": "reach (full+half), targets, path with AoO check, arcs, initiative track, log",
    } | (
        {
            "laid_floor_median_ms": statistics.median(laid_floor),
            "ratio_laid_median": statistics.median(draw) / statistics.median(laid_floor),
            "laid_floor_differs_px": laid_at.differs,
        }
        if laid_at is not None
        else {}
    )


def watching(n: int) -> dict:
    """AI against AI with the AI thinking in its worker thread: how long can a frame take?"""
    app = App((1280, 720), headless=True)
    scenario = field_scenario(100)
    screen = BattleScreen(
        app, scenario, seed=3, controllers={s: "ai" for s in scenario.sides}, threaded=True, speed_i=4
    )
    app.show(screen)
    times, decisions = [], 0
    last = len(screen.battle.events)
    for _ in range(n):
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
        if len(screen.battle.events) != last:
            decisions += 1
            last = len(screen.battle.events)
    screen.close()
    times.sort()
    return {
        "watch_frames": n,
        "watch_decisions": decisions,
        "watch_frame_median_ms": statistics.median(times),
        "watch_frame_p99_ms": times[int(0.99 * (n - 1))],
        "watch_frame_max_ms": times[-1],
    }


def largest_map_memory(frames_n: int = 600) -> dict:
    """Peak memory of the window's process (and of its AI worker) watching the largest shipped map."""
    maps = sorted((ROOT / "maps").glob("*.tmx"), key=lambda p: p.stat().st_size)
    code = (
        "import os,sys,resource;os.environ['SDL_VIDEODRIVER']='dummy';os.environ['SDL_AUDIODRIVER']='dummy';"
        "from game.scenario.tiled import load_scenario;from game.ui.app import App;"
        "from game.ui.battle.battle_screen import BattleScreen\n"
        "if __name__=='__main__':\n"
        f" a=App(headless=True);sc=load_scenario({str(maps[-1])!r})\n"
        " s=BattleScreen(a,sc,controllers={x:'ai' for x in sc.sides},ai_level='normal',threaded=True,speed_i=4)\n"
        f" a.show(s)\n for _ in range({frames_n}): a.step(1/60)\n"
        " s.close();import time;time.sleep(0.5)\n"
        " print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss/1024, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss/1024)\n"
    )
    script = Path("/tmp/rout_mem_probe.py")
    script.write_text(code)
    out = subprocess.run(
        [sys.executable, str(script)], check=True, capture_output=True, text=True, cwd=ROOT
    ).stdout.split()
    return {"largest_map": maps[-1].name, "window_rss_mb": float(out[0]), "ai_worker_rss_mb": float(out[1])}


def menu_start() -> float:
    """Seconds from starting the program to its menu's first frame (headless)."""
    code = (
        "import time,os;t=time.perf_counter();os.environ['SDL_VIDEODRIVER']='dummy';"
        "from game.ui.app import App;from game.ui.menus.menu import MenuScreen;a=App(headless=True);"
        "a.show(MenuScreen(a));a.step(0.0);print(time.perf_counter()-t)"
    )
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--size", default="1280x720", help="the window, WIDTHxHEIGHT")
    ap.add_argument("--ui-scale", type=float, default=1.0)
    ap.add_argument("--only-frames", action="store_true", help="the battlefield's frames alone")
    ap.add_argument(
        "--laid-floor", action="store_true", help="also the floor with the reach laid into the terrain (frame23b on)"
    )
    args = ap.parse_args()
    if args.frames < 2:
        ap.error("--frames must be 2 or more (the first frame's floor is captured, not timed)")
    w, h = (int(v) for v in args.size.split("x"))
    out = frames(args.frames, (w, h), args.ui_scale, laid=args.laid_floor)
    if args.only_frames:
        print(json.dumps(out, indent=1))
        return
    out.update(watching(args.frames * 2))
    out["menu_start_s"] = min(menu_start() for _ in range(3))
    out.update(largest_map_memory())
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if args.json:
        print(json.dumps(out, indent=1))
        return
    print(
        f"battlefield {out['size']} at UI scale {out['ui_scale']:g} (canvas {out['canvas']}), "
        f"{out['units']} units on {out['map']}, {out['frames']} frames"
    )
    print(f"  draw:  median {out['draw_median_ms']:.2f} ms, p99 {out['draw_p99_ms']:.2f} ms")
    print(
        f"  floor: median {out['floor_median_ms']:.2f} ms, p99 {out['floor_p99_ms']:.2f} ms "
        f"({out['floor_blits']} pre-rendered pieces, {out['floor_pixels']} pixels, in one blits call); "
        f"draw/floor {out['ratio_median']:.2f}x median, {out['ratio_p99']:.2f}x p99"
    )
    print(
        f"  the floor's picture against the frame: {out['floor_differs_px']} pixels differ, "
        f"by at most {out['floor_max_diff']} in a channel"
    )
    print(
        f"  frame: median {out['frame_median_ms']:.2f} ms, p99 {out['frame_p99_ms']:.2f} ms (update+draw+enlarge+flip)"
    )
    print(
        f"  watching AI vs AI ({out['watch_decisions']} decisions in {out['watch_frames']} frames): frame median "
        f"{out['watch_frame_median_ms']:.2f} ms, p99 {out['watch_frame_p99_ms']:.2f} ms, max {out['watch_frame_max_ms']:.1f} ms"
    )
    print(f"  menu shown {out['menu_start_s']:.2f} s after start; peak memory {out['peak_rss_mb']:.0f} MB")
    print(
        f"  watching {out['largest_map']}: window process {out['window_rss_mb']:.0f} MB, "
        f"AI worker {out['ai_worker_rss_mb']:.0f} MB"
    )


if __name__ == "__main__":
    main()
