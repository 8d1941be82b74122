"""The book's numbers a campaign needs beyond the battle's: experience to each level, the
experience a defeated foe is worth, hit dice gained by level, and spells memorised by level
(PHB 2e and DMG 2e, as docs/rules.md#campaigns reads them)."""

from __future__ import annotations

from game.core.rules.creature import CreatureClass, Kind

W, P, R, M = CreatureClass.WARRIOR, CreatureClass.PRIEST, CreatureClass.ROGUE, CreatureClass.WIZARD
TOP_LEVEL = 10  # the tables below stop here; a member at 10th level gains no more

# Experience needed for each level from the 1st (PHB Table 14, warrior: the fighter's column;
# Table 23, priest: the cleric's; Table 25, rogue: the thief's; Table 20, wizard: the mage's).
LEVEL_XP: dict[CreatureClass, tuple[int, ...]] = {
    W: (0, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 125_000, 250_000, 500_000),
    P: (0, 1_500, 3_000, 6_000, 13_000, 27_500, 55_000, 110_000, 225_000, 450_000),
    R: (0, 1_250, 2_500, 5_000, 10_000, 20_000, 40_000, 70_000, 110_000, 160_000),
    M: (0, 2_500, 5_000, 10_000, 20_000, 40_000, 60_000, 90_000, 135_000, 250_000),
}

# Hit dice by class: 'Warrior d10 ... to 9th level, then +3 a level; priest d8 to 9th, then +2;
# rogue d6 to 10th, then +2; wizard d4 to 10th, then +1' (PHB Tables 14, 23, 25, 20: the Hit Dice
# column); past the last die the fixed points take no Constitution bonus (PHB, Constitution).
HIT_DIE: dict[CreatureClass, tuple[int, int, int]] = {W: (10, 9, 3), P: (8, 9, 2), R: (6, 10, 2), M: (4, 10, 1)}

# DMG Table 31, Creature Experience Point Values: by Hit Dice, 'all levels as the n+1 category'.
_XP_BY_HD = ((1, 15), (2, 35), (3, 65), (4, 120), (5, 175), (6, 270), (7, 420), (8, 650), (9, 975), (10, 1_400))

# Spells memorised at each level, by spell level (PHB Table 21, the wizard's spell progression,
# and Table 24, the priest's, without Wisdom's bonus spells). docs/rules.md#magic quotes the rows
# of the 1st, 3rd and 5th levels; the catalogue's casters hold to them.
SPELL_ROWS: dict[CreatureClass, tuple[tuple[int, ...], ...]] = {
    M: ((1,), (2,), (2, 1), (3, 2), (4, 2, 1), (4, 2, 2), (4, 3, 2, 1), (4, 3, 3, 2), (4, 3, 3, 2, 1), (4, 4, 3, 2, 2)),
    P: ((1,), (2,), (2, 1), (3, 2), (3, 3, 1), (3, 3, 2), (3, 3, 2, 1), (3, 3, 3, 2), (4, 4, 3, 2, 1), (4, 4, 3, 3, 2)),
}

# Individual class awards (PHB Table 34, used as the DMG's optional rule): a warrior earns 10 XP
# for each Hit Die of a foe defeated; a wizard 50 XP a spell level of each spell cast to overcome
# foes; a priest 100 XP a spell level of each spell cast. A rogue's awards are for thieving and
# treasure, which a battle does not play.
WARRIOR_XP_PER_HD = 10
SPELL_XP_PER_LEVEL = {M: 50, P: 100}


def level_for(cls: CreatureClass, xp: int, at_least: int) -> int:
    """The level `xp` earns a member of class `cls`; never below `at_least` (the level it was hired at)."""
    row = LEVEL_XP.get(cls)
    if row is None:
        return at_least
    earned = sum(1 for need in row if xp >= need)
    return max(at_least, min(earned, TOP_LEVEL))


def xp_to_next(cls: CreatureClass, level: int) -> int | None:
    """The experience the next level needs, or None at the top of the table."""
    row = LEVEL_XP.get(cls)
    if row is None or level >= TOP_LEVEL:
        return None
    return row[max(level, 0)]


def table_row(kind: Kind) -> int:
    """The Hit Dice row of Table 31 a foe falls in: 0 for 'less than 1-1', else n for 'n-1+1 to n'
    (a 3+1 HD bugbear is in row 4). A class creature's level L counts as L+1: 'treat peasants/levies
    as up to 1-1, men-at-arms as 1-1 to 1, and all levels as the n+1 category' (DMG, Table 31)."""
    if kind.cls != CreatureClass.MONSTER:
        return kind.level + 1 if kind.level > 0 else 0
    if kind.hd < 1:
        return 0
    return int(kind.hd) + (1 if kind.hd_bonus > 0 else 0)


def xp_value(kind: Kind) -> int:
    """DMG Table 31: 'Less than 1-1: 7; 1-1 to 1: 15; 1+1 to 2: 35; ... 9+1 to 10+: 1,400;
    11 to 12+: 2,000; 13 or more: 3,000 + 1,000 a Hit Die over 13'."""
    row = table_row(kind)
    if row == 0:
        return 7
    for top, value in _XP_BY_HD:
        if row <= top:
            return value
    if int(kind.hd) < 13:
        return 2_000
    return 3_000 + 1_000 * (int(kind.hd) - 13)


def spell_row(cls: CreatureClass, level: int) -> tuple[int, ...]:
    """Spells memorised per spell level by a caster of `level` (empty for a non-caster)."""
    rows = SPELL_ROWS.get(cls)
    if rows is None or level < 1:
        return ()
    return rows[min(level, TOP_LEVEL) - 1]
