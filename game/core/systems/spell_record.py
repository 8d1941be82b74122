"""A spell as one record (docs/rules.md#magic): its rules (class, level, aim, range, save), whom
and where it takes in, what it does to the battle, the words of its preview and its log line, and
what the AI thinks it is worth. Aiming, casting, the cast preview, the AI and the window read it;
the records themselves are in game/core/systems/spells/."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal, Protocol

from game.core.rules.conditions import Condition
from game.core.rules.dice import Roll
from game.core.rules.geometry import Pos
from game.core.rules.spells import SQUARE, Spell
from game.core.systems import conditions
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim
from game.core.world import Unit, World

# Where a square spell is tried by the query and the AI: next to the caster, on each ally, on each
# foe, or on every creature.
Centres = Literal["adjacent", "allies", "foes", "anyone"]
ADJACENT: Final = "adjacent"
ON_ALLIES: Final = "allies"
ON_FOES: Final = "foes"
ON_ANYONE: Final = "anyone"
CONTACT = 18  # squares: within this of a foe, the fight is about to begin (bless, haste)


@dataclass(frozen=True)
class SpellOption:
    """What one legal cast would do, for the window and the AI."""

    spell: str
    target: str | None  # the creature it is cast at, or None
    at: Pos | None  # the square it is aimed at, or None
    takes_in: tuple[str, ...]
    squares: tuple[Pos, ...]  # an area spell's squares
    low: int  # damage (or healing) to each creature taken in, least and most; 0 when none
    high: int
    fail_chance: tuple[float, ...]  # per creature taken in: the chance it fails its save (1.0: no save)
    summary: str  # what it would do, in words
    path: tuple[Pos, ...] = ()  # the half move before the cast, start included; () to cast where it stands


class Judge(Protocol):
    """What the AI knows when it weighs a cast (game.ai.spells gives it)."""

    @property
    def unit(self) -> Unit: ...

    @property
    def world(self) -> World: ...

    def worth(self, u: Unit) -> float:
        """How much the creature's fall matters to its side."""
        ...

    def nearest_foe(self) -> int:
        """Squares from the caster to its nearest able foe."""
        ...


@dataclass(frozen=True, slots=True)
class Preview:
    """A cast's damage (or healing) to each creature taken in, least and most, and its words."""

    low: int
    high: int
    words: str


Effect = Callable[[Ctx, Unit, Aim, Pos | None], None]
AreaRule = Callable[[Ctx, Unit, Spell, Pos], Aim | str]
TakeRule = Callable[[Ctx, Unit, Spell, Unit], Aim | str]


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellRecord(Spell):
    """One spell, whole. `effect` resolves the cast; `preview` says what it would do for a caster
    of a level; `value` is the AI's score of an option (on an attack's scale; 0 or less: not cast)."""

    effect: Effect
    preview: Callable[[int], Preview]
    value: Callable[[Judge, SpellOption], float]
    area: AreaRule | None = None  # a square spell: its squares and creatures once range and sight hold
    take: TakeRule | None = None  # a creature spell: whom it takes in, once side, range and sight hold
    centres: Centres = ON_ANYONE  # a square spell: where the query and the AI try aiming it
    tell: Callable[[tuple[Roll, ...]], str] | None = None  # the log's words for the cast's dice

    def __post_init__(self) -> None:
        if self.aim == SQUARE and self.area is None:
            raise ValueError(f"{self.key}: a spell aimed at a square needs its area")
        if self.aim != SQUARE and self.area is not None:
            raise ValueError(f"{self.key}: only a spell aimed at a square has an area")


def kill_frac(hp: int, low: int, high: int) -> float:
    """The chance damage evenly spread over low..high drops a creature of hp."""
    if hp <= low:
        return 1.0
    if hp > high:
        return 0.0
    return (high - hp + 1) / (high - low + 1)


def taken(judge: Judge, o: SpellOption) -> list[tuple[Unit, float]]:
    """The creatures the cast takes in, each with the chance it fails its save."""
    w = judge.world
    return [(w[t], f) for t, f in zip(o.takes_in, o.fail_chance, strict=True)]


def rally_value(judge: Judge, o: SpellOption, condition: Condition, per: float) -> float:
    """A spell on allies before contact: `per` for each steady fighter it takes in that lacks the
    condition, if at least two and the foe is near; else not worth it."""
    u = judge.unit
    fresh = [
        t
        for t, _ in taken(judge, o)
        if t.side == u.side and t.steady and t.kind.melee is not None and not t.has(condition)
    ]
    if judge.nearest_foe() > CONTACT or len(fresh) < 2:
        return -1.0
    return per * len(fresh)


def hinder_value(judge: Judge, o: SpellOption, per: float) -> float:
    """A spell that hinders whoever fails a save: `per` (and a little for its worth) for each
    steady foe likely caught that can still act (one held is out of the fight already), less more
    than `per` for each friend."""
    u = judge.unit
    tk = taken(judge, o)
    gain = sum(f * (per + 0.4 * judge.worth(t)) for t, f in tk if t.side != u.side and t.steady and _acts(t))
    return gain - sum(f * (per + 1.0) for t, f in tk if t.side == u.side)


def _acts(u: Unit) -> bool:
    return not (u.conditions and conditions.cannot_act(u))


def blast_value(judge: Judge, o: SpellOption) -> float:
    """Damage to all in an area, a save halving it: on foes (a kill counts more), three times its
    cost on friends caught too."""
    u = judge.unit
    mid = (o.low + o.high) / 2
    dealt = [(t, f + (1 - f) * 0.5) for t, f in taken(judge, o)]
    gain = sum(
        mid * p + 2.0 * judge.worth(t) * p * kill_frac(t.hp, o.low, o.high) for t, p in dealt if t.side != u.side
    )
    loss = sum(3.0 * mid * p for t, p in dealt if t.side == u.side)
    return gain - loss
