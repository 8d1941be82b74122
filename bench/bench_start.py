"""How long a player waits for `rout` to start, each command timed as a whole process (the
interpreter, the imports, the work, to the exit or to the first frame on screen):

    rout --version
    rout check maps/battle.tmx
    rout play                     to the menu's first frame
    rout replay REPLAY            to the viewer's first frame (REPLAY: an AI battle on maps/battle.tmx)

    python bench/bench_start.py [--runs N] [--against TREE] [--json]

--against TREE times another checkout of the project (say `git worktree add /tmp/base main`) in
the same run, alternating with this one, so the two are measured under the same load. The window
rows need Xvfb (a window opens on an invisible X server; the process ends at its first
`pygame.display.flip`); without it they are left out. The user's settings and saves are not
touched: the runs get folders of their own. Aims (issue 23): --version <= 0.10 s, check <= 0.3 s,
the replay's first frame <= 1.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Run from the tree being timed (its folder is first on sys.path for `python -c`), as the `rout`
# script runs game.cli.main's main (game.cli's in a checkout from before game/cli/ was a folder).
# A window row ends the process at its first flip: a drawn frame.
PROBE = """
import os, sys
if os.environ.get("BENCH_FIRST_FRAME"):
    import pygame
    pygame.display.flip = lambda *a: os._exit(0)
try:
    from game.cli.main import main
except ModuleNotFoundError:  # --against an older checkout, whose game/cli.py held main
    from game.cli import main
code = main(sys.argv[1:])
sys.exit(3 if os.environ.get("BENCH_FIRST_FRAME") else code)
"""


@contextmanager
def x_server() -> Iterator[str | None]:
    """An invisible X server's DISPLAY for the window rows, or None without Xvfb."""
    if shutil.which("Xvfb") is None:
        yield None
        return
    read, write = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as f:
            number = f.readline().strip()  # Xvfb writes its display number once it is ready
        yield f":{number}" if number else None
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def run_once(tree: Path, argv: list[str], env: dict[str, str], first_frame: bool) -> float:
    e = dict(env, BENCH_FIRST_FRAME="1") if first_frame else env
    t0 = time.perf_counter()
    r = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], cwd=tree, env=e, capture_output=True, text=True, check=False
    )
    took = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"{tree}: rout {' '.join(argv)} exited {r.returncode}: {r.stderr.strip()[-300:]}")
    return took


def make_replay(folder: Path, env: dict[str, str]) -> Path:
    """An AI battle on maps/battle.tmx (normal against normal, to its end) as a replay file."""
    out = folder / "battle_replay.json"
    argv = ["simulate", "battle", "--seed", "1", "--ai", "blue=normal", "--ai", "red=normal", "--save-replay", str(out)]
    subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, env=env, check=True, capture_output=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--against", type=Path, help="another checkout to time in the same run")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    trees = {"this": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    with tempfile.TemporaryDirectory() as tmp, x_server() as display:
        home = Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "PYTHON"))}
        env |= {f"XDG_{k}_HOME": str(home / k.lower()) for k in ("CONFIG", "DATA", "CACHE", "STATE")}
        env |= {"PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_AUDIODRIVER": "dummy"}
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        replay = make_replay(home, env)
        rows: list[tuple[str, list[str], bool]] = [
            ("rout --version", ["--version"], False),
            ("rout check maps/battle.tmx", ["check", str(ROOT / "maps" / "battle.tmx")], False),
        ]
        if display is not None:
            env["DISPLAY"] = display
            rows += [("rout play: the menu's first frame", ["play"], True)]
            rows += [("rout replay: the first frame", ["replay", str(replay)], True)]
        times: dict[str, dict[str, list[float]]] = {row[0]: {t: [] for t in trees} for row in rows}
        for name, argv, first_frame in rows:
            for tree in trees.values():  # one untimed run each: the files in the page cache
                run_once(tree, argv, env, first_frame)
            for _ in range(args.runs):  # alternating, so both trees see the same load
                for label, tree in trees.items():
                    times[name][label].append(run_once(tree, argv, env, first_frame))
    report(times, trees, args.runs, display is not None, args.json)


def report(
    times: dict[str, dict[str, list[float]]], trees: dict[str, Path], runs: int, windows: bool, as_json: bool
) -> None:
    commits = {label: _commit(tree) for label, tree in trees.items()}
    print(f"# start-up, whole processes, {runs} runs each; seconds: median (min..max)")
    print("# " + ", ".join(f"{label}: {tree} at {commits[label]}" for label, tree in trees.items()))
    if not windows:
        print("# no Xvfb: the window rows are left out")
    figures: dict[str, dict[str, dict[str, float]]] = {}
    for name, by_tree in times.items():
        cells, figures[name] = [], {}
        for label, samples in by_tree.items():
            med = statistics.median(samples)
            figures[name][label] = {"median": med, "min": min(samples), "max": max(samples)}
            cells.append(f"{label} {med:.3f} ({min(samples):.3f}..{max(samples):.3f})")
        if "against" in by_tree:
            cells.append(f"ratio {statistics.median(by_tree['this']) / statistics.median(by_tree['against']):.2f}")
        print(f"{name:36} " + "   ".join(cells))
    if as_json:
        print(json.dumps({"commits": commits, "seconds": figures}, indent=1))


def _commit(tree: Path) -> str:
    r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=tree, capture_output=True, text=True, check=False)
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "game"], cwd=tree, capture_output=True, text=True, check=False
    )
    return r.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")


if __name__ == "__main__":
    main()
