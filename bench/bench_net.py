"""Network play's latency on loopback (issue 21): a command sent by the host -> shown on the
other machine's board. A host and a joiner play by AI on threads of this process; a spectator's
window (SDL dummy drivers) runs at 60 frames a second and applies each command as it comes. Each
side decides only once the spectator's board has shown the last command (so a command never
queues behind another's animation): what is timed is the network, the spectator's check of the
command and the wait for the next frame.

    python bench/bench_net.py [--map skirmish] [--seeds 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.battle import Battle
from game.core.commands import Command
from game.home.bundled import MAPS
from game.net.joining import JoinPlan
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.net_window import join_screen
from tests.net.peers import HostThread, ai, join_thread

FRAME = 1 / 60


def one_battle(map_path: str, seed: int) -> list[float]:
    host = HostThread(map_path, seed=seed, wait=5.0).start()
    sent: dict[int, float] = {}
    fan_out = host.host._fan_out

    def timed(kind: str, fields: dict[str, object]) -> None:
        if kind == "command":
            sent[int(fields["n"])] = time.monotonic()  # type: ignore[call-overload]
        fan_out(kind, fields)

    host.host._fan_out = timed  # type: ignore[method-assign]
    app = App((1280, 720), headless=True)
    s = join_screen(app, JoinPlan(host.address, host.code, watch=True, timeout=60, wait=1.0), 60)
    assert isinstance(s, BattleScreen), s
    app.show(s)

    def paced(b: Battle, level: str = "baseline") -> Command:
        end = time.monotonic() + 60
        while (len(s.battle.events) < len(b.events) or not s.view.idle) and time.monotonic() < end:
            time.sleep(0.001)  # the bench's pacing, not a measurement
        return ai(b, level)

    host.host.plan.decide = paced
    t, _, _ = join_thread(host.address, host.code, decide=paced)
    shown: list[float] = []
    applied = len(s.session.played)
    next_frame = time.monotonic()
    while not s.battle.over and (t.is_alive() or applied < len(sent)):
        app.step(FRAME)
        now = time.monotonic()
        shown += [now - sent[n] for n in range(applied, len(s.session.played)) if n in sent]
        applied = len(s.session.played)
        next_frame += FRAME
        time.sleep(max(0.0, next_frame - time.monotonic()))
    t.join(60)
    s.close()
    return shown


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--map", default="skirmish")
    p.add_argument("--seeds", type=int, default=3)
    args = p.parse_args()
    every: list[float] = []
    for seed in range(1, args.seeds + 1):
        got = one_battle(str(MAPS / f"{args.map}.tmx"), seed)
        every += got
        print(
            f"seed {seed}: {len(got)} commands, median {statistics.median(got) * 1000:.1f} ms, max {max(got) * 1000:.1f} ms"
        )
    ms = sorted(x * 1000 for x in every)
    print(
        f"all: {len(ms)} commands; median {statistics.median(ms):.1f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
