"""How long a save takes to load and write, and how big it is.

    python bench/bench_save.py            # maps/battle.tmx, baseline AI on both sides, seed 1
    python bench/bench_save.py --runs 9 --seed 2 --rounds 30

The battle is played AI against AI until round `--rounds` is over (or the battle ends), saved to
a temporary folder, then loaded `--runs` times: the median and the range are reported, with the
time spent reading and checking the file apart from replaying the commands. Loading never runs
the AI: it replays every recorded command through Battle.apply and checks the map's and the
log's SHA-256. The aim is a load under 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import ai
from game.core.battle import Battle
from game.core.commands import Command
from game.history.saved_battle import load_save
from game.save.files import event_lines
from game.save.replay import load_replay
from game.save.savefile import write_save
from game.scenario.tiled import load_scenario

ROOT = Path(__file__).resolve().parent.parent
AIM = 0.5


def play_to(map_path: Path, seed: int, rounds: int, level: str) -> tuple[Battle, list[Command]]:
    b = Battle(load_scenario(str(map_path)), seed=seed)
    commands: list[Command] = []
    while not b.over and b.round <= rounds:
        c = ai.decide(b, level)
        commands.append(c)
        b.apply(c)
    return b, commands


def timed(f, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        out.append(time.perf_counter() - t)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--map", default=str(ROOT / "maps" / "battle.tmx"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=30)
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--ai", default="baseline", help="the AI level on both sides")
    args = p.parse_args()
    t = time.perf_counter()
    b, commands = play_to(Path(args.map), args.seed, args.rounds, args.ai)
    played_s = time.perf_counter() - t
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        writes = timed(lambda: write_save(path, b, commands, ai={s: args.ai for s in b.scenario.sides}), args.runs)
        size = path.stat().st_size
        reads = timed(lambda: load_replay(path), args.runs)
        maps = timed(lambda: load_scenario(args.map), args.runs)
        loads = timed(lambda: load_save(path), args.runs)
        loaded, _ = load_save(path)
    assert event_lines(loaded.events) == event_lines(b.events), "the loaded battle differs"
    state = f"over after {b.round} rounds" if b.over else f"saved in round {b.round}"
    print(f"{Path(args.map).name}, seed {args.seed}, {args.ai} AI on both sides:")
    print(f"  {len(commands)} commands, {len(b.events)} events, {state}")
    print(f"  played by the AI in {played_s:.1f} s (not part of loading)")
    print(f"  save file: {size / 1024:.0f} KiB")
    for name, xs in (
        ("write_save", writes),
        ("read + check (no replay)", reads),
        ("the map alone (load_scenario)", maps),
        ("load_save", loads),
    ):
        print(
            f"  {name:30} median {statistics.median(xs) * 1000:6.1f} ms  ({min(xs) * 1000:.1f}..{max(xs) * 1000:.1f})"
        )
    med = statistics.median(loads)
    print(f"  aim: load under {AIM} s -> {'met' if med < AIM else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
