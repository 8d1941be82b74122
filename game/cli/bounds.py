"""Limits on command-line numbers, each refused with one line before any work starts."""

from __future__ import annotations

import argparse
import os

from game.core.rules.dice import SEED_MAX

GAMES_MAX = 1_000_000
SIZE_MIN = (640, 360)
SIZE_MAX = (7680, 4320)


def seed(text: str) -> int:
    """A seed: a whole number from 0 to 2**64 - 1 (argparse type)."""
    try:
        value = int(text) if len(text) <= 25 else -1
    except ValueError:
        value = -1
    if not 0 <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {SEED_MAX}, not {text[:30]!r}")
    return value


def rounds(text: str) -> int:
    """A round of a battle: a whole number from 1 (argparse type)."""
    try:
        value = int(text) if len(text) <= 9 else 0
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a round is a whole number from 1, not {text[:30]!r}")
    return value


def games(value: int, first_seed: int) -> str | None:
    """What is wrong with --games, or None."""
    if not 1 <= value <= GAMES_MAX:
        return f"--games must be from 1 to {GAMES_MAX:,}, not {value}"
    if first_seed + value - 1 > SEED_MAX:
        return f"--seed {first_seed} with --games {value} runs past the largest seed, {SEED_MAX}"
    return None


def jobs(value: int) -> str | None:
    """What is wrong with --jobs, or None: at most one game per CPU at a time."""
    cpus = os.cpu_count() or 1
    if not 1 <= value <= cpus:
        return f"--jobs must be from 1 to {cpus} (the CPUs of this machine), not {value}"
    return None


def size(text: str) -> tuple[int, int]:
    """A window size WIDTHxHEIGHT within what a screen can be (argparse type)."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be WIDTHxHEIGHT, not {text!r}") from None
    (w0, h0), (w1, h1) = SIZE_MIN, SIZE_MAX
    if not (w0 <= w <= w1 and h0 <= h <= h1):
        raise argparse.ArgumentTypeError(f"must be from {w0}x{h0} to {w1}x{h1}, not {text!r}")
    return w, h
