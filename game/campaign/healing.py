"""Wounds healed between battles: by days, by rest, by a temple's cure (docs/rules.md#campaigns)."""

from __future__ import annotations

from collections.abc import Mapping

from game.campaign.company import Company, Member, Standing
from game.campaign.prices import LODGING, TEMPLE_CURE
from game.core.rules.creature import CreatureClass, Kind
from game.core.rules.dice import Rng
from game.core.rules.tables import con_hp_adjustment

WEEK = 7


def natural(member: Member, days: int, rested: int, kind: Kind) -> Member:
    """'Characters heal naturally at a rate of 1 hit point per day of rest ... If the character
    rests for a full week, he gains additional hit points equal to his Constitution bonus'
    (PHB, Healing). Decision: a day's march is light activity and heals its point too; only whole
    weeks of rest in camp (`rested` of the `days`) add the Constitution bonus."""
    bonus = max(0, con_hp_adjustment(kind.con, kind.cls == CreatureClass.WARRIOR)) * (rested // WEEK)
    return member.healed(days + bonus)


def pass_days(company: Company, days: int, rested: int, kinds: Mapping[str, Kind]) -> Company:
    """`days` go by for the company, `rested` of them in camp: each member with it heals."""
    for m in company.members:
        if m.standing == Standing.READY and m.wounds:
            company = company.with_member(natural(m, days, rested, kinds[m.kind]))
    return company


def rest(company: Company, days: int, kinds: Mapping[str, Kind]) -> Company:
    """Days of rest in camp: lodging paid for every member with the company, then healing."""
    cost = LODGING * len(company.ready) * days
    return pass_days(company.spend(cost), days, days, kinds)


def rest_cost(company: Company, days: int) -> int:
    return LODGING * len(company.ready) * days


def cure(company: Company, key: str, rng: Rng) -> Company:
    """One cure light wounds bought at a temple: 'heals 1d8, never above full hit points'."""
    member = company.member(key)
    return company.spend(TEMPLE_CURE).with_member(member.healed(rng.die(8)))
