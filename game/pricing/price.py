"""A kind's price as `rout price` measured it, and what it is measured against."""

from __future__ import annotations

from dataclasses import dataclass

from game.pricing.fit import Count

REFERENCE = "fighter1"
REFERENCE_POINTS = 10.0


@dataclass(frozen=True)
class Price:
    kind: str
    points: float
    low: float
    high: float
    count: int  # creatures of the kind in each game
    counts: tuple[Count, ...]  # the sizes of the reference force played, with their results
