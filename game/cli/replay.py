"""`rout replay`: a replay or a save run headless, verified, or opened in the viewer
(docs/command-line.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli.outputs import STDOUT, check_outputs, text_output
from game.core.battle import Battle
from game.core.events import BattleEnd
from game.core.rules_version import RULES, described
from game.history.saved_battle import replay_battle, saved_battle
from game.history.timeline import load_timeline
from game.save.files import event_lines
from game.save.replay import digest, load_replay
from game.scenario.inputs import map_inputs
from game.scenario.tiled import load_scenario


def cmd_replay(args: argparse.Namespace) -> int:
    rep = load_replay(args.file)
    scenario = load_scenario(rep.map)
    inputs = [(Path(args.file), "the replay being run"), *map_inputs(rep.map)]
    check_outputs({"--log": args.log}, inputs, stdout=("--log",))

    if args.log is None and not args.verify:  # the bare command opens the replay viewer
        # On the battle's start, the AI's decisions still to come (it replays them while the
        # viewer shows the start); a file that cannot be run is refused in one line before any window.
        t = load_timeline(args.file, complete=False)
        from game.ui.viewer.watch import watch  # noqa: PLC0415  # headless commands never import pygame

        return watch(t)

    def run() -> Battle:
        return replay_battle(args.file, rep, scenario)

    # A save's log is the battle it keeps: replayed, or, made under older rules that its commands
    # no longer give, taken up from its state (its log as recorded). --verify replays, nothing else.
    battle = saved_battle(args.file, rep, scenario) if rep.is_save and not args.verify else run()
    text = event_lines(battle.events)
    if args.log:
        with text_output(args.log) as f:
            f.write(text)
    say = sys.stderr if args.log == STDOUT else sys.stdout  # stdout holds the log
    if args.verify:
        again = event_lines(run().events)
        if again != text:
            print(f"{args.file}: replay diverged: two runs gave different logs", file=sys.stderr)
            return 1
        if rep.digest and rep.digest != digest(text):
            since = (
                ""
                if rep.rules == RULES
                else f" (saved under {described(rep.rules)}; this Rout plays {described(RULES)})"
            )
            print(f"{args.file}: replay diverged: the log differs from the one recorded{since}", file=sys.stderr)
            return 1
        print(f"{args.file}: verified: {len(battle.events)} events, sha256 {digest(text)[:16]}", file=say)
        return 0
    end = battle.events[-1]
    if isinstance(end, BattleEnd):
        print(f"{scenario.title}: {end.winner or 'nobody'} wins ({end.reason}) after {end.rounds} rounds", file=say)
    elif rep.is_save:
        print(f"{scenario.title}: saved in round {battle.round}, waiting for {battle.pending().side}", file=say)
    else:
        print(f"{scenario.title}: replay stops in round {battle.round}, waiting for a human decision", file=say)
    return 0
