"""A match's numbers: the score of paired games, the Elo difference it means with a 95% interval,
and the generalised sequential probability ratio test fishtest runs over pair outcomes.

A pair is two games on one field with the sides swapped, so its outcome for A is 0, 1/2, 1, 3/2 or
2 points (the pentanomial): the field's own bias, the same in both games, cancels inside a pair,
and pairs vary less than single games. The interval and the test use the variance of the pairs'
scores, not of single games, for that reason."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

Z95 = 1.959964
ALPHA = BETA = 0.05  # the test's error rates, as fishtest sets them
EPSILON = 1e-3  # added to each outcome's count for the variance: fishtest's regularisation, so a
# run of identical pairs does not read as certainty
# The test's variance also counts one pair spread evenly over the five outcomes: with EPSILON alone
# a first pair split 1-1 has a variance near 0 and an LLR near -16, and the test stopped at H0 after
# one pair (most pairs of two close levels split 1-1). Over a hundred pairs it weighs next to nothing.
PRIOR_PAIR = 1.0


def expected_score(elo: float) -> float:
    """The score of a player `elo` points stronger (the logistic Elo curve)."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score: float) -> float:
    """The Elo difference a score means; a score of 0 or 1 is held just inside, at -/+ 1,200."""
    s = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / s - 1)


@dataclass
class PairCounts:
    """How many pairs ended with A on 0, 1/2, 1, 3/2 and 2 points."""

    counts: list[int] = field(default_factory=lambda: [0] * 5)

    def add(self, points: float) -> None:
        self.counts[round(points * 2)] += 1

    @classmethod
    def of(cls, points: Iterable[float]) -> PairCounts:
        out = cls()
        for p in points:
            out.add(p)
        return out

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def points(self) -> float:
        return sum(i / 2 * n for i, n in enumerate(self.counts))

    @property
    def score(self) -> float:
        """A's share of the points."""
        return self.points / (2 * self.pairs) if self.pairs else 0.5

    def _moments(self, prior: float = 0.0) -> tuple[float, float]:
        """The mean and the variance of a pair's score (0 to 1), the counts regularised (and
        `prior` pairs spread evenly over the outcomes added)."""
        n = [c + EPSILON + prior / 5 for c in self.counts]
        total = sum(n)
        mean = sum(i / 4 * c for i, c in enumerate(n)) / total
        var = sum((i / 4 - mean) ** 2 * c for i, c in enumerate(n)) / total
        return mean, var

    def elo(self) -> tuple[float, float, float]:
        """The Elo difference and its 95% interval (low, high)."""
        if not self.pairs:
            return 0.0, -math.inf, math.inf
        _, var = self._moments()
        half = Z95 * math.sqrt(var / self.pairs)
        return elo_of(self.score), elo_of(self.score - half), elo_of(self.score + half)

    def llr(self, elo0: float, elo1: float) -> float:
        """The GSPRT's log-likelihood ratio of H1 (A is elo1 stronger) against H0 (elo0)."""
        if not self.pairs:
            return 0.0
        s0, s1 = expected_score(elo0), expected_score(elo1)
        _, var = self._moments(PRIOR_PAIR)
        return self.pairs * (s1 - s0) * (2 * self.score - s0 - s1) / (2 * var)


def sprt_bounds(alpha: float = ALPHA, beta: float = BETA) -> tuple[float, float]:
    """The LLR at which the test accepts H0 (below the first) or H1 (above the second)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_verdict(counts: PairCounts, elo0: float, elo1: float) -> str | None:
    """ "H1" (A is at least elo1 stronger), "H0" (at most elo0), or None while undecided."""
    low, high = sprt_bounds()
    llr = counts.llr(elo0, elo1)
    if llr >= high:
        return "H1"
    if llr <= low:
        return "H0"
    return None
