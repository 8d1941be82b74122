"""The World: entities (units by id) and their components, a plain value that copies cheaply."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from operator import attrgetter
from typing import Any, NamedTuple

from game.core.rules.conditions import Condition
from game.core.rules.creature import Kind
from game.core.rules.geometry import Pos, footprint


class Life(StrEnum):
    """Who is still on the field."""

    FIGHTING = "fighting"
    DEAD = "dead"
    FLED = "fled"
    SURRENDERED = "surrendered"


class Morale(StrEnum):
    """A creature's order in the fight (docs/rules.md#withdrawal-flight-and-surrender)."""

    STEADY = "steady"
    WITHDRAWING = "withdrawing"
    FLEEING = "fleeing"


# The members under short names: the engine tests life and morale in its innermost loops, and a
# module global is several times quicker to read than an attribute of an Enum class.
FIGHTING, DEAD, FLED, SURRENDERED = Life.FIGHTING, Life.DEAD, Life.FLED, Life.SURRENDERED
STEADY, WITHDRAWING, FLEEING = Morale.STEADY, Morale.WITHDRAWING, Morale.FLEEING


class Course(NamedTuple):
    """A course of continuing damage (poison, burning, acid): `dice` in the status step of each of
    `rounds` rounds, the first in round `first` (docs/rules.md#status); `by` is who caused it, credited
    with a death from it."""

    effect: str
    dice: str
    rounds: int
    by: str | None = None
    first: int = 0


@dataclass(frozen=True, slots=True)
class Unit:
    """One creature's components. Frozen: change it with World.update."""

    id: str
    side: str
    kind: Kind
    pos: Pos
    facing: int
    hp: int
    hp_max: int
    fatigue_max: int
    fatigue_points: int
    fatigue_state: int = 0
    force_marched: bool = False
    rest_streak: int = 0
    morale: Morale = STEADY
    life: Life = FIGHTING
    prone: bool = False
    hero: bool = False
    leader: bool = False
    retainer: bool = False
    ose_passes: int = 0
    fights: bool = True  # False: 'will not fight' (ose morale 2, docs/rules.md#morale-under-ose)
    conditions: tuple[tuple[Condition, int], ...] = ()
    continuing: tuple[Course, ...] = ()
    spells: tuple[str, ...] = ()  # memorised and not yet cast (docs/rules.md#magic)
    # The footprint's side in squares: its kind's, kept in a slot because the AI reads it of
    # every creature near every square it weighs (over half a million times in a big round).
    n: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "n", self.kind.squares)

    @property
    def squares(self) -> list[Pos]:
        return footprint(self.pos, self.kind.squares)

    @property
    def alive(self) -> bool:
        return self.life == FIGHTING

    @property
    def able(self) -> bool:
        """Able to fight: on the field, conscious, not surrendered (docs/rules.md#victory).

        A fleeing creature is still on the field until it leaves by an exit or gives up.
        """
        return self.life == FIGHTING and self.hp > 0

    @property
    def steady(self) -> bool:
        """Able and in good order: neither withdrawing nor fleeing."""
        return self.able and self.morale == STEADY

    def has(self, condition: Condition) -> bool:
        for name, _ in self.conditions:  # noqa: SIM110  # a plain loop: asked of every creature the AI weighs
            if name == condition:
                return True
        return False


_UNIT_FIELDS = tuple(f.name for f in fields(Unit) if f.init)
_unit_values = attrgetter(*_UNIT_FIELDS)


class World:
    """Units by id, plus an index of which unit stands on each square."""

    __slots__ = ("_enemies", "occupancy", "units")

    def __init__(self, units: dict[str, Unit] | None = None) -> None:
        # Kept in id order (the keys never change after this), so every walk over the units
        # is in sorted id order without sorting.
        given = units or {}
        self.units: dict[str, Unit] = {uid: given[uid] for uid in sorted(given)}
        self.occupancy: dict[Pos, str] = {}
        self._enemies: dict[str, list[Unit]] = {}  # by side, until the next update
        for u in self.units.values():
            if u.life in (FIGHTING, SURRENDERED):
                for sq in u.squares:
                    self.occupancy[sq] = u.id

    def copy(self) -> World:
        w = World.__new__(World)
        w.units = dict(self.units)
        w.occupancy = dict(self.occupancy)
        w._enemies = {}
        return w

    def __getitem__(self, uid: str) -> Unit:
        return self.units[uid]

    def ids(self) -> list[str]:
        return list(self.units)

    def at(self, pos: Pos) -> str | None:
        return self.occupancy.get(pos)

    def update(self, uid: str, **changes: Any) -> Unit:
        """Replace some of a unit's components (Unit() refuses a name it does not have)."""
        old = self.units[uid]
        # dataclasses.replace, without its per-call walk over the fields: a walk updates a unit
        # at every step. An unknown name is refused by Unit() as replace refuses it.
        kept = dict(zip(_UNIT_FIELDS, _unit_values(old), strict=True))
        kept.update(changes)
        new = Unit(**kept)
        self.units[uid] = new
        self._enemies.clear()
        if old.pos != new.pos or old.life != new.life:
            if old.life in (FIGHTING, SURRENDERED):
                for sq in old.squares:
                    if self.occupancy.get(sq) == uid:
                        del self.occupancy[sq]
            if new.life in (FIGHTING, SURRENDERED):
                for sq in new.squares:
                    # A creature passing through an ally's square never takes the ally's place.
                    self.occupancy.setdefault(sq, uid)
        return new

    def overlaps(self, uid: str) -> bool:
        """Whether this creature shares a square with another (only ever mid-move)."""
        return any(self.occupancy.get(sq) not in (None, uid) for sq in self.units[uid].squares)

    def living(self) -> list[Unit]:
        return [u for u in self.units.values() if u.life == FIGHTING]

    def sides(self) -> list[str]:
        return sorted({u.side for u in self.units.values()})

    def enemies_of(self, unit: Unit) -> list[Unit]:
        # Asked at every step of a walk and a dozen times an AI decision: each side's list is
        # kept until a unit changes, and handed out as a copy the caller may change.
        side = unit.side
        got = self._enemies.get(side)
        if got is None:
            got = self._enemies[side] = [u for u in self.units.values() if u.life == FIGHTING and u.side != side]
        return list(got)
