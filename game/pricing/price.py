"""A kind's price as `rout price` measured it, and what it is measured against."""

from __future__ import annotations

from dataclasses import dataclass

REFERENCE = "fighter1"
REFERENCE_POINTS = 10.0
BUDGET = 60.0  # the armies a price is measured at: the reference force is six fighters


@dataclass(frozen=True)
class Duel:
    """Games at one pair of army sizes: `score` is the kind's wins plus half the draws."""

    kind: int  # creatures of the kind
    reference: int  # creatures of the reference force
    games: int
    score: float


@dataclass(frozen=True)
class Price:
    kind: str
    points: float
    low: float
    high: float
    duels: tuple[Duel, ...]  # every pair of sizes played, with its results
