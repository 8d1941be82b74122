"""What pointing at a foe in the Offer mode says: whom quarter would be offered to, and whether
the offer alone would make it check morale (docs/rules.md#offering-surrender)."""

from __future__ import annotations

from game.core import query_quarter
from game.core.battle import Battle


def offer_words(battle: Battle, uid: str, foe: str) -> str:
    """Who an offer would go to, and whether it would have to check morale at the end of the round
    ('several offers to one foe in a round bring one check': a second one is said to change nothing)."""
    if foe not in query_quarter.offer_targets(battle, uid):
        return f"no offer to {foe}: too far, out of sight, a hero or mindless"
    if query_quarter.offered_quarter(battle, foe):
        return f"offer {foe} quarter: it was offered quarter this round already, and it checks once: this offer changes nothing"
    if query_quarter.offer_will_check(battle, foe):
        chance = query_quarter.offer_surrender_chance(battle, foe)
        return f"offer {foe} quarter: it has checked morale before, so it must check ({chance:.0%} it surrenders)"
    return f"offer {foe} quarter: it has met no morale trigger yet, so the offer alone brings no check"
