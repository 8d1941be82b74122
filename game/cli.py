"""The command line: rout simulate | check | replay (README.md, "Command line")."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import nullcontext
from pathlib import Path
from typing import NoReturn

from game import __version__, cli_gif, cli_sandbox
from game import cli_bounds as bounds
from game.ai import LEVELS
from game.battle import Battle
from game.bundled import DEFAULT_MAP, map_path
from game.cli_outputs import STDERR, STDOUT, GameWriter, UsageError, check_outputs, progress_bar, text_output
from game.cli_signals import Terminated, terminate_raises
from game.commands import Illegal
from game.events import BattleEnd
from game.game_result import GameResult
from game.options import OptionError, Options
from game.runner import play_many
from game.save.autosave import saves_folder
from game.save.files import event_lines, real_target, write_atomic
from game.save.map_paths import stored_map
from game.save.replay import Replay, ReplayError, digest, load_replay
from game.saved_battle import load_save, replay_battle
from game.scenario.catalogue import CatalogueError
from game.scenario.errors import ScenarioError
from game.scenario.inputs import map_inputs
from game.scenario.options import parse_cli_value
from game.scenario.tiled import load_scenario
from game.tally import LessonTally, Tally, print_report


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, no usage dump
        raise UsageError(message)


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
        if level not in LEVELS:
            raise UsageError(f"--ai level {level!r} is unknown; choose one of {', '.join(LEVELS)}")
    return levels


def _options(items: list[str]) -> dict[str, object]:
    try:
        return {k: parse_cli_value(k, v) for k, v in _pairs(items, "--option").items()}
    except ValueError as e:
        raise UsageError(str(e)) from None


def cmd_simulate(args: argparse.Namespace) -> int:
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
    swapped = {s: full[sides[(i - 1) % len(sides)]] for i, s in enumerate(sides)}
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


def cmd_check(args: argparse.Namespace) -> int:
    bad = False
    for m in args.maps:
        try:
            load_scenario(m)
        except ScenarioError as e:
            bad = True
            try:
                for line in e.problems:
                    print(line)
            except BrokenPipeError:  # the reader went away (`| head`): the maps are broken all the same
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
                return 2
    if not bad:  # a check that passed printed nothing; a failed one prints only its problems
        n = len(args.maps)
        print(f"{n} map{'s' if n != 1 else ''} valid")
    return 2 if bad else 0


def cmd_replay(args: argparse.Namespace) -> int:
    rep = load_replay(args.file)
    scenario = load_scenario(rep.map)
    inputs = [(Path(args.file), "the replay being run"), *map_inputs(rep.map)]
    check_outputs({"--log": args.log}, inputs, stdout=("--log",))

    def run() -> Battle:
        return replay_battle(args.file, rep, scenario)

    battle = run()
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
            print(f"{args.file}: replay diverged: the log differs from the one recorded", file=sys.stderr)
            return 1
        print(f"{args.file}: verified: {len(battle.events)} events, sha256 {digest(text)[:16]}", file=say)
        return 0
    if args.log is None:  # the bare command opens the replay viewer; --log and --verify stay headless
        from game.ui.viewer.watch import watch  # noqa: PLC0415  # headless commands never import pygame

        return watch(args.file)
    end = battle.events[-1]
    if isinstance(end, BattleEnd):
        print(f"{scenario.title}: {end.winner or 'nobody'} wins ({end.reason}) after {end.rounds} rounds", file=say)
    elif rep.is_save:
        print(f"{scenario.title}: saved in round {battle.round}, waiting for {battle.pending().side}", file=say)
    else:
        print(f"{scenario.title}: replay stops in round {battle.round}, waiting for a human decision", file=say)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    loaded = _loaded(args)
    if args.map is not None:
        sides = load_scenario(args.map).sides  # a broken map stops here with its one-line error
        if args.side is not None and args.side not in sides:
            raise UsageError(f"--side {args.side!r}: the map's sides are {', '.join(sides)}")
    if args.mode not in (None, "solo", "hotseat", "watch"):
        raise UsageError(f"--mode must be solo, hotseat or watch, not {args.mode!r}")
    from game import crash  # noqa: PLC0415  # only the window writes crash logs
    from game.ui.main import play  # noqa: PLC0415  # headless commands never import pygame

    try:
        return play(args.map, args.mode, args.seed, args.side, loaded=loaded)
    except crash.WindowCrash as c:  # a bug: a crash log, one line, exit 70
        return crash.report(c.error, c.context)
    except Exception as e:  # pygame.error when there is no display, for one
        if type(e).__name__ == "error":
            raise UsageError(f"cannot open the game window: {e}") from None
        if isinstance(e, ScenarioError | OSError):  # the map, read before the window opens
            raise
        return crash.report(e)


def _loaded(args: argparse.Namespace) -> tuple[Battle, Replay] | None:
    """The saved battle `--load` names (a file, or a save in the saves folder by name), loaded and
    checked before any window opens."""
    if args.load is None:
        return None
    if args.map is not None or args.mode is not None or args.side is not None:
        raise UsageError("--load opens a saved battle as it was saved: leave out the map, --mode and --side")
    return load_save(_save_path(args.load))


def _save_path(name: str) -> Path:
    """A save as the player names it: a file; else, given a bare name, the save of that name in
    the saves folder, with or without `.json` (the menu's Continue shows it without)."""
    path = Path(name)
    if path.exists() or path.name != name:
        return path
    for found in (saves_folder() / name, saves_folder() / f"{name}.json"):
        if found.is_file():
            return found
    return path


def _xy(text: str) -> tuple[int, int]:
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--hover must be X,Y in squares, not {text!r}") from None
    return x, y


def cmd_screenshot(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.map)
    if args.select and args.select not in {p.id for p in scenario.units}:
        raise UsageError(f"--select: {args.map} has no unit {args.select!r}")
    hover = _xy(args.hover) if args.hover else None
    w, h = args.size
    if Path(args.out).suffix.lower() != ".png":
        raise UsageError(f"--out must name a .png file, not {args.out!r}")
    check_outputs({"--out": args.out}, map_inputs(args.map))
    from game.ui.main import screenshot  # noqa: PLC0415  # headless commands never import pygame

    return screenshot(
        args.map,
        str(real_target(args.out)),
        select=args.select,
        hover=hover,
        round_=args.round,
        seed=args.seed,
        at=args.at,
        size=(w, h),
    )


MAP_HELP = "a Tiled .tmx file, or a shipped map by name (skirmish, battle, duel, ...)"


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="rout", description="Rout: tactical battles under AD&D 2e Combat & Tactics-style rules.")
    p.add_argument("--version", action="version", version=f"rout {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    pl = sub.add_parser("play", help="open the game window (the menu, or straight into a map)")
    pl.add_argument("map", nargs="?", type=map_path, help=MAP_HELP)
    pl.add_argument("--mode", help="solo, hotseat or watch")
    pl.add_argument("--side", help="the side you play in solo")
    pl.add_argument("--seed", type=bounds.seed, help="the dice (default 1; a lesson: its script's seed)")
    pl.add_argument(
        "--load", metavar="SAVE", help="go on with a saved battle (a file, or a save's name in the saves folder)"
    )
    pl.set_defaults(func=cmd_play)
    sh = sub.add_parser("screenshot", help="render one frame of a battle headless to a PNG")
    sh.add_argument("map", type=map_path, help=MAP_HELP)
    sh.add_argument("--out", required=True)
    sh.add_argument("--select", help="the unit to select")
    sh.add_argument("--hover", help="X,Y: the square under the mouse")
    sh.add_argument("--round", type=bounds.rounds, default=1)
    sh.add_argument("--seed", type=bounds.seed, default=1)
    sh.add_argument(
        "--at",
        choices=("activation", "retreat"),
        default="activation",
        help="stop at a unit's activation, or at an end-of-round retreat choice",
    )
    sh.add_argument("--size", type=bounds.size, default=(1280, 720))
    sh.set_defaults(func=cmd_screenshot)
    s = sub.add_parser("simulate", help="play AI against AI headless and summarise")
    s.add_argument("map", nargs="?", type=map_path, default=str(DEFAULT_MAP), help=MAP_HELP)
    s.add_argument("--seed", type=bounds.seed, default=1)
    s.add_argument("--games", type=int, default=1)
    s.add_argument("--ai", action="append", default=[], metavar="SIDE=LEVEL")
    s.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="override a rule option")
    s.add_argument("--log", help="write the event log (JSON Lines; - for stdout); a new folder with several games")
    s.add_argument("--save-replay", help="write the first game as a replay file")
    s.add_argument("--json", action="store_true")
    s.add_argument("--jobs", type=int, default=1, help="games in parallel (results are the same for any number)")
    s.add_argument("--swap", action="store_true", help="play every other game with the AI levels swapped between sides")
    s.add_argument(
        "--explain",
        nargs="?",
        const=STDERR,
        metavar="FILE",
        help="write each AI decision's top candidates and scores as JSON lines to FILE "
        "(- for stdout; stderr without FILE); the event log is unchanged",
    )
    s.set_defaults(func=cmd_simulate)
    c = sub.add_parser("check", help="validate maps")
    c.add_argument("maps", nargs="+", type=map_path, metavar="map", help=MAP_HELP)
    c.set_defaults(func=cmd_check)
    r = sub.add_parser("replay", help="watch a replay or save in the viewer; --log and --verify run it headless")
    r.add_argument("file")
    r.add_argument("--log", help="write the event log (JSON Lines; - for stdout)")
    r.add_argument("--verify", action="store_true")
    r.set_defaults(func=cmd_replay)
    cli_gif.add_parser(sub)
    cli_sandbox.add_parser(sub, MAP_HELP)
    return p


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    return _run(build_parser(), argv)


