"""The values events carry that are not events themselves: a creature as the battle starts, an
initiative roll, a rerolled tie (re-exported by game/core/events.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.event_json import OMIT_NONE
from game.core.rules.dice import Modifier, Roll
from game.core.rules.geometry import Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitInfo:
    """A creature as the battle starts (`battle_start.units`)."""

    id: str
    side: str
    kind: str
    pos: Pos
    facing: str
    size: str
    hp: int
    dex: int
    mv: int
    level: float
    morale: int
    hero: bool
    leader: bool
    fatigue: int
    force_marched: bool
    spells: tuple[str, ...] | None = field(default=None, metadata=OMIT_NONE)  # memorised, casters only
    # A creature that starts the battle hurt, down, tired or shaken (a map's unit properties):
    # each is written only where it differs from a fresh creature, so other logs are unchanged.
    hp_max: int | None = field(default=None, metadata=OMIT_NONE)
    prone: bool | None = field(default=None, metadata=OMIT_NONE)
    fatigue_state: str | None = field(default=None, metadata=OMIT_NONE)
    morale_state: str | None = field(default=None, metadata=OMIT_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class InitiativeEntry:
    """One creature's (or, in group initiative, one side's) roll."""

    id: str | None = field(default=None, metadata=OMIT_NONE)
    side: str | None = field(default=None, metadata=OMIT_NONE)
    roll: Roll
    modifiers: tuple[Modifier, ...]
    total: int
    dex: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Reroll:
    """Group initiative: the rolls of a tie that was rolled again."""

    tie: tuple[Roll, ...]
