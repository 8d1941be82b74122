"""Dice a test sets by what each roll decides, not by its place in the stream.

`NamedDice({"initiative a": 10, "attack a": 17, "damage a": 6, "morale z": 11})`: every roll of the
rules says what it is for (game/core/rules/dice.py's `Why`: a kind and whose it is), and a named
roll takes the test's value wherever it falls. A roll the test does not name comes from a seeded
stream, so an extra roll added to the engine moves no named value (tests/test_named_dice.py).

A name is `"KIND WHO"` (a creature's id; a side for group initiative) or `"KIND"` alone for that
kind of roll by anyone; the first wins. A value is one roll: an int is its dice's total, spread
as evenly as the dice allow (a 2d10 morale check of 11 falls 6 and 5), a tuple its dice as they
fall. A list gives the rolls of that name in turn (an attack, then the next); once a name's
values are spent its rolls come from the stream.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.rules.dice import Rng, Why

OneRoll = int | tuple[int, ...]
Named = Mapping[str, OneRoll | list[OneRoll]]


class NamedDice(Rng):
    """A generator whose named rolls are set by the test; the rest, a seeded stream."""

    def __init__(self, named: Named | None = None, seed: int = 7) -> None:
        super().__init__(seed)
        self.named: dict[tuple[str, str], list[OneRoll]] = {}
        self.name(named or {})
        self.log: list[tuple[Why, tuple[int, ...]]] = []  # every roll, named or not, as it fell

    def name(self, named: Named) -> None:
        """Set (or replace) the values of some names, for the rolls still to come."""
        for key, value in named.items():
            kind, _, who = key.partition(" ")
            self.named[(kind, who)] = list(value) if isinstance(value, list) else [value]

    def left(self) -> list[str]:
        """The names whose values no roll has taken yet (a test may check it ran as it meant)."""
        return [f"{k} {w}".strip() for (k, w), values in self.named.items() if values]

    def dice(self, count: int, sides: int, why: Why) -> tuple[int, ...]:
        values = self.named.get(why) or self.named.get((why[0], ""))
        rolled = _as_dice(values.pop(0), count, sides, why) if values else super().dice(count, sides, why)
        self.log.append((why, rolled))
        return rolled

    def copy(self) -> NamedDice:
        r = NamedDice(seed=0)
        r.named = {k: list(v) for k, v in self.named.items()}
        r.state, r.draws = self.state, self.draws
        return r


def _as_dice(value: OneRoll, count: int, sides: int, why: Why) -> tuple[int, ...]:
    """A named value as the dice of a `count`d`sides` roll; a value no such roll can give fails."""
    if isinstance(value, tuple):
        rolled = value
    else:
        base, extra = divmod(value, count)
        rolled = tuple(base + (i < extra) for i in range(count))
    fits = len(rolled) == count and all(1 <= v <= sides for v in rolled)
    assert fits, f"{why[0]} {why[1]}: {value} is not a roll of {count}d{sides}"
    return rolled
