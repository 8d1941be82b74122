"""Knockdown dice (C&T): the die a melee hit rolls, the number it must reach, and the odds of a fall."""

from __future__ import annotations

from game.core.rules.creature import Kind, Weapon
from game.core.rules.tables import KNOCKDOWN_TARGET, knockdown_die, save_vs_paralyzation


def knockdown_roll(weapon: Weapon, wielder: Kind, target: Kind) -> tuple[int, int]:
    """(die, number to reach) for a melee hit: the weapon's die one step up per size above M of
    the wielder, against the target's size number (docs/rules.md#knockdown-and-prone); die 0 for no knockdown."""
    return knockdown_die(weapon.knockdown, wielder.size), KNOCKDOWN_TARGET[target.size]


def knockdown_chance(weapon: Weapon, wielder: Kind, target: Kind) -> float:
    """The chance a hit knocks the target prone: the die reaches its number, then the target
    fails its save vs paralyzation ('saves ... or falls prone')."""
    die, need = knockdown_roll(weapon, wielder, target)
    return knockdown_odds(die, need, target)


def knockdown_odds(die: int, need: int, target: Kind) -> float:
    """The chance a hit that rolls knockdown die `die` against `need` knocks the target prone."""
    if not die:
        return 0.0
    p_roll = max(0, die - need + 1) / die
    p_fail = min(1.0, max(0.0, (save_vs_paralyzation(target) - 1) / 20))
    return p_roll * p_fail
