"""Offers of quarter for the `normal` AI: to a broken foe, when its surrender is likely enough to be worth
more than a blow (docs/rules.md#offering-surrender)."""

from __future__ import annotations

from game.ai.candidate import Candidate
from game.ai.measures import worth
from game.core import query_quarter
from game.core.battle import Battle
from game.core.commands import Action, Command
from game.core.world import FLEEING, Unit

OFFER_BASE = 2.0  # an activation spent on the foe, as an attack's base (game.ai.normal.ATTACK_BASE)
SURRENDER_VALUE = 3.5  # a surrender takes the foe out for good, with no blow in return: well above a kill (2.0 x worth)
LEAST_CHANCE = 0.3  # below this an offer is a wasted activation


def offer_candidates(battle: Battle, u: Unit, stay: float) -> list[Candidate]:
    """An offer to each foe in range, not fleeing, not yet offered quarter this round, that has already
    checked morale this battle, scored from where `u` stands (`stay`, its score for holding there) by
    the chance the foe surrenders."""
    out: list[Candidate] = []
    # A foe that would not check morale has no chance to surrender (below LEAST_CHANCE): most
    # decisions have none that would, and need not ask which foes are in range and sight.
    if not any(query_quarter.offer_will_check(battle, e.id) for e in battle.world.enemies_of(u)):
        return out
    for tid in sorted(query_quarter.offer_targets(battle, u.id)):
        if battle.world[tid].morale == FLEEING:
            continue  # it runs for an exit, or gives up when cornered: quarter adds little
        if query_quarter.offered_quarter(battle, tid):
            continue  # one check whatever the number of offers: a second is an activation thrown away
        p = query_quarter.offer_surrender_chance(battle, tid)
        if p < LEAST_CHANCE:
            continue
        t = battle.world[tid]
        score = stay + OFFER_BASE + SURRENDER_VALUE * worth(t) * p
        out.append(Candidate(score, Command(Action.OFFER_SURRENDER, u.id, target=tid), f"offer quarter {p:.2f}"))
    return out
