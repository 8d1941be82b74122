"""The spellbook: nine PHB 2e spells in squares and rounds, and what a caster memorises
(docs/rules.md#magic)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.creature import CreatureClass, Kind
from game.rules.dice import Dice
from game.rules.geometry import SIZE_ORDER, Size

# How a spell is aimed: at a foe, at an ally (or the caster), at a square, or at nothing
# (it takes in the creatures around the caster).
FOE, ALLY, SQUARE, AROUND = "foe", "ally", "square", "around"


@dataclass(frozen=True, slots=True)
class Spell:
    key: str
    name: str
    cls: CreatureClass
    level: int
    aim: str
    range_base: int  # squares; -1: touch (adjacent); 0: no range (around the caster, or its front)
    range_per_level: int = 0
    save: bool = False  # save vs spell: half damage or negates

    def range(self, caster_level: int) -> int:
        """Range in squares: 'the books' yards read as feet ... 5 ft a square'."""
        return self.range_base + self.range_per_level * caster_level


W, P = CreatureClass.WIZARD, CreatureClass.PRIEST

SPELLS: dict[str, Spell] = {
    s.key: s
    for s in (
        Spell("magic_missile", "magic missile", W, 1, FOE, 12, 2),
        Spell("burning_hands", "burning hands", W, 1, SQUARE, 0, save=True),
        Spell("melfs_acid_arrow", "Melf's acid arrow", W, 2, FOE, 36),
        Spell("haste", "haste", W, 3, SQUARE, 12),
        Spell("slow", "slow", W, 3, SQUARE, 18, 2, save=True),
        Spell("bless", "bless", P, 1, AROUND, 5),
        Spell("cure_light_wounds", "cure light wounds", P, 1, ALLY, -1),
        Spell("entangle", "entangle", P, 1, SQUARE, 16, save=True),
        Spell("hold_person", "hold person", P, 2, FOE, 24, save=True),
    )
}

# Spells memorised per battle, by spell level, for a caster of at least the given level
# ('wizard level 1: 1 first-level spell; 3: 2/1; 5: 4/2/1. Priest 1: 1; 3: 2/1; 5: 3/3/1').
SLOTS: dict[CreatureClass, tuple[tuple[int, tuple[int, ...]], ...]] = {
    W: ((5, (4, 2, 1)), (3, (2, 1)), (1, (1,))),
    P: ((5, (3, 3, 1)), (3, (2, 1)), (1, (1,))),
}

MAGIC_MISSILE_DIE = Dice(1, 4, 1)
MISSILES_MAX = 5
AREA_8 = 8  # haste and slow: an 8x8 area (40 feet)
HOLD_EXTRA = 2  # hold person takes in up to two more foes near the first (1-3 in all)
HOLD_NEAR = 2  # squares from the first


def slots(cls: CreatureClass, level: int) -> tuple[int, ...]:
    """Spells a caster memorises, per spell level (empty for a non-caster)."""
    for top, row in SLOTS.get(cls, ()):
        if level >= top:
            return row
    return ()


def memorise_problem(cls: CreatureClass, level: int, keys: list[str]) -> str | None:
    """Why this list of spells cannot be memorised by such a caster, or None."""
    unknown = [k for k in keys if k not in SPELLS]
    if unknown:
        return f"unknown spell {unknown[0]!r} (one of {', '.join(SPELLS)})"
    row = slots(cls, level)
    if not row:
        return f"a {cls} of level {level} casts no spells"
    for k in keys:
        if SPELLS[k].cls != cls:
            return f"{k} is a {SPELLS[k].cls} spell, not a {cls} one"
    for lv in range(1, 10):
        n = sum(1 for k in keys if SPELLS[k].level == lv)
        have = row[lv - 1] if lv <= len(row) else 0
        if n > have:
            return f"{n} spells of level {lv}, but a level-{level} {cls} memorises {have}"
    return None


def missiles(level: int) -> int:
    """'1 missile at level 1, +1 per two further levels (5 at most)'."""
    return min(MISSILES_MAX, 1 + (max(level, 1) - 1) // 2)


def burning_dice(level: int) -> Dice:
    """'1d3 + 2 per level'."""
    return Dice(1, 3, 2 * max(level, 1))


def acid_rounds(level: int) -> int:
    """Continuing acid: 'one more round per three levels'."""
    return max(level, 1) // 3


def haste_rounds(level: int) -> int:
    return 3 + max(level, 1)


def hold_rounds(level: int) -> int:
    return 2 + max(level, 1)


BLESS_ROUNDS = 6


def holdable(kind: Kind) -> bool:
    """Hold person: 'man-sized or smaller humanoids' (people of a class, or humanoid monsters)."""
    humanoid = kind.cls != CreatureClass.MONSTER or kind.humanoid
    return humanoid and SIZE_ORDER.index(kind.size) <= SIZE_ORDER.index(Size.M)
