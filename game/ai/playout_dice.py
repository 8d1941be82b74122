"""The expert's playout dice: a stream of its own for each roll's kind and roller.

The expert compares its candidates on the same luck (common random numbers), but one stream
shared by every roll drifts out of step as soon as two candidates roll differently: a strike
spends a die a hold does not, and from then on each creature's rolls in the one future are
another creature's in the other. Here a creature's k-th attack roll (or damage, save, morale
check...) is the same number whichever candidate was played before it, so two futures differ
by what the commands did, not by whose turn a die fell to. Measured: bench/README.md, stop 43.
"""

from __future__ import annotations

import zlib

from game.core.rules.dice import Rng, Why, mix64

_MASK = (1 << 64) - 1
_STEP = 0x9E3779B97F4A7C15


class PlayoutDice(Rng):
    """An Rng whose `dice` draw from the stream of their `why` (the roll's kind and roller's id),
    the k-th roll of a stream from (seed, why, k) alone. The AI's own dice, never a battle's: a
    die is an integer reduced modulo its sides, whose bias (sides in 2**64) no playout can see."""

    __slots__ = ("counts", "key")

    def __init__(self, seed: int, counts: dict[Why, int] | None = None) -> None:
        super().__init__(seed)
        self.key = seed & _MASK
        self.counts: dict[Why, int] = {} if counts is None else counts

    def dice(self, count: int, sides: int, why: Why) -> tuple[int, ...]:
        k = self.counts.get(why, 0)
        self.counts[why] = k + 1
        stream = zlib.crc32(f"{why[0]}:{why[1]}".encode())  # a stable hash: str's differs by process
        base = (self.key * _STEP + stream * 0xBF58476D1CE4E5B9 + k * 0x94D049BB133111EB) & _MASK
        self.draws += count  # the AI's decision seeds read how many dice a battle has drawn
        return tuple(mix64((base + i * _STEP) & _MASK) % sides + 1 for i in range(count))

    def copy(self) -> PlayoutDice:
        twin = PlayoutDice(self.key, dict(self.counts))
        twin.draws = self.draws
        return twin
