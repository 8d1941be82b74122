"""The even point of a kind against the reference force, by maximum likelihood.

One army stays as it is and the other's size m changes; the chance that the unchanging army
wins falls as m grows. The model is logistic, P(win | m) = 1 / (1 + exp(s (m - c))), with c the
even point (the m it beats half the time) and s > 0 how sharply the chance falls. A draw counts
half a win. c and s are found by maximising the log-likelihood over a grid; c's 95% interval is
where the profile likelihood stays within 3.84 / 2 of its best (the likelihood-ratio interval).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

C_STEP = 0.05
SLOPES = tuple(0.1 * 1.15**i for i in range(30))  # from 0.1 to about 5.7
CHI2_95 = 3.841


@dataclass(frozen=True)
class Count:
    """Games at one size m of the changing army: `score` is the other army's wins plus half its
    draws."""

    m: int
    games: int
    score: float


@dataclass(frozen=True)
class EvenPoint:
    c: float
    low: float
    high: float
    slope: float


def _log_likelihood(counts: list[Count], c: float, s: float) -> float:
    total = 0.0
    for k in counts:
        z = s * (k.m - c)
        # log p and log (1 - p) for p = 1 / (1 + e^z), written so neither overflows
        log_p = -math.log1p(math.exp(z)) if z < 30 else -z
        log_q = -math.log1p(math.exp(-z)) if z > -30 else z
        total += k.score * log_p + (k.games - k.score) * log_q
    return total


def even_point(counts: list[Count], c_max: float) -> EvenPoint:
    """The best c in [0, c_max] with its interval; c_max is where the search stopped looking."""
    grid = [i * C_STEP for i in range(int(c_max / C_STEP) + 1)]
    profile = []
    for c in grid:
        best = max((_log_likelihood(counts, c, s), s) for s in SLOPES)
        profile.append((best[0], c, best[1]))
    top, c_best, s_best = max(profile)
    inside = [c for ll, c, _ in profile if 2 * (top - ll) <= CHI2_95]
    return EvenPoint(c_best, min(inside), max(inside), s_best)
