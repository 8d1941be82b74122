"""Fatigue points, checking them off, and recovery (seed 000, 'Fatigue')."""

from __future__ import annotations

from game.core.rules.creature import CreatureClass, Kind
from game.core.rules.dice import Modifier
from game.core.rules.tables import con_hp_adjustment

FRESH, FATIGUED, EXHAUSTED = 0, 1, 2
STATE_NAMES = ("fresh", "fatigued", "exhausted")
_CLASS_DIE = {CreatureClass.WARRIOR: 10, CreatureClass.PRIEST: 8, CreatureClass.ROGUE: 6, CreatureClass.WIZARD: 4}


def fatigue_points(kind: Kind) -> int:
    """'fatigue points equal to their base Hit Die value ... For monsters ... 8 ... plus the number of Hit Dice, rounded down.'"""
    if kind.cls == CreatureClass.MONSTER:
        return 8 + int(kind.hd)
    level = max(kind.level, 1)
    gained = level - 1 if kind.cls == CreatureClass.WARRIOR else (level - 1) // 2
    points = _CLASS_DIE[kind.cls] + gained + con_hp_adjustment(kind.con, kind.cls == CreatureClass.WARRIOR)
    return max(1, points)


def check_off(points: int, state: int, maximum: int, phases: int) -> tuple[int, int]:
    """Check off one point a phase (two once fatigued); return (points, state).

    'When the total reaches 0, the character ... is fatigued. Reset the fatigue
    score back to its original value and check off two points in every phase
    ... When the score reaches 0 again, the creature is exhausted.'
    """
    for _ in range(phases):
        if state == EXHAUSTED:
            break
        points -= 1 if state == FRESH else 2
        if points <= 0:
            state += 1
            points = maximum if state == FATIGUED else 0
    return max(points, 0), state


def recovery_modifiers(rest_streak: int, kind: Kind) -> list[Modifier]:
    """'Characters modify the die roll by a cumulative +1 bonus for each consecutive round they
    spend resting. The character's hit-point bonus for exceptional Constitution is also used.'

    Decision (docs/decisions.md#the-round): the text names 'a character or monster' for the save
    and 'Characters' for the bonuses, so a monster saves unmodified."""
    if kind.cls == CreatureClass.MONSTER:
        return []
    mods = [Modifier("resting", rest_streak)]
    con = con_hp_adjustment(kind.con, kind.cls == CreatureClass.WARRIOR)
    if con:
        mods.append(Modifier("constitution", con))
    return mods
