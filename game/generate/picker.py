"""An army bought to a budget: what the AI fields in a battle of points (issue 20).

Seeded and sensible: a body of fighters (about half the budget), some who shoot or cast (about
a third), and, where the budget allows, one big creature; no kind takes more than 60% of the
budget, so an army is never forty of one thing, and a kind that leads (an orc leader) comes
one to an army, bought last if the budget has room. What is left after each part is spent on
the cheapest kind already bought, while it fits.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from game.core.rules.creature import Flag, Kind

SHARE_MAX = 0.6
FRONT, SUPPORT = 0.5, 0.33


def buy(
    budget: float, kinds: Mapping[str, Kind], points: Mapping[str, float], rng: random.Random, room: int = 10**6
) -> list[Kind]:
    """The kinds bought, in order; their points add up to at most `budget`, their footprints to
    at most `room` squares (the deployment zone's). Only priced kinds are bought; a kind only a
    magic weapon can hurt is left out, as the generator leaves it out."""
    usable = [kinds[k] for k in sorted(points) if k in kinds and points[k] > 0 and not kinds[k].hit_only_by]
    leaders = [k for k in usable if Flag.LEADER in k.flags]
    priced = [k for k in usable if Flag.LEADER not in k.flags]
    front = [k for k in priced if k.missile is None and not k.spells and k.hd <= 3]
    support = [k for k in priced if k.missile is not None or k.spells]
    heavy = [k for k in priced if k.hd >= 4 and not k.spells]
    army: list[Kind] = []
    left = budget
    if heavy and rng.random() < 0.5:
        big = rng.choice(heavy)
        if points[big.key] <= min(left * 0.3, budget * SHARE_MAX) and big.squares**2 <= room // 4:
            army.append(big)
            left -= points[big.key]
    for pool, share in ((front, FRONT), (support, SUPPORT)):
        amount = min(budget * share, left)
        affordable = [k for k in pool if points[k.key] <= amount]
        if affordable:
            left -= _spend(army, rng.choice(affordable), amount, budget, points, room)
    leader = rng.choice(leaders) if leaders else None
    if leader is not None and points[leader.key] <= left and sum(k.squares**2 for k in army) < room:
        army.append(leader)
        left -= points[leader.key]
    cheapest = sorted({k.key: k for k in army if k is not leader}.values(), key=lambda k: (points[k.key], k.key))
    for kind in cheapest:
        left -= _spend(army, kind, left, budget, points, room)
    if not army and priced:  # a budget below every part's share: the one cheapest creature
        kind = min(priced, key=lambda k: (points[k.key], k.key))
        if points[kind.key] <= budget:
            army.append(kind)
    return army


def _spend(army: list[Kind], kind: Kind, amount: float, budget: float, points: Mapping[str, float], room: int) -> float:
    """Add as many of the kind as `amount` buys without the kind passing its share or the army
    its room; the cost."""
    price = points[kind.key]
    held = sum(points[k.key] for k in army if k.key == kind.key)
    free = room - sum(k.squares**2 for k in army)
    n = min(int(min(amount, budget * SHARE_MAX - held) // price), free // kind.squares**2)
    army.extend([kind] * max(0, n))
    return max(0, n) * price
