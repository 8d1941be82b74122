"""The company and its members as plain values: what each member keeps from battle to battle."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum


class Standing(StrEnum):
    """Where a member is between battles."""

    READY = "ready"  # with the company (wounded or not)
    CAPTIVE = "captive"  # surrendered and held by the enemy until ransomed
    DEAD = "dead"
    LOST = "lost"  # a captive not ransomed in time


@dataclass(frozen=True, slots=True)
class Record:
    """What a member has done: battles fought, foes killed (by kind key), flights and surrenders."""

    battles: int = 0
    kills: tuple[str, ...] = ()
    fled: int = 0
    surrendered: int = 0


@dataclass(frozen=True, slots=True)
class Member:
    key: str  # unique in the company, for ever: the battle's unit id is made from it
    name: str
    kind: str  # the catalogue's kind it was hired as
    level: int
    xp: int
    hp: int
    hp_max: int
    standing: Standing = Standing.READY
    record: Record = Record()

    @property
    def with_company(self) -> bool:
        return self.standing == Standing.READY

    @property
    def wounds(self) -> int:
        return self.hp_max - self.hp

    def healed(self, points: int) -> Member:
        return replace(self, hp=min(self.hp_max, self.hp + max(0, points)))


@dataclass(frozen=True, slots=True)
class Company:
    name: str
    crowns: int
    members: tuple[Member, ...] = ()  # in the order they joined, the dead and the lost included
    roster_limit: int = 12

    @property
    def ready(self) -> list[Member]:
        return [m for m in self.members if m.standing == Standing.READY]

    @property
    def captives(self) -> list[Member]:
        return [m for m in self.members if m.standing == Standing.CAPTIVE]

    @property
    def room(self) -> int:
        """Members it may still hire: the roster holds the ready and the captive."""
        held = sum(1 for m in self.members if m.standing in (Standing.READY, Standing.CAPTIVE))
        return max(0, self.roster_limit - held)

    def member(self, key: str) -> Member:
        return next(m for m in self.members if m.key == key)

    def with_member(self, member: Member) -> Company:
        """The company with this member (by key) replaced, or added at the end."""
        if any(m.key == member.key for m in self.members):
            return replace(self, members=tuple(member if m.key == member.key else m for m in self.members))
        return replace(self, members=(*self.members, member))

    def spend(self, crowns: int) -> Company:
        if crowns > self.crowns:
            raise ValueError(f"{self.name} has {self.crowns} crowns, not {crowns}")
        return replace(self, crowns=self.crowns - crowns)

    def new_key(self, name: str) -> str:
        """A key for a new member called `name`: its letters, numbered when another has them."""
        base = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:24] or "member"
        taken = {m.key for m in self.members}
        if base not in taken:
            return base
        return next(f"{base}_{n}" for n in range(2, len(taken) + 3) if f"{base}_{n}" not in taken)
