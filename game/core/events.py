"""Events: one frozen value per thing that happened in a battle (the event-log contract).

Each type serialises with `to_json()` to exactly the JSON object of the log, field order
included; `from_json()` reads one back. A field with OMIT_NONE metadata is left out of
the JSON when it is None; every other field is always written, null included.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.core.event_json import FROM, OMIT_NONE, dump, spec
from game.core.event_values import InitiativeEntry, Reroll, UnitInfo
from game.core.phases import Step
from game.core.rules.conditions import Condition as ConditionName
from game.core.rules.dice import Modifier, Roll
from game.core.rules.geometry import Pos

# Re-exported: the values events carry, and the field specs.
__all__ = ["InitiativeEntry", "Modifier", "Reroll", "Roll", "UnitInfo", "spec"]


# The event log's format, written in battle_start: raised when a change could mislead an older
# reader (new event types, a changed meaning); fields are added without raising it. LOG_FORMAT is
# the newest, which the reader reads up to. Format 3 brought the `wait` event: a battle on a map
# that offers the choice to wait writes it; any other battle's log holds nothing newer than 2.
LOG_FORMAT = 3
FORMAT_WITHOUT_WAIT = 2


# -- events ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in the round it happened."""

    round: int
    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """Return the event-log object, field order included."""
        return {"type": self.type, **dump(self)}


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleStart(Event):
    type: ClassVar[str] = "battle_start"
    format: int = FORMAT_WITHOUT_WAIT
    scenario: str
    seed: int
    options: dict[str, Any]
    units: tuple[UnitInfo, ...]
    width: int
    height: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStart(Event):
    type: ClassVar[str] = "round_start"


@dataclass(frozen=True, slots=True, kw_only=True)
class Initiative(Event):
    type: ClassVar[str] = "initiative"
    mode: str
    entries: tuple[InitiativeEntry, ...]
    order: tuple[tuple[str, ...], ...]
    sides: tuple[str, ...] | None = field(default=None, metadata=OMIT_NONE)  # group initiative: the sides in order
    rerolls: tuple[Reroll, ...] | None = field(default=None, metadata=OMIT_NONE)
    adjusted: bool | None = field(default=None, metadata=OMIT_NONE)  # the order again, after the waiting -1


