"""Charge and set to receive a charge (PHB 2e, C&T), as docs/rules.md#charge gives them."""

from __future__ import annotations

from game.core.rules.creature import Weapon
from game.core.rules.dice import Dice, Modifier
from game.core.rules.geometry import REAR, Arc

# 'then one melee attack at +2' (docs/rules.md#charge).
CHARGE_BONUS = 2
# 'a full move of at least 2 squares' (docs/rules.md#charge): squares walked, the start not counted.
MIN_SQUARES = 2
# 'Until its next activation': the condition outlasts the end of this round and ends at the
# start of the charger's next activation, or, if it never gets one, at the end of the next round.
CHARGING_ROUNDS = 2


def charge_modifier() -> Modifier:
    """The charger's +2 on its attack."""
    return Modifier("charge", CHARGE_BONUS)


def charging_modifier(dex_ac: int, arc: Arc) -> Modifier:
    """'the charger's AC is 1 worse and it loses its Dex bonus to AC', read by whoever attacks it:
    one named modifier on the attacker's roll (from the rear the Dex bonus is lost already)."""
    lost_dex = max(dex_ac, 0) if arc != REAR else 0
    return Modifier("target_charging", 1 + lost_dex)


def doubled(dice: Dice) -> Dice:
    """'a hit does double damage (dice doubled, bonuses not)': 1d6+1 becomes 2d6+1."""
    return Dice(dice.count * 2, dice.sides, dice.bonus)


def can_set(weapon: Weapon | None) -> bool:
    """Decision: 'only a creature whose melee weapon can be set may take the set_vs_charge action
    (PHB: spears and polearms are set against a charge; an axe or a sword is not)'
    (docs/rules.md#charge): the catalogue's `settable` (spear, halberd, pike, lance, trident)."""
    return weapon is not None and weapon.settable


def set_refusal(weapon: Weapon | None) -> str | None:
    """Why a creature with this melee weapon may not set to receive a charge, or None: what the
    battle refuses and the window says."""
    if can_set(weapon):
        return None
    held = f"its {weapon.name} cannot be set" if weapon is not None else "it has no melee weapon to set"
    return f"{held} against a charge (only a spear, halberd, pike, lance or trident): it may hold"
