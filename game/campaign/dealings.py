"""What the company does with its crowns between battles: hire, and ransom its captives (or lose
them). Each refuses, with a ValueError in words, what the company cannot do."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from game.campaign.company import Company, Member, Standing
from game.campaign.prices import hire_price, ransom
from game.campaign.tables import LEVEL_XP
from game.core.rules.creature import Kind

# Names the steward gives its hires (and a player may keep): plain names of the Old World.
NAMES = (
    "Aldo", "Berta", "Corin", "Dagna", "Edric", "Fenna", "Gisil", "Hamo", "Ida", "Jory", "Kell", "Liese",
    "Marek", "Nell", "Osric", "Petra", "Quill", "Rolf", "Senna", "Tobin", "Ulla", "Vane", "Wenda", "Yorick",
    "Anselm", "Brun", "Cilla", "Dunstan", "Elke", "Frode", "Greta", "Hild", "Ivo", "Jutta", "Konrad", "Lotte",
)  # fmt: skip


def hire(company: Company, kind: str, name: str, kinds: Mapping[str, Kind], points: Mapping[str, float]) -> Company:
    """A new member of `kind` called `name`, paid for at its price: a kind's level, hit points
    and the experience that level took (PHB Tables 14-25), and a clean record."""
    if company.room <= 0:
        raise ValueError(f"the roster holds {company.roster_limit}: no room to hire {name}")
    price = hire_price(kind, points)
    if price > company.crowns:
        raise ValueError(f"{name} the {kinds[kind].name} costs {price} crowns; the company has {company.crowns}")
    k = kinds[kind]
    xp = LEVEL_XP[k.cls][k.level - 1] if k.cls in LEVEL_XP and k.level >= 1 else 0
    member = Member(company.new_key(name), name, kind, k.level, xp, k.hp, k.hp)
    return company.spend(price).with_member(member)


def join(company: Company, kind: str, name: str, kinds: Mapping[str, Kind]) -> Company:
    """A member the campaign starts the company with, unpaid."""
    k = kinds[kind]
    xp = LEVEL_XP[k.cls][k.level - 1] if k.cls in LEVEL_XP and k.level >= 1 else 0
    return company.with_member(Member(company.new_key(name), name, kind, k.level, xp, k.hp, k.hp))


def pay_ransom(company: Company, key: str, kinds: Mapping[str, Kind], points: Mapping[str, float]) -> Company:
    """A captive bought back: it returns with the hit points it was taken with."""
    member = company.member(key)
    if member.standing != Standing.CAPTIVE:
        raise ValueError(f"{member.name} is not held by the enemy")
    return company.spend(ransom(member, kinds, points)).with_member(replace(member, standing=Standing.READY))


def lose_captives(company: Company) -> Company:
    """Decision: a captive not ransomed before the company's next battle is lost for good."""
    for m in company.captives:
        company = company.with_member(replace(m, standing=Standing.LOST))
    return company
