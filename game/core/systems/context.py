"""The state one battle's systems share: world, terrain, generator, round bookkeeping, log."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Concatenate, ParamSpec, TypeVar

from game.core.events import Event, InitiativeEntry
from game.core.options import Options
from game.core.rules.dice import Rng
from game.core.rules.geometry import Pos
from game.core.terrain import Terrain
from game.core.world import World

P = ParamSpec("P")
# An attack's or a spell's outcome held back until its simultaneous group has rolled: (attacker,
# target, damage, knocked down, by magic).
Effect = tuple[str, str, int, bool, bool]
E = TypeVar("E", bound=Event)


@dataclass
class RoundState:
    """What happened this round that the end of the round needs to know."""

    melee_damage: set[tuple[str, str]] = field(default_factory=set)  # (attacker, target)
    hits: set[tuple[str, str]] = field(default_factory=set)  # any hit, melee or missile
    aoo_used: set[str] = field(default_factory=set)
    acted: set[str] = field(default_factory=set)
    lost_action: set[str] = field(default_factory=set)  # used it on a first strike
    exerted: dict[str, int] = field(default_factory=dict)  # phases moved or attacked in
    exerted_phase: dict[str, int] = field(default_factory=dict)
    rested: set[str] = field(default_factory=set)
    knocked_down: set[str] = field(default_factory=set)
    retreated: dict[str, str] = field(default_factory=dict)  # foe -> who forced it back (or tried)
    # Losses no morale step has seen yet; those after this round's morale step carry over to
    # the next round's ('a death is never lost between rounds', docs/rules.md#withdrawal-flight-and-surrender).
    slain: list[tuple[str, str | None]] = field(default_factory=list)  # (victim, by)
    left: list[str] = field(default_factory=list)  # withdrew, fled or surrendered (deserted)
    phase: int = 0
    initiative: tuple[InitiativeEntry, ...] = ()  # this round's rolls, for the waiting -1
    other_side_attacked: bool = False  # another side attacked the waiting side before it attacked
    waiting_over: bool = False  # the waiting side attacked first: it waits no more this round
    waiting_adjusted: bool = False
    # Quarter offered this round: target -> the side that offered first (docs/rules.md#offering-surrender).
    offers: dict[str, str] = field(default_factory=dict)
    damaged: set[str] = field(default_factory=set)  # took damage this round: a spell it casts is lost

    def copy(self) -> RoundState:
        """A copy with sets, dicts and lists of its own (the other fields are immutable values)."""
        return replace(
            self,
            melee_damage=set(self.melee_damage),
            hits=set(self.hits),
            aoo_used=set(self.aoo_used),
            acted=set(self.acted),
            lost_action=set(self.lost_action),
            exerted=dict(self.exerted),
            exerted_phase=dict(self.exerted_phase),
            rested=set(self.rested),
            knocked_down=set(self.knocked_down),
            retreated=dict(self.retreated),
            slain=list(self.slain),
            left=list(self.left),
            offers=dict(self.offers),
            damaged=set(self.damaged),
        )


@dataclass
class SideRecord:
    """What a side's morale remembers across rounds."""

    start_count: int
    start_hd: float
    strongest: str | None  # the one member more powerful than every other, if any
    fired: set[str] = field(default_factory=set)  # once-only triggers already fired
    kills: int = 0
    strongest_lost: bool = False
    leaders_lost: set[str] = field(default_factory=set)  # each leader is lost once: slain or deserted
    met: set[str] = field(default_factory=set)  # members that have checked morale for a trigger this battle
    struck_by_magic: set[str] = field(
        default_factory=set
    )  # killed, held or tangled by a spell since the last morale step
    # Triggers a held member met while it could not check: they wait until it is free (docs/rules.md#morale).
    waiting: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def copy(self) -> SideRecord:
        return SideRecord(
            self.start_count,
            self.start_hd,
            self.strongest,
            set(self.fired),
            self.kills,
            self.strongest_lost,
            set(self.leaders_lost),
            set(self.met),
            set(self.struck_by_magic),
            dict(self.waiting),
        )


@dataclass
class Ctx:
    world: World
    terrain: Terrain
    rng: Rng
    options: Options
    round: int = 0
    rs: RoundState = field(default_factory=RoundState)
    sides: dict[str, SideRecord] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    deferring: bool = False
    deferred: list[Effect] = field(default_factory=list)  # a simultaneous group's hits, applied together
    last_melee_round: int = 0  # the last round anyone struck in melee (0: not yet)
    # Squares each creature left, as (round, square), for its last few rounds (systems/trail.py).
    trails: dict[str, tuple[tuple[int, Pos], ...]] = field(default_factory=dict)

    def emit(self, kind: Callable[Concatenate[int, P], E], /, *args: P.args, **fields: P.kwargs) -> E:
        """Log an event of this kind, in this round."""
        ev = kind(self.round, *args, **fields)
        self.events.append(ev)
        return ev

    def copy(self, rng: Rng | None = None) -> Ctx:
        """A copy with an empty log; with `rng`, that generator instead of a copy of this one."""
        return Ctx(
            self.world.copy(),
            self.terrain,
            self.rng.copy() if rng is None else rng,
            self.options,
            self.round,
            self.rs.copy(),
            {k: v.copy() for k, v in self.sides.items()},
            [],
            self.deferring,
            list(self.deferred),
            self.last_melee_round,
            dict(self.trails),  # its values are tuples: the copy shares them safely
        )
