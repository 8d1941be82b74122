"""Numbers from the AD&D 2e books that the seeds take for granted (docs/rules.md)."""

from __future__ import annotations

from game.core.rules.creature import CreatureClass, Kind
from game.core.rules.geometry import SIZE_ORDER, Size


def thac0(kind: Kind) -> int:
    """THAC0 by class and level, or for monsters by Hit Dice (docs/rules.md#thac0)."""
    lv = kind.level
    if kind.cls == CreatureClass.WARRIOR:
        return 21 - max(lv, 0) if lv > 0 else 20
    if kind.cls == CreatureClass.PRIEST:
        return 20 - 2 * ((max(lv, 1) - 1) // 3)
    if kind.cls == CreatureClass.ROGUE:
        return 20 - (max(lv, 1) - 1) // 2
    if kind.cls == CreatureClass.WIZARD:
        return 20 - (max(lv, 1) - 1) // 3
    hd = kind.effective_hd
    if kind.hd < 1:
        return 20 if kind.hd_bonus < 3 else 19
    if hd < 1:
        return 20
    for top, value in ((2, 19), (4, 17), (6, 15), (8, 13), (10, 11), (12, 9), (14, 7), (16, 5)):
        if hd <= top:
            return value
    return 3


_WARRIOR_SAVE = ((0, 16), (2, 14), (4, 13), (6, 11), (8, 10), (10, 8), (12, 7), (14, 5), (16, 4))
_PRIEST_SAVE = ((3, 10), (6, 9), (9, 7), (12, 6), (15, 5), (18, 4))
_ROGUE_SAVE = ((4, 13), (8, 12), (12, 11), (16, 10), (20, 9))
_WIZARD_SAVE = ((5, 14), (10, 13), (15, 11), (20, 10))


def _lookup(table: tuple[tuple[int, int], ...], level: int, last: int) -> int:
    for top, value in table:
        if level <= top:
            return value
    return last


def save_vs_paralyzation(kind: Kind) -> int:
    """The d20 number to save vs paralyzation, poison or death (docs/rules.md#saving-throws).

    Monsters save as warriors of their HD; each 4 bonus hp (or part) is one more HD.
    """
    if kind.cls == CreatureClass.PRIEST:
        return _lookup(_PRIEST_SAVE, max(kind.level, 1), 2)
    if kind.cls == CreatureClass.ROGUE:
        return _lookup(_ROGUE_SAVE, max(kind.level, 1), 8)
    if kind.cls == CreatureClass.WIZARD:
        return _lookup(_WIZARD_SAVE, max(kind.level, 1), 8)
    if kind.cls == CreatureClass.WARRIOR:
        level = kind.level
    else:
        level = int(kind.hd) + (-(-kind.hd_bonus // 4) if kind.hd_bonus > 0 else 0)
        if kind.hd < 1:
            level = 0
    return _lookup(_WARRIOR_SAVE, level, 3)


_WARRIOR_SPELL = ((0, 19), (2, 17), (4, 16), (6, 14), (8, 13), (10, 11), (12, 10), (14, 8), (16, 7))
_PRIEST_SPELL = ((3, 15), (6, 14), (9, 12), (12, 11), (15, 10), (18, 9))
_ROGUE_SPELL = ((4, 15), (8, 13), (12, 11), (16, 9), (20, 7))
_WIZARD_SPELL = ((5, 12), (10, 10), (15, 8), (20, 6))


def save_level(kind: Kind) -> int:
    """The level a creature saves at: its class level, or a monster's HD (each 4 bonus hp or part one more)."""
    if kind.cls != CreatureClass.MONSTER:
        return max(kind.level, 1) if kind.cls != CreatureClass.WARRIOR else kind.level
    if kind.hd < 1:
        return 0
    return int(kind.hd) + (-(-kind.hd_bonus // 4) if kind.hd_bonus > 0 else 0)


def save_vs_spell(kind: Kind) -> int:
    """The d20 number to save vs spell, PHB Table 60 (docs/rules.md#saving-throws)."""
    level = save_level(kind)
    if kind.cls == CreatureClass.PRIEST:
        return _lookup(_PRIEST_SPELL, level, 7)
    if kind.cls == CreatureClass.ROGUE:
        return _lookup(_ROGUE_SPELL, level, 5)
    if kind.cls == CreatureClass.WIZARD:
        return _lookup(_WIZARD_SPELL, level, 4)
    return _lookup(_WARRIOR_SPELL, level, 6)


def con_hp_adjustment(con: int, warrior: bool) -> int:
    """PHB Table 5 hit point adjustment for Constitution, as docs/rules.md#fatigue lists it."""
    if con <= 3:
        return -2
    if con <= 6:
        return -1
    if con <= 14:
        return 0
    if con == 15:
        return 1
    if con == 16:
        return 2
    if con == 17:
        return 3 if warrior else 2
    return 4 if warrior else 2


# Knockdown target numbers by the target's size (C&T).
KNOCKDOWN_TARGET = {Size.T: 3, Size.S: 5, Size.M: 7, Size.L: 9, Size.H: 11, Size.G: 12}
KNOCKDOWN_DICE = (4, 6, 8, 10, 12, 20)


def knockdown_die(base: int, wielder_size: Size) -> int:
    """One die step up per size above M of the wielder (docs/rules.md#knockdown-and-prone)."""
    if base <= 0:
        return 0
    steps = max(0, SIZE_ORDER.index(wielder_size) - 2)
    i = KNOCKDOWN_DICE.index(base) if base in KNOCKDOWN_DICE else 0
    return KNOCKDOWN_DICE[min(i + steps, len(KNOCKDOWN_DICE) - 1)]


# PHB 2e Table 2, Dexterity's missile attack adjustment: 3 -3, 4 -2, 5 -1, 6-15 0, 16 +1, 17-18 +2,
# 19-20 +3, 21-23 +4, 24-25 +5.
_MISSILE_ADJ = ((3, -3), (4, -2), (5, -1), (15, 0), (16, 1), (18, 2), (20, 3), (23, 4))


def missile_adjustment(dex: int) -> int:
    """The missile attack adjustment of a Dexterity score (PHB 2e Table 2)."""
    return next((adj for top, adj in _MISSILE_ADJ if dex <= top), 5)
