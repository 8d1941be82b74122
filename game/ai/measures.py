"""The AI's measures of one creature, read from it alone: the blow it deals on average, what its
fall costs its side, and how wary its wounds, fatigue and rank make it."""

from __future__ import annotations

from game.core.rules.outcome import hit
from game.core.world import Unit


def avg_melee(u: Unit) -> float:
    """What one of the creature's melee hits deals on average (game.core.rules.outcome), to a foe it can hurt."""
    w = u.kind.melee
    if w is None:
        return 0.0
    return hit(u.kind, w, "melee").mean


def worth(u: Unit) -> float:
    """How much a creature's fall matters to its side. Morale counts bodies (a quarter, a half
    of the side fallen), so every creature is worth 2, plus a little for power; a leader's loss
    triggers checks for the whole side (x3); losing the side's strongest costs -4 morale (x2)."""
    v = 2.0 + 0.3 * max(1.0, u.kind.power)
    if u.leader:
        v *= 3.0
    if u.hero:
        v *= 2.0
    return v


def caution(u: Unit) -> float:
    """0 for a fresh, whole creature; up to 1 for a badly hurt, tired or shaky one."""
    c = 0.0
    frac = u.hp / max(1, u.hp_max)
    if frac < 0.5:
        c += 0.5 + (0.5 - frac)
    if u.fatigue_state >= 2:
        c += 0.5
    elif u.fatigue_state == 1:
        c += 0.2
    if u.leader:
        c += 0.3 if frac >= 0.7 else 0.6
    return min(1.0, c)