def _run(parser: argparse.ArgumentParser, argv: list[str] | None) -> int:
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            args = parser.parse_args(["play"])
        # The window closes on SIGTERM as on its close button (SDL's own handler); the rest stop cleanly.
        with nullcontext() if args.func in (cmd_play, cli_sandbox.cmd_sandbox) else terminate_raises():
            code: int = args.func(args)
        sys.stdout.flush()  # here, where a reader that went away is caught, not at exit
        return code
    except UsageError as e:
        print(f"rout: {e}", file=sys.stderr)
        return 2
    except (ScenarioError, CatalogueError) as e:  # a catalogue's problems are as a map's: file: where: what
        more = len(e.problems) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''}: see rout check)" if more else ""
        print(e.problems[0] + tail, file=sys.stderr)
        return 2
    except (ReplayError, Illegal) as e:
        print(f"rout: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (`rout check ... | head -1`): nothing more to say, and no error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as e:
        print(f"rout: {e.filename or ''}: {e.strerror}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, Terminated) as e:  # Ctrl-C, or SIGTERM: temporary files are gone by now
        stopped = isinstance(e, Terminated)
        print("rout: terminated" if stopped else "rout: interrupted", file=sys.stderr)
        return 143 if stopped else 130
    except BrokenProcessPool:  # a --jobs worker was killed: by a signal, or for want of memory
        print("rout: a worker process was stopped before its game ended", file=sys.stderr)
        return 1
