"""Offers of quarter: whom a creature may offer it to, and what the offer is likely to bring, for the
window's card and the AI (docs/rules.md#offering-surrender)."""

from __future__ import annotations

from game.core.battle import Battle
from game.core.query import allowed_actions
from game.core.rules.capabilities import Action
from game.core.systems import morale, surrender


def offer_targets(battle: Battle, uid: str) -> list[str]:
    """The foes the creature may offer quarter to from where it stands (docs/rules.md#offering-surrender)."""
    if Action.OFFER_SURRENDER not in allowed_actions(battle, uid):
        return []
    return surrender.targets(battle.ctx, battle.world[uid])


def offered_quarter(battle: Battle, uid: str) -> bool:
    """Whether quarter has been offered to this foe this round already: it checks once at the round's
    end however many offer it, so a second offer changes nothing (docs/rules.md#offering-surrender)."""
    return uid in battle.ctx.rs.offers


def offer_will_check(battle: Battle, uid: str) -> bool:
    """Whether an offer of quarter to this foe will make it check morale at the end of the round, as far as
    is known now: it has already checked for a trigger this battle (a trigger later this round also would)."""
    u = battle.world[uid]
    return u.kind.intelligent and not u.hero and uid in battle.ctx.sides[u.side].met


def offer_surrender_chance(battle: Battle, uid: str) -> float:
    """The chance that this foe, offered quarter now, fails its check at the end of the round and
    surrenders, if offered quarter is its only trigger (0 if it would not check)."""
    if not offer_will_check(battle, uid):
        return 0.0
    u = battle.world[uid]
    mods = morale.check_modifiers(battle.ctx, u, ["offered_surrender"])
    limit = u.kind.morale + sum(m.value for m in mods)
    return sum(1 for a in range(1, 11) for b in range(1, 11) if a + b > limit) / 100
