"""The command line of `rout host` and `rout join` (docs/network.md): the
parser alone, so that `rout --version` loads neither websockets nor the battle."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

from game.cli import bounds
from game.net.address import host_port, port_number
from game.net.protocol import MAX_WATCHERS

_P = TypeVar("_P", bound=argparse.ArgumentParser)


def cmd_host(args: argparse.Namespace) -> int:
    from game.cli.net import cmd_host  # noqa: PLC0415

    return cmd_host(args)


def cmd_join(args: argparse.Namespace) -> int:
    from game.cli.net import cmd_join  # noqa: PLC0415

    return cmd_join(args)


def add_parsers(sub: argparse._SubParsersAction[_P], map_help: str, map_type: Callable[[str], str]) -> None:
    h = sub.add_parser("host", help="host a battle over the network (docs/network.md)")
    h.add_argument("map", nargs="?", type=map_type, help=map_help)
    h.add_argument("--headless", action="store_true", help="no window: the AI plays your side (--ai)")
    h.add_argument("--listen", default="0.0.0.0", metavar="ADDRESS", help="the address to listen on (default: all)")
    h.add_argument("--port", type=_port, default=0, help="the port (default: one the system picks, printed)")
    h.add_argument("--code", help="the join code (default: six letters drawn at random, printed)")
    h.add_argument("--side", help="the side you hold (default: the map's first)")
    h.add_argument("--seed", type=bounds.seed, help="the battle's seed (default: 1)")
    h.add_argument(
        "--load",
        metavar="SAVE",
        help="host a saved battle from where it stands (a file, or a save's name in the saves folder)",
    )
    h.add_argument("--trust", action="store_true", help="with --load: host a save this machine cannot vouch for")
    h.add_argument("--ai", action="append", default=[], metavar="SIDE=LEVEL")
    h.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="override a rule option")
    h.add_argument("--log", help="write the event log when the battle ends (JSON Lines)")
    h.add_argument("--save", help="write the battle's save when it ends (rout replay --verify reads it)")
    h.add_argument("--no-spectators", action="store_true", help="refuse rout join --watch")
    h.add_argument(
        "--max-watchers",
        type=_watchers,
        default=MAX_WATCHERS,
        metavar="N",
        help=f"the most spectators at once (default: {MAX_WATCHERS})",
    )
    _waits(h)
    h.set_defaults(func=cmd_host)
    j = sub.add_parser("join", help="join a battle hosted over the network")
    j.add_argument("address", metavar="HOST:PORT", type=_address, help="the host's address: HOST:PORT or [IPV6]:PORT")
    j.add_argument("--code", required=True, help="the join code the host gave")
    j.add_argument("--headless", action="store_true", help="no window: the AI plays your side (--ai)")
    j.add_argument("--watch", action="store_true", help="watch the battle, read-only (in the window unless --headless)")
    j.add_argument("--ai", action="append", default=[], metavar="SIDE=LEVEL")
    j.add_argument("--log", help="write the event log when the battle ends (JSON Lines)")
    _waits(j)
    j.set_defaults(func=cmd_join)


def _waits(p: argparse.ArgumentParser) -> None:
    p.add_argument("--timeout", type=_seconds, default=120.0, help="seconds a silent peer is waited for")
    p.add_argument(
        "--wait",
        type=_seconds,
        default=300.0,
        help="seconds a peer that dropped is waited for (the host: a player to join again; a joiner: the host to take it back)",
    )


def _port(text: str) -> int:
    try:
        return port_number(text, lowest=0)
    except ValueError as e:  # argparse would say only "invalid _port value"
        raise argparse.ArgumentTypeError(str(e)) from None


def _address(text: str) -> str:
    try:
        return host_port(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _watchers(text: str) -> int:
    if not text.isdigit() or int(text) > 1000:
        raise argparse.ArgumentTypeError(f"--max-watchers is a number from 0 to 1000, not {text!r}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        v = -1.0
    if not 0 < v <= 86400:
        raise argparse.ArgumentTypeError(f"a number of seconds from 0 to 86400, not {text!r}")
    return v
