"""`rout gif REPLAY --out FILE.gif`: a battle, or some of its rounds, as an animated GIF."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TypeVar

from game.cli import bounds
from game.cli.outputs import UsageError, check_outputs

_P = TypeVar("_P", bound=argparse.ArgumentParser)  # the command line's own parser class

DELAY_MS = (50, 10_000)  # a frame's time on screen: from a blink to a long look


def rounds(text: str) -> tuple[int, int]:
    """A round or a range of rounds, A or A-B (argparse type)."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if m is None:
        raise argparse.ArgumentTypeError(f"must be A-B (say 2-5) or one round, not {text!r}")
    first = int(m.group(1))
    last = int(m.group(2)) if m.group(2) else first
    if not 1 <= first <= last:
        raise argparse.ArgumentTypeError(f"must be A-B with 1 <= A <= B, not {text!r}")
    return first, last


def delay(text: str) -> int:
    try:
        ms = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be milliseconds, a whole number, not {text!r}") from None
    lo, hi = DELAY_MS
    if not lo <= ms <= hi:
        raise argparse.ArgumentTypeError(f"must be from {lo} to {hi} milliseconds, not {ms}")
    return ms


def add_parser(sub: argparse._SubParsersAction[_P]) -> None:
    g = sub.add_parser("gif", help="draw a replay or save, or some rounds of it, as an animated GIF")
    g.add_argument("file", help="a replay or save file")
    g.add_argument("--out", required=True, help="the .gif to write")
    g.add_argument("--rounds", type=rounds, help="A-B: only these rounds (all by default)")
    g.add_argument(
        "--size", type=bounds.size, help="WIDTHxHEIGHT of a frame (by default 960x540, grown to show the whole map)"
    )
    g.add_argument("--delay", type=delay, default=700, help="milliseconds each frame shows (default 700)")
    g.set_defaults(func=cmd_gif)


def cmd_gif(args: argparse.Namespace) -> int:
    if Path(args.out).suffix.lower() != ".gif":
        raise UsageError(f"--out must name a .gif file, not {args.out!r}")
    from game.save.replay import load_replay  # noqa: PLC0415  # `rout --version` imports this module
    from game.scenario.inputs import map_inputs  # noqa: PLC0415

    rep = load_replay(args.file)
    check_outputs({"--out": args.out}, [(Path(args.file), "the replay being drawn"), *map_inputs(rep.map)])
    from game.ui.viewer.gif import RangeError, render  # noqa: PLC0415  # headless commands never import pygame

    try:
        frames = render(args.file, args.out, args.rounds, args.size, args.delay)
    except RangeError as e:
        raise UsageError(str(e)) from None
    print(f"{args.out}: {frames} frames", file=sys.stdout)
    return 0