@dataclass(frozen=True, slots=True, kw_only=True)
class EndStep(Event):
    type: ClassVar[str] = "end_step"
    step: Step  # game/core/round_end.py's STEPS give the order


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstStrike(Event):
    type: ClassVar[str] = "first_strike"
    id: str
    against: str
    reason: str  # reach or size


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Event):
    type: ClassVar[str] = "move"
    id: str
    path: tuple[Pos, ...]  # start included
    facing: str
    reason: str | None = field(default=None, metadata=OMIT_NONE)  # fell_back: cut short on an ally's square


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn(Event):
    type: ClassVar[str] = "turn"
    id: str
    facing: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Event):
    type: ClassVar[str] = "attack"
    id: str
    target: str
    kind: str  # melee or missile
    weapon: str
    arc: str
    roll: Roll
    modifiers: tuple[Modifier, ...]
    needed: int
    hit: bool
    damage: int
    purpose: str  # attack, fire, attack_of_opportunity, first_strike, charge or set_vs_charge
    damage_roll: Roll | None = field(default=None, metadata=OMIT_NONE)
    knockdown_roll: Roll | None = field(default=None, metadata=OMIT_NONE)
    knockdown_needed: int | None = field(default=None, metadata=OMIT_NONE)
    reason: str | None = field(default=None, metadata=OMIT_NONE)  # cannot_hurt: a hit that does no damage


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackLost(Event):
    type: ClassVar[str] = "attack_lost"
    id: str
    target: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Damage(Event):
    type: ClassVar[str] = "damage"
    id: str
    amount: int
    source: str | None
    hp: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Death(Event):
    type: ClassVar[str] = "death"
    id: str
    by: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Save(Event):
    type: ClassVar[str] = "save"
    id: str
    vs: str
    roll: Roll
    needed: int
    success: bool
    purpose: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Retreat(Event):
    type: ClassVar[str] = "retreat"
    id: str  # who gives ground
    by: str
    from_: Pos = field(metadata=FROM)
    to: Pos
    space: str  # rear or flank
    followed: bool
    follow_to: Pos | None
    hazard: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RetreatRefused(Event):
    type: ClassVar[str] = "retreat_refused"
    id: str
    by: str
    reason: str
    detail: str | None = field(default=None, metadata=OMIT_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Knockdown(Event):
    type: ClassVar[str] = "knockdown"
    id: str
    cause: str
    by: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class StandUp(Event):
    type: ClassVar[str] = "stand_up"
    id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Fatigue(Event):
    type: ClassVar[str] = "fatigue"
    id: str
    points: int
    state: str
    changed: bool
    phases: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Recover(Event):
    type: ClassVar[str] = "recover"
    id: str
    state: str
    roll: Roll
    modifiers: tuple[Modifier, ...]
    needed: int
    success: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class MoraleCheck(Event):
    type: ClassVar[str] = "morale_check"
    id: str
    system: str
    trigger: str
    triggers: tuple[str, ...]
    roll: Roll
    rating: int
    modifiers: tuple[Modifier, ...]
    result: str
    margin: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Rally(Event):
    type: ClassVar[str] = "rally"
    id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Flee(Event):
    type: ClassVar[str] = "flee"
    id: str
    reason: str | None = field(default=None, metadata=OMIT_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Withdraw(Event):
    type: ClassVar[str] = "withdraw"
    id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Fled(Event):
    type: ClassVar[str] = "fled"
    id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Surrender(Event):
    type: ClassVar[str] = "surrender"
    id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Status(Event):
    type: ClassVar[str] = "status"
    id: str
    effect: str
    amount: int
    roll: Roll | None = field(default=None, metadata=OMIT_NONE)
    rounds_left: int | None = field(default=None, metadata=OMIT_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Hazard(Event):
    type: ClassVar[str] = "hazard"
    id: str
    hazard: str
    roll: Roll
    by: str | None
    drop_ft: int | None = field(default=None, metadata=OMIT_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class SetVsCharge(Event):
    type: ClassVar[str] = "set_vs_charge"
    id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Cast(Event):
    type: ClassVar[str] = "cast"
    id: str
    spell: str
    targets: tuple[str, ...]
    at: Pos | None
    slot_level: int
    lost: bool  # disrupted: the caster was damaged earlier in the round and the slot is spent
    rolls: tuple[Roll, ...] | None = field(default=None, metadata=OMIT_NONE)  # damage or healing dice


@dataclass(frozen=True, slots=True, kw_only=True)
class Condition(Event):
    """A timed condition starts (rounds: how many) or ends (rounds 0)."""

    type: ClassVar[str] = "condition"
    id: str
    condition: ConditionName  # hasted, slowed, tangled, held, blessed, charging, ...
    rounds: int
    started: bool
    by: str | None = field(default=None, metadata=OMIT_NONE)  # who caused it


@dataclass(frozen=True, slots=True, kw_only=True)
class Heal(Event):
    type: ClassVar[str] = "heal"
    id: str
    amount: int
    source: str
    hp: int  # after
    roll: Roll | None = field(default=None, metadata=OMIT_NONE)
    by: str | None = field(default=None, metadata=OMIT_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class SurrenderOffered(Event):
    type: ClassVar[str] = "surrender_offered"
    id: str  # who offers
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Rest(Event):
    type: ClassVar[str] = "rest"
    id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Hold(Event):
    type: ClassVar[str] = "hold"
    id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Wait(Event):
    type: ClassVar[str] = "wait"
    side: str  # the side that chose to wait, before any creature acted in round 1


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundEnd(Event):
    type: ClassVar[str] = "round_end"


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleEnd(Event):
    type: ClassVar[str] = "battle_end"
    winner: str | None
    reason: str
    rounds: int


# Every event type by its name in the log.
TYPES: dict[str, type[Event]] = {
    c.type: c for c in list(globals().values()) if isinstance(c, type) and issubclass(c, Event) and c is not Event
}


def involved(e: Event) -> list[str]:
    """The unit ids an event names, the acting one first."""
    ids = [v for key in ("id", "target", "by", "against") if isinstance(v := getattr(e, key, None), str)]
    return ids + [t for t in getattr(e, "targets", ()) if t not in ids]
