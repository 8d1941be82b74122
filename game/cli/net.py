"""`rout host` and `rout join`: a battle over the network, headless (docs/network.md).
websockets is imported here, when one of them runs, never by `rout --version`."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from types import ModuleType

from game.cli.outputs import UsageError, check_outputs
from game.cli.simulate import _levels, _options
from game.core.battle import Battle
from game.core.commands import Command
from game.core.options import OptionError
from game.core.rules_version import described
from game.history.saved_battle import load_save
from game.home.bundled import MAPS
from game.levels import LEVELS, level_problem
from game.save.autosave import named_save
from game.scenario.inputs import map_inputs
from game.scenario.tiled import load_scenario

_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread


def draw_code() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(6))


def _say(line: str) -> None:
    print(f"rout: {line}", file=sys.stderr, flush=True)


def _ai(battle: Battle, level: str) -> Command:
    from game import ai  # noqa: PLC0415  # tcod and numpy load at the first decision

    return ai.decide(battle, level)


def cmd_host(args: argparse.Namespace) -> int:
    from game.net.hosting import Host, HostPlan  # noqa: PLC0415
    from game.net.map_transfer import Unsendable  # noqa: PLC0415
    from game.net.protocol import CODE  # noqa: PLC0415

    code = args.code or draw_code()
    if not CODE.fullmatch(code):
        raise UsageError("--code must be 4 to 32 letters, digits or dashes")
    battle, options, commands = _battle(args)
    sides = battle.scenario.sides
    side = args.side or sides[0]
    if side not in sides:
        raise UsageError(f"--side {side!r}: the map's sides are {', '.join(sides)}")
    joiner = next(s for s in sides if s != side)
    levels = {s: "normal" for s in sides if s != joiner} | _levels(args.ai, sides)
    levels.pop(joiner, None)
    mine = frozenset(s for s in sides if s != joiner)
    battle.hand_sides({s: ("ai" if s in mine else "human") for s in sides})
    plan = HostPlan(
        battle,
        mine,
        joiner,
        lambda b: _ai(b, levels.get(b.pending().side or "", "normal")),
        code,
        args.listen,
        args.port,
        args.timeout,
        args.wait,
        0 if args.no_spectators else args.max_watchers,
        options,
        levels,
        _say,
        commands=commands,
    )
    try:
        if not args.headless:
            return _window(lambda w: w.host_window(plan, side, _ai, _say, args.log, args.save))
        host = Host(plan)
    except Unsendable as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"cannot listen on {args.listen}:{args.port}: {e.strerror or e}") from None
    code_out = host.run()
    host.write(args.log, args.save)
    return code_out


def _battle(args: argparse.Namespace) -> tuple[Battle, dict[str, object], list[Command]]:
    """The battle to host, its rule options and the commands already played in it: a new one on
    the map, or a save's battle from where it stands (`--load`). Every output path is checked
    first."""
    if args.load is None:
        if args.trust:
            raise UsageError("--trust goes with --load: it hosts a saved battle this machine cannot vouch for")
        if args.map is None and args.headless:
            raise UsageError("rout host --headless needs a map")
        args.map = args.map or str(MAPS / "skirmish.tmx")
        scenario = load_scenario(args.map)
        check_outputs({"--log": args.log, "--save": args.save}, map_inputs(args.map))
        options = _options(args.option)
        try:
            return Battle(scenario, seed=1 if args.seed is None else args.seed, options=options), options, []
        except OptionError as e:
            raise UsageError(str(e)) from None
    if args.map is not None or args.seed is not None or args.option:
        raise UsageError("--load hosts a saved battle as it was saved: leave out the map, --seed and --option")
    path = named_save(args.load)
    outputs = {"--log": args.log, "--save": args.save}
    check_outputs(outputs, [(path, "the saved battle")])
    battle, rep = load_save(path, trust=args.trust)
    check_outputs(outputs, map_inputs(rep.map))
    if not rep.is_save:
        raise UsageError(f"{args.load}: a replay, not a save: rout replay shows it")
    if battle.over:
        raise UsageError(f"{args.load}: the saved battle is over; there is nothing left to play")
    if battle.resumed is not None:  # the joiner replays the commands from the map's start
        raise UsageError(
            f"{args.load}: saved under {described(battle.resumed.rules)}, it goes on under this Rout's from its "
            "saved state, and its commands no longer replay on another machine: play it on here (rout play --load)"
        )
    return battle, dict(rep.options), list(rep.commands)


def _window(body: Callable[[ModuleType], int]) -> int:
    """Open the window (pygame is imported only now); no display is one line, not a traceback."""
    from game.ui import net_window  # noqa: PLC0415  # headless peers never import pygame

    try:
        return body(net_window)
    except Exception as e:
        if type(e).__name__ == "error":  # pygame.error: no display
            raise UsageError(f"cannot open the game window: {e}") from None
        raise


def cmd_join(args: argparse.Namespace) -> int:
    from game.net.joining import JoinPlan, join  # noqa: PLC0415

    check_outputs({"--log": args.log}, [])
    levels = {}
    for item in args.ai:
        side, _, level = item.partition("=")
        problem = level_problem(level)
        if problem:
            raise UsageError(
                f"--ai must look like SIDE=LEVEL with a level of {', '.join(LEVELS)}, not {item!r}: {problem}"
            )
        levels[side] = level
    plan = JoinPlan(args.address, args.code, args.watch, levels, args.timeout, args.wait, _say)
    if not args.headless:
        return _window(lambda w: w.join_window(plan, _say))
    return join(plan, _ai, args.log)
