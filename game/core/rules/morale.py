"""Morale checks: AD&D 2e 2d10 (seed 000, DMG Table 50) and B/X 2d6 (seed 001)."""

from __future__ import annotations

from game.core.rules.creature import Kind
from game.core.rules.dice import Modifier

PASS, WITHDRAW, FLEE, SURRENDER = "pass", "withdraw", "flee", "surrender"


def hd_modifier(kind: Kind) -> Modifier | None:
    """DMG Table 50: 1/2 HD or less -2, under 1 HD -1, 4-8 HD +1, 9-14 +2, 15+ +3."""
    hd = kind.power
    if hd <= 0.5:
        return Modifier("half_hd_or_less", -2)
    if hd < 1:
        return Modifier("under_1_hd", -1)
    if hd >= 15:
        return Modifier("hd_15_plus", 3)
    if hd >= 9:
        return Modifier("hd_9_to_14", 2)
    if hd >= 4:
        return Modifier("hd_4_to_8", 1)
    return None


def alignment_modifier(alignment: str) -> Modifier | None:
    """DMG Table 50: lawful +1, chaotic -1."""
    if alignment.startswith("L"):
        return Modifier("lawful", 1)
    if alignment.startswith("C"):
        return Modifier("chaotic", -1)
    return None


def wounds_modifier(hp: int, hp_max: int) -> Modifier | None:
    """DMG Table 50: lost 25% of own hit points -2, 50% -4."""
    lost = hp_max - hp
    if lost * 2 >= hp_max:
        return Modifier("lost_half_hp", -4)
    if lost * 4 >= hp_max:
        return Modifier("lost_quarter_hp", -2)
    return None


def adnd2e_result(margin: int, intelligent: bool, way_out: bool) -> str:
    """'If they fail by a small margin (say, 1 or 2 ...), they try to withdraw in good order.
    If they fail by a large margin, they ... flee ... Intelligent creatures may try to
    surrender if there is no place for them to run' (seed 000)."""
    if margin <= 0:
        return PASS
    if intelligent and not way_out:
        return SURRENDER
    return WITHDRAW if margin <= 2 else FLEE


def ose_result(margin: int, intelligent: bool, way_out: bool) -> str:
    """'Higher than morale score: The monster will surrender or attempt to flee' (seed 001)."""
    if margin <= 0:
        return PASS
    if intelligent and not way_out:
        return SURRENDER
    return FLEE


# 'Mercenary Morale' (seed 001).
TROOP_MORALE = {"militia": 6, "barbarian": 7, "trained": 8}
TROOP_BONUS = {"mounted": 1, "elite": 1, "fanatic": 2, "berserker": 2}


def ose_rating(kind: Kind, led: bool = False) -> int:
    """A mercenary's rating is 'determined solely by the type of troops'; others use their own.

    Decision (docs/rules.md#morale-under-ose): a kind with a `led_morale` (the orc: 6, 8 with a
    leader) checks at it while `led`, a living, steady leader of its side on the field."""
    if kind.troop in TROOP_MORALE:
        return min(12, TROOP_MORALE[kind.troop] + sum(TROOP_BONUS.get(m, 0) for m in kind.troop_mods))
    return kind.led_morale if led and kind.led_morale else kind.morale_ose


def ose_adjustment(own_lost: float, others_lost: list[float]) -> int:
    """Decision (docs/rules.md#morale-under-ose): -1 for the side that has lost more, +1 for the side that
    has lost less."""
    if not others_lost:
        return 0
    if own_lost > max(others_lost):
        return -1
    if own_lost < min(others_lost):
        return 1
    return 0
