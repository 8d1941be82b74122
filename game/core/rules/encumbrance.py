"""Encumbrance categories and what they cost (PHB), which fatigue raises (seed 000)."""

from __future__ import annotations

from game.core.rules.creature import ENCUMBRANCE


def effective_category(base: str, fatigue_state: int) -> int:
    """'Fatigued ... encumbered one category more ... Exhausted ... two categories more' (seed 000)."""
    return min(len(ENCUMBRANCE) - 1, ENCUMBRANCE.index(base) + fatigue_state)


def movement(mv: int, category: int) -> int:
    """Light MV -1/3, moderate -1/2, heavy -2/3, severe 1 (docs/rules.md#encumbrance)."""
    if category == 0:
        return mv
    if category == 1:
        return max(1, mv * 2 // 3)
    if category == 2:
        return max(1, mv // 2)
    if category == 3:
        return max(1, mv // 3)
    return 1


def attack_penalty(category: int) -> int:
    """Moderate -1, heavy -2, severe -4 to attack rolls."""
    return (0, 0, -1, -2, -4)[category]


def ac_penalty(category: int) -> int:
    """Heavy: AC 1 worse; severe: 3 worse (a positive number makes AC worse)."""
    return (0, 0, 0, 1, 3)[category]
