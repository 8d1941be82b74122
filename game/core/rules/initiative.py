"""d10 initiative, its modifiers, ties and the first-round reach/size exception (seed 002)."""

from __future__ import annotations

from game.core.rules.creature import Kind
from game.core.rules.dice import Modifier

HINDERED, WAITING = "hindered", "waiting"

# 'Some Standard Modifiers to Initiative' (seed 002), bar those a creature's conditions give (hasted,
# slowed, set to receive a charge: their records hold them, game.core.rules.conditions).
MODIFIERS = {
    "higher_ground": 1,
    "wading_or_slippery": -2,
    "deep_water": -4,
    "foreign_environment": -6,
    HINDERED: -3,
    WAITING: -1,
}


def order_individual(entries: list[tuple[str, int, int]]) -> list[list[str]]:
    """'Highest score goes first. Tied scores go to the one with the highest dexterity.'

    'In the case of equal dexterity, a simultaneous action occurs': equal
    (total, Dex) form one inner list, in sorted id order.
    """
    groups: dict[tuple[int, int], list[str]] = {}
    for uid, total, dex in entries:
        groups.setdefault((total, dex), []).append(uid)
    return [sorted(groups[key]) for key in sorted(groups, reverse=True)]


def group_modifiers(per_member: list[list[Modifier]]) -> list[Modifier]:
    """'Everyone in the party ... must qualify for the modifier' (seed 002)."""
    if not per_member:
        return []
    names = set.intersection(*({m.name for m in mods} for mods in per_member))
    first = {m.name: m for m in per_member[0]}  # a modifier of a name has one value, whoever has it
    return [first[n] for n in sorted(names)]


def first_strike_applies(mover: Kind, enemy: Kind, mover_reach_ft: int, enemy_reach_ft: int) -> str | None:
    """Return 'reach' or 'size' when the enemy may strike first in round 1, else None.

    'when a creature uses a weapon with a reach of greater than 10 feet against
    an opponent with a weapon with less than a 6 foot reach, or when a large
    creature is fighting a medium or smaller sized creature' (seed 002).
    """
    if enemy_reach_ft > 10 and mover_reach_ft < 6:
        return "reach"
    if enemy.size_rank >= 3 and mover.size_rank <= 2:
        return "size"
    return None
