"""How long an undo takes on the largest shipped map (maps/battle.tmx, 53 units), 1280x720.

    python bench/bench_undo.py [--samples N] [--json]

AI against AI plays both sides through the window's own command path (as if both were human,
so every command is recorded for undo) into round 3. Then, at each of N decisions, a hold
(which rolls nothing, and after which the same side decides) is given and taken back, and four times are taken:

* snapshot: the copy of the battle kept before a human command (History.apply's extra cost);
* core undo: game.history.undo.History.undo alone, headless;
* window undo: Ctrl+Z's work in the window (the battle restored, the view, log and drawing reset);
* undo + frame: that and the next frame, which asks the battle what the unit may do and draws
  (what the player waits for).

The hold is redone and the battle goes on with the AI's own command, so each sample is another
position.
"""

from __future__ import annotations

import argparse
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

from game import ai
from game.core.battle import ACTIVATION, Battle
from game.core.commands import Command, Illegal
from game.history.undo import History
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle import undo_control
from game.ui.battle.battle_screen import BattleScreen


def ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


def measure(samples: int) -> dict[str, list[float]]:
    app = App((1280, 720), headless=True)
    scenario = load_scenario(ROOT / "maps" / "battle.tmx")
    one_human = {s: "human" if s == scenario.sides[0] else "ai" for s in scenario.sides}  # no hand-over screen
    screen = BattleScreen(app, scenario, seed=1, controllers=one_human, threaded=False)
    app.show(screen)
    b = screen.battle
    while b.round < 3 and not b.over:
        screen.apply(ai.decide(b.copy()))
    times: dict[str, list[float]] = {"snapshot": [], "core undo": [], "window undo": [], "undo + frame": []}
    while len(times["core undo"]) < samples and not screen.battle.over:
        b = screen.battle
        p = b.pending()
        hold = Command("hold", p.unit or "")
        if (
            p.kind == ACTIVATION
            and screen.session.controllers[p.side or ""] == "human" == p.controller
            and _undoable(b, hold)
        ):
            _sample(app, screen, hold, times)
        screen.apply(ai.decide(screen.battle.copy()))
        screen.view.skip()
    return times


def _undoable(b: Battle, cmd: Command) -> bool:
    """Whether the command rolls nothing and leaves the decision with the same side (whose
    player may then take it back)."""
    trial = b.copy()
    try:
        trial.apply(cmd)
    except Illegal:
        return False
    return trial.draws == b.draws and not trial.over and trial.pending().side == b.pending().side


def _sample(app: App, screen: BattleScreen, hold: Command, times: dict[str, list[float]]) -> None:
    b = screen.battle
    t0 = time.perf_counter()
    b.copy()
    times["snapshot"].append(ms(t0))
    alone = b.copy()
    h = History()
    h.apply(alone, hold)
    t0 = time.perf_counter()
    h.undo(alone, h.done[-1].side)
    times["core undo"].append(ms(t0))

    screen.apply(hold)
    screen.view.skip()
    app.step(0.0)
    t0 = time.perf_counter()
    assert undo_control.undo(screen), screen.message
    times["window undo"].append(ms(t0))
    app.step(0.0)
    times["undo + frame"].append(ms(t0))
    assert undo_control.redo(screen), screen.message
    screen.view.skip()
    app.step(0.0)
    undo_control.undo(screen)  # back before the hold: the AI plays its own choice from here
    app.step(0.0)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    times = measure(args.samples)
    table = {k: {"n": len(v), "median": statistics.median(v), "max": max(v)} for k, v in times.items() if v}
    print(f"undo on maps/battle.tmx (53 units), {len(times['core undo'])} samples; aim: under 50 ms")
    for k, row in table.items():
        print(f"  {k:13s} median {row['median']:7.2f} ms   max {row['max']:7.2f} ms")
    if args.json:
        print(json.dumps(table, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
