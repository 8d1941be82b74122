"""Who may force a retreat and who may refuse it (seed 000, 'Retreats')."""

from __future__ import annotations

from game.core.rules.creature import Kind


def immunity(attacker: Kind, defender: Kind) -> str | None:
    """'A defender can ignore the requirement to retreat if he is 4 or more levels/Hit Dice
    higher than the attacker or if he is two sizes larger than the attacker.'"""
    if defender.power - attacker.power >= 4:
        return "level"
    if defender.size_rank - attacker.size_rank >= 2:
        return "size"
    return None
