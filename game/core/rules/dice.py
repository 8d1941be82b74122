"""Dice built on raw integer draws, so a replay stays valid across library upgrades."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeGuard

_MASK64 = (1 << 64) - 1

# What a roll decides, named by every roll of the rules: the kind of roll and whose it is (a
# creature's id; a side's name for group initiative). Tests name rolls by it rather than by their
# place in the stream, so a roll added to the engine shifts no test that does not name it.
RollKind = Literal[
    "initiative",
    "attack",
    "damage",
    "knockdown",
    "save",
    "morale",
    "fatigue",
    "hazard",
    "continuing",
    "duration",
    "heal",
]
Why = tuple[RollKind, str]
SEED_MAX = _MASK64  # the generator takes 64 bits: a larger seed would wrap onto a smaller one


class Rng:
    """The battle's one seeded generator: splitmix64, a plain copyable value."""

    __slots__ = ("draws", "state")

    def __init__(self, seed: int, state: int | None = None, draws: int = 0) -> None:
        self.state = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK64 if state is None else state
        self.draws = draws

    def next64(self) -> int:
        self.draws += 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """Return a uniform integer in [0, n) by rejection, never by float maths."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def die(self, sides: int) -> int:
        return self.below(sides) + 1

    def dice(self, count: int, sides: int, why: Why) -> tuple[int, ...]:
        """Roll count d sides. `why` says what the roll decides: these dice ignore it (a battle's
        draws never depend on it), a test's named dice (tests/named_dice.py) give it its value."""
        return tuple(self.die(sides) for _ in range(count))

    def copy(self) -> Rng:
        return Rng(0, self.state, self.draws)


# How a battle's seed becomes its generator. Scheme 1 (Rout 0.3 and its saves) started the
# stream at seed * step, and a draw moves it one step, so seed N+1's dice were seed N's one draw
# later: a sweep over consecutive seeds played nearly the same dice in every game. Scheme 2 mixes
# the seed first, so neighbouring seeds start far apart on the cycle. Old saves keep scheme 1.
DICE = 2  # the scheme a new battle uses
DICE_SCHEMES = (1, 2)


def is_scheme(value: object) -> TypeGuard[int]:
    """Whether a value read from a file or the network names a dice scheme (true is not 1)."""
    return type(value) is int and value in DICE_SCHEMES


def battle_rng(seed: int, dice: int = DICE) -> Rng:
    """The generator of a battle with this seed under dice scheme `dice`."""
    if dice == 1:
        return Rng(seed)
    if dice == 2:
        return Rng(0, state=mix64(seed ^ 0x5D0_D1CE_5EED))
    raise ValueError(f"dice scheme must be one of {', '.join(map(str, DICE_SCHEMES))}, not {dice}")


def mix64(z: int) -> int:
    """splitmix64's finaliser: every bit of the seed moves about half the bits of the state."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


@dataclass(frozen=True, slots=True)
class Dice:
    """A dice expression such as 2d10, 1d8+1 or d12."""

    count: int
    sides: int
    bonus: int = 0

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}"
        if self.bonus:
            text += f"{self.bonus:+d}"
        return text

    @property
    def notation(self) -> str:
        return f"{self.count}d{self.sides}"


_DICE = re.compile(r"^\s*(\d*)d(\d+)\s*([+-]\s*\d+)?\s*$")


def parse_dice(text: str) -> Dice:
    """Parse 'NdS', 'dS' or 'NdS+K'; raise ValueError with a readable reason."""
    m = _DICE.match(text)
    if not m:
        raise ValueError(f"not a dice expression: {text!r}")
    count = int(m.group(1)) if m.group(1) else 1
    sides = int(m.group(2))
    bonus = int(m.group(3).replace(" ", "")) if m.group(3) else 0
    if count < 1 or sides < 2:
        raise ValueError(f"not a dice expression: {text!r}")
    return Dice(count, sides, bonus)


@dataclass(frozen=True, slots=True)
class Modifier:
    """One named adjustment to a roll or a rating."""

    name: str
    value: int


@dataclass(frozen=True, slots=True)
class Roll:
    """Dice as rolled: `total` = sum of `rolls` + `mod`."""

    dice: str
    rolls: tuple[int, ...]
    mod: int
    total: int

    @property
    def natural(self) -> int:
        """The first die as it fell (a d20's natural 1 or 20)."""
        return self.rolls[0]


def roll(rng: Rng, count: int, sides: int, why: Why, modifiers: Sequence[Modifier] | None = None) -> Roll:
    """Roll count d sides for `why`; mod = sum of modifiers."""
    rolls = rng.dice(count, sides, why)
    mod = sum(m.value for m in modifiers) if modifiers else 0
    return Roll(f"{count}d{sides}", rolls, mod, sum(rolls) + mod)


def roll_dice(rng: Rng, dice: Dice, why: Why, extra: int = 0) -> Roll:
    """Roll a dice expression for `why`; its bonus and any extra are the roll's mod."""
    rolls = rng.dice(dice.count, dice.sides, why)
    mod = dice.bonus + extra
    return Roll(dice.notation, rolls, mod, sum(rolls) + mod)
