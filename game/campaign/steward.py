"""The AI that runs the company between battles, as a player would: ransom the captives it can,
hire up to a full line and a reserve, rest and buy cures for the wounded, and field the fittest
and strongest. Seeded by the campaign's generator: the same seed gives the same choices."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.campaign.company import Company, Member
from game.campaign.dealings import NAMES, hire, pay_ransom
from game.campaign.healing import WEEK, cure, rest, rest_cost
from game.campaign.prices import TEMPLE_CURE, hire_price, member_points, ransom
from game.core.rules.creature import Kind
from game.core.rules.dice import Rng

RESERVE = 2  # members kept beyond those a battle fields, to stand in for the wounded and the dead
SUPPORT_SHARE = 1 / 3  # at most this share of the company shoots or casts; the rest holds the line
FIT = 0.5  # below half its hit points, a member sits a battle out while another can stand in


def ransom_captives(company: Company, kinds: Mapping[str, Kind], points: Mapping[str, float]) -> Company:
    """Every captive the crowns can buy back, the most valuable first."""
    for m in sorted(company.captives, key=lambda m: -member_points(m, kinds, points)):
        if ransom(m, kinds, points) <= company.crowns:
            company = pay_ransom(company, m.key, kinds, points)
    return company


def _support(kind: Kind) -> bool:
    return kind.missile is not None or bool(kind.spells)


def recruit(
    company: Company,
    want: int,
    allowed: Sequence[str],
    kinds: Mapping[str, Kind],
    points: Mapping[str, float],
    rng: Rng,
) -> Company:
    """Hire until `want` members are ready, or the roster or the crowns run out. Each hire is of the
    part the company lacks (fighters, or those who shoot or cast), chosen at random among the kinds
    the crowns spread over the hires still wanted can buy, else the cheapest that fits."""
    while len(company.ready) < want and company.room > 0:
        ready = [kinds[m.kind] for m in company.ready]
        support = sum(map(_support, ready)) < SUPPORT_SHARE * (len(ready) + 1)
        part = [k for k in allowed if _support(kinds[k]) == support] or list(allowed)
        affordable = [k for k in part if hire_price(k, points) <= company.crowns]
        if not affordable:
            return company
        share = company.crowns / (want - len(company.ready))
        within = [k for k in affordable if hire_price(k, points) <= share]
        kind = within[rng.below(len(within))] if within else min(affordable, key=lambda k: (points[k], k))
        company = hire(company, kind, _name(company, rng), kinds, points)
    return company


def _name(company: Company, rng: Rng) -> str:
    """A name no member has had, from a random place in the list (a number after it when all have)."""
    used = {m.name for m in company.members}
    start = rng.below(len(NAMES))
    for i in range(len(NAMES)):
        name = NAMES[(start + i) % len(NAMES)]
        if name not in used:
            return name
    return f"{NAMES[start]} {len(company.members) + 1}"


def choose(company: Company, n: int, kinds: Mapping[str, Kind], points: Mapping[str, float]) -> list[Member]:
    """The `n` members to field: the fit before the badly wounded, then the worth most points."""
    ready = company.ready
    return sorted(ready, key=lambda m: (m.hp < FIT * m.hp_max, -member_points(m, kinds, points), m.key))[:n]


def tend(
    company: Company, n: int, march: int, kinds: Mapping[str, Kind], points: Mapping[str, float], rng: Rng
) -> tuple[Company, int]:
    """Rest and cures before the march, for the members about to fight: rest days (up to a week)
    while the march alone would leave wounds open, then a temple's cures for any still under half
    their hit points when the march is done. The company and the days rested."""
    going = choose(company, n, kinds, points)
    open_wounds = max((m.wounds for m in going), default=0) - march
    days = min(WEEK, max(0, open_wounds))
    while days and rest_cost(company, days) > company.crowns:
        days -= 1
    if days:
        company = rest(company, days, kinds)
    for m in choose(company, n, kinds, points):
        while (m := company.member(m.key)).hp + march < FIT * m.hp_max and company.crowns >= TEMPLE_CURE:
            company = cure(company, m.key, rng)
    return company, days
