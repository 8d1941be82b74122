"""What the company pays and what its members are worth, in crowns: hire prices from the measured
points (game/data/points.toml), a member's points at the level it has reached, ransom, the temple's
cure and a rest day's lodging (docs/rules.md#campaigns)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from statistics import median

from game.campaign.company import Member
from game.core.rules.creature import CreatureClass, Kind

# Decision: one point of the measured prices is 10 crowns, so a first-level fighter (10.1 points)
# is hired for 101 crowns, and the prices keep the tenths the measurement gives.
CROWNS_PER_POINT = 10
RANSOM_SHARE = 0.5  # Decision: a captor asks half of what the captive is worth
TEMPLE_CURE = 15  # Decision: crowns for one cure light wounds at a temple (1d8 hp, docs/rules.md#magic)
LODGING = 1  # Decision: crowns a member a day of rest in camp


def hireable(kinds: Mapping[str, Kind], points: Mapping[str, float]) -> list[str]:
    """The kinds a company may hire, by key: those of a class, priced, and 1st level or above.
    Decision: monsters are not for hire (they would go up by the class tables they do not have),
    nor the 0-level levy, who is raised, not hired; a kind only a magic weapon can hurt is not
    priced, so it is not for hire either."""
    return sorted(
        key
        for key, kind in kinds.items()
        if kind.cls != CreatureClass.MONSTER and kind.level >= 1 and points.get(key, 0) > 0 and not kind.hit_only_by
    )


def crowns(points: float) -> int:
    return round(points * CROWNS_PER_POINT)


def hire_price(kind: str, points: Mapping[str, float]) -> int:
    return crowns(points[kind])


def _ladder(cls: CreatureClass, kinds: Mapping[str, Kind], points: Mapping[str, float]) -> list[tuple[int, float]]:
    """The measured price of each level of a class: the median of its priced kinds at that level."""
    by_level: dict[int, list[float]] = {}
    for key, kind in kinds.items():
        if kind.cls == cls and points.get(key, 0) > 0:
            by_level.setdefault(kind.level, []).append(points[key])
    return sorted((level, median(prices)) for level, prices in by_level.items())


def _along(ladder: list[tuple[int, float]], level: int) -> float:
    """The ladder's price at `level`: straight between its rungs, and on past the last two."""
    below = [r for r in ladder if r[0] <= level]
    above = [r for r in ladder if r[0] > level]
    (l0, p0), (l1, p1) = (below[-1], above[0]) if below and above else (ladder[-2], ladder[-1]) if below else ladder[:2]
    return p0 + (p1 - p0) * (level - l0) / (l1 - l0)


def member_points(member: Member, kinds: Mapping[str, Kind], points: Mapping[str, float]) -> float:
    """What a member is worth in points at the level it has reached. Decision: the points are not
    measured for every level, so its kind's price is scaled as its class's measured prices rise
    from the kind's level to the member's (fighter1 to fighter3, wizard to wizard5); a class priced
    at one level only scales with the level itself."""
    kind = kinds[member.kind]
    price = points[member.kind]
    if member.level == kind.level:
        return price
    ladder = _ladder(kind.cls, kinds, points)
    if len(ladder) < 2:
        return price * member.level / max(kind.level, 1)
    at_hire, now = _along(ladder, kind.level), _along(ladder, member.level)
    return price * max(now, 0.1) / max(at_hire, 0.1)


def ransom(member: Member, kinds: Mapping[str, Kind], points: Mapping[str, float]) -> int:
    """Crowns the enemy asks for a captive, in whole fives."""
    asked = crowns(member_points(member, kinds, points)) * RANSOM_SHARE
    return 5 * math.ceil(asked / 5)
