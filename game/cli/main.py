"""The command line: rout play | screenshot | simulate | match | check | replay | gif | sandbox |
generate | price | host | join (docs/command-line.md).

This module is what every run of `rout` imports, so it imports only the parser and the errors it
reports: each command's body (and the AI, numpy, tcod or pygame behind it) is imported when that
command runs. `rout --version` stays a blink, and tests/test_start.py keeps it so.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from game import __version__
from game.cli import bounds, campaign_args, generate, gif, match, net_args, price, sandbox
from game.cli.outputs import STDERR, UsageError
from game.cli.signals import Terminated, terminate_raises
from game.home.bundled import campaign_path, map_path
from game.save.errors import ReplayError
from game.scenario.errors import CatalogueError, ScenarioError

if TYPE_CHECKING:
    from game.scenario.model import Placement


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, no usage dump
        raise UsageError(message)


# Each command's body, imported as it runs (PLC0415 is the point here, not an oversight).
def cmd_simulate(args: argparse.Namespace) -> int:
    from game.cli.simulate import cmd_simulate  # noqa: PLC0415

    return cmd_simulate(args)


def cmd_check(args: argparse.Namespace) -> int:
    from game.scenario.tiled import load_scenario  # noqa: PLC0415

    bad = False
    for m in args.maps:
        try:
            if _is_campaign(m):  # a campaign's folder (docs/campaigns.md, "Campaigns")
                from game.cli.campaign_check import check  # noqa: PLC0415

                check(campaign_path(m))
            else:
                _unpriced(m, load_scenario(m).units)
        except ScenarioError as e:
            bad = True
            try:
                for line in e.problems:
                    print(line)
            except BrokenPipeError:  # the reader went away (`| head`): the maps are broken all the same
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
                return 2
    if not bad:  # a check that passed printed nothing; a failed one prints only its problems
        print(f"{_counted(args.maps)} valid")
    return 2 if bad else 0


def _is_campaign(name: str) -> bool:
    """A folder holding campaign.toml (another folder is refused as a map would be)."""
    return (Path(campaign_path(name)) / "campaign.toml").is_file()


def _counted(names: list[str]) -> str:
    """'2 maps', '1 campaign', '2 maps and 1 campaign': what a passed check checked."""
    camps = sum(map(_is_campaign, names))
    maps = len(names) - camps
    parts = [f"{n} {word}{'s' if n != 1 else ''}" for n, word in ((maps, "map"), (camps, "campaign")) if n]
    return " and ".join(parts)


def _unpriced(path: str, units: Iterable[Placement]) -> None:
    """Warn, without failing the check, of each kind the map fields that has no points: a quick
    battle could not buy it (docs/scenarios.md, "Points"). A kind of the map's own catalogue is priced in
    the points file beside that catalogue, the rest in the shipped one. Kinds only a magic weapon
    can hurt are not priced, by design."""
    from game.pricing.table import PointsError, beside, read  # noqa: PLC0415
    from game.scenario.catalogue import own_units  # noqa: PLC0415
    from game.scenario.inputs import catalogue_property  # noqa: PLC0415

    shipped = read()
    name = catalogue_property(Path(path))
    own = None if name is None else Path(path).parent / name
    own_keys = set() if own is None else set(own_units(own))
    try:
        own_table = None if own is None else read(beside(own))
    except PointsError as e:
        print(f"{path}: warning: {e}")
        own_table = None
    for key in sorted({u.kind.key for u in units if not u.kind.hit_only_by}):
        if key in own_keys and own is not None:
            if own_table is None or own_table.points(key) is None:
                print(
                    f"{path}: warning: kind {key} of {name} has no points in {beside(own).name},"
                    f" so no army to a budget can buy it (rout price --catalogue {own} --out {beside(own)})"
                )
        elif shipped is not None and shipped.points(key) is None:
            print(f"{path}: warning: kind {key} has no points, so no army to a budget can buy it")


def cmd_replay(args: argparse.Namespace) -> int:
    from game.cli.replay import cmd_replay  # noqa: PLC0415

    return cmd_replay(args)


def cmd_play(args: argparse.Namespace) -> int:
    from game.cli.window import cmd_play  # noqa: PLC0415

    return cmd_play(args)


def cmd_screenshot(args: argparse.Namespace) -> int:
    from game.cli.window import cmd_screenshot  # noqa: PLC0415

    return cmd_screenshot(args)


MAP_HELP = "a Tiled .tmx file, or a shipped map by name (skirmish, battle, duel, ...)"


def _looks(sh: argparse.ArgumentParser) -> None:
    """How a screenshot is drawn (issue 22): its UI scale, its palette, and the screen over the battle."""
    sh.add_argument("--ui-scale", default="1", metavar="S", help="1, 1.25, 1.5, 1.75 or 2 (the window caps it)")
    sh.add_argument("--palette", default="standard", help="standard, protanopia, deuteranopia or tritanopia")
    sh.add_argument(
        "--screen",
        choices=("battle", "settings", "quick-setup", "quick-army", "quick-deploy", "quick-result"),
        default="battle",
        help="the battle, the settings over it, or a quick battle's setup, army, deployment or result"
        " (no map: the default setup on --seed's field, with --army)",
    )
    sh.add_argument(
        "--army",
        help="with --screen quick-...: the army bought, KIND=N,... as the catalogue names kinds (fighter1=3,archer=2)",
    )


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
    pl.add_argument("--trust", action="store_true", help="with --load: open a save this machine cannot vouch for")
    pl.set_defaults(func=cmd_play)
    sh = sub.add_parser("screenshot", help="render one frame of a battle headless to a PNG")
    sh.add_argument("map", nargs="?", type=map_path, help=MAP_HELP + "; none for --screen quick-...")
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
    sh.add_argument(
        "--mode",
        choices=("move", "attack", "fire", "charge", "withdraw", "turn", "offer"),
        help="the controls' mode, its key pressed before the picture (with --hover: Fire mode's marks and card)",
    )
    _looks(sh)
    sh.set_defaults(func=cmd_screenshot)
    _add_simulate(sub)
    c = sub.add_parser("check", help="validate maps and campaigns")
    c.add_argument("maps", nargs="+", type=map_path, metavar="map", help=MAP_HELP + ", or a campaign's folder")
    c.set_defaults(func=cmd_check)
    r = sub.add_parser("replay", help="watch a replay or save in the viewer; --log and --verify run it headless")
    r.add_argument("file")
    r.add_argument("--log", help="write the event log (JSON Lines; - for stdout)")
    r.add_argument("--verify", action="store_true")
    r.set_defaults(func=cmd_replay)
    gif.add_parser(sub)
    generate.add_parser(sub)
    price.add_parser(sub)
    match.add_parser(sub)
    sandbox.add_parser(sub, MAP_HELP)
    campaign_args.add_parser(sub)
    net_args.add_parsers(sub, MAP_HELP, map_path)
    return p


def _add_simulate(sub: argparse._SubParsersAction[_Parser]) -> None:
    s = sub.add_parser("simulate", help="play AI against AI headless and summarise")
    s.add_argument("map", nargs="?", type=map_path, help=MAP_HELP + " (default: the skirmish)")
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
    generate.add_sweep_arguments(s)
    s.set_defaults(func=cmd_simulate)


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    return _run(build_parser(), argv)


def _refusals() -> tuple[type[Exception], ...]:
    """A replay that cannot be read or run, and Illegal once game/core/commands.py is loaded: no
    command can be refused before it is, and the clause that asks (evaluated only when an error
    comes) spares `rout --version` importing it."""
    commands = sys.modules.get("game.core.commands")
    return (ReplayError, commands.Illegal) if commands is not None else (ReplayError,)


def _run(parser: argparse.ArgumentParser, argv: list[str] | None) -> int:
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            args = parser.parse_args(["play"])
        # The window closes on SIGTERM as on its close button (SDL's own handler); the rest stop cleanly.
        with nullcontext() if args.func in (cmd_play, sandbox.cmd_sandbox) else terminate_raises():
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
    except _refusals() as e:
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
