"""`rout simulate`: AI against AI headless, summed up (docs/command-line.md)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool

from game.cli import bounds
from game.cli.outputs import STDOUT, GameWriter, UsageError, check_outputs, progress_bar
from game.cli.sweep import rotated, simulate_generated
from game.core.options import OptionError, Options
from game.home.bundled import DEFAULT_MAP
from game.levels import level_problem, repeatable
from game.play.game_result import GameResult
from game.play.runner import play_many
from game.play.tally import LessonTally, Tally, print_report
from game.save.files import event_lines, write_atomic
from game.save.map_paths import stored_map
from game.save.replay import Replay, digest
from game.scenario.inputs import map_inputs
from game.scenario.options import parse_cli_value
from game.scenario.tiled import load_scenario


def _pairs(items: list[str], what: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise UsageError(f"{what} must look like NAME=VALUE, not {item!r}")
        k, v = item.split("=", 1)
        if k in out:
            raise UsageError(f"{what} names {k} twice ({k}={out[k]} and {item})")
        out[k] = v
    return out


def _levels(items: list[str], sides: list[str]) -> dict[str, str]:
    levels = _pairs(items, "--ai")
    for side, level in levels.items():
        if side not in sides:
            raise UsageError(f"--ai names side {side!r}; the map's sides are {', '.join(sides)}")
        problem = level_problem(level)
        if problem:
            raise UsageError(f"--ai {side}={level[:40]}: {problem}")
    return {side: repeatable(level) for side, level in levels.items()}


def _options(items: list[str]) -> dict[str, object]:
    try:
        return {k: parse_cli_value(k, v) for k, v in _pairs(items, "--option").items()}
    except ValueError as e:
        raise UsageError(str(e)) from None


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        return _simulate(args)
    except BrokenProcessPool:  # a --jobs worker was killed: by a signal, or for want of memory
        print("rout: a worker process was stopped before its game ended", file=sys.stderr)
        return 1


def _simulate(args: argparse.Namespace) -> int:
    if args.generate is not None:
        if args.map is not None:
            raise UsageError("rout simulate plays a map or the maps --generate makes, not both")
        wrong = bounds.games(args.games, args.seed) or bounds.jobs(args.jobs)
        if wrong:
            raise UsageError(wrong)
        return simulate_generated(args, _levels(args.ai, ["blue", "red", "green"][: args.sides or 2]))
    stray = [f"--{k}" for k in ("size", "sides", "terrain", "points", "mirror", "dask") if getattr(args, k) is not None]
    if stray:
        raise UsageError(f"{stray[0]} is for the maps --generate makes")
    args.map = args.map or str(DEFAULT_MAP)
    scenario = load_scenario(args.map)
    levels = _levels(args.ai, scenario.sides)
    if scenario.lesson is not None:  # a lesson plays its own opponent level where --ai names none
        levels = {s: scenario.lesson.opponent for s in scenario.sides} | levels
    options = _options(args.option)
    try:
        Options.build(scenario.sides, options)
    except OptionError as e:
        raise UsageError(str(e)) from None
    _simulate_outputs(args)
    progress = progress_bar(args.games)
    games = play_many(
        str(args.map),
        _plan(args, scenario.sides, levels),
        options,
        workers=args.jobs,
        on_done=progress,
        keep_events=args.log is not None or bool(args.save_replay),
        explain=args.explain is not None,
    )
    t = Tally(scenario.sides, keep_results=args.json)
    first = None
    lessons = LessonTally()
    with GameWriter(args.log, args.explain, args.games) as writer:
        for g in games:  # one at a time: a million games take no more memory than one
            writer.add(g)
            t.add(g)
            lessons.add(g["lesson"])
            first = first or g
    if progress is not None:
        progress(None)
    if args.save_replay and first is not None:
        _save_replay(args, first, options, scenario.sides, first["levels"])
    report = sys.stderr if STDOUT in (args.log, args.explain) else sys.stdout  # stdout holds a log
    if args.json:
        t.write_json(report, str(args.map), args.seed, levels, bool(args.swap))
    else:
        print_report(t, scenario.title, args.seed, bool(levels or args.swap), report)
        lessons.report(report)
    return 0


def _simulate_outputs(args: argparse.Namespace) -> None:
    """Check --games, --jobs, --log, --explain and --save-replay before any game is played."""
    wrong = bounds.games(args.games, args.seed) or bounds.jobs(args.jobs)
    if wrong:
        raise UsageError(wrong)
    if args.log == STDOUT and args.games > 1:
        raise UsageError("--log - writes one game's log; with several games --log names a folder")
    named = {"--log": args.log, "--explain": args.explain, "--save-replay": args.save_replay}
    folders = ("--log",) if args.games > 1 else ()
    if args.log and args.games > 1 and os.path.isfile(args.log):
        raise UsageError(f"{args.log}: with several games --log names a folder, and this is a file")
    check_outputs(named, map_inputs(args.map), stdout=("--log", "--explain"), folders=folders)


def _plan(args: argparse.Namespace, sides: list[str], levels: dict[str, str]) -> Iterator[tuple[int, dict[str, str]]]:
    """Each game's seed and AI levels by side (unnamed sides play baseline), one at a time."""
    full = {s: levels.get(s, "baseline") for s in sides}
    swapped = rotated(full, sides)
    for g in range(args.games):
        # --swap moves the levels one side on every other game: side advantage cancels
        yield args.seed + g, swapped if args.swap and g % 2 == 1 else full


def _save_replay(
    args: argparse.Namespace, first: GameResult, options: dict[str, object], sides: list[str], ai: dict[str, str]
) -> None:
    """The first game as a replay file, with its log's digest to verify it by."""
    events = first["events"]
    recorded = digest(event_lines(events)) if events else None
    where = stored_map(args.map, args.save_replay)
    rep = Replay(where, first["seed"], options, {s: "ai" for s in sides}, first["commands"] or [], recorded, dict(ai))
    write_atomic(args.save_replay, json.dumps(rep.to_json(), indent=1) + "\n")
