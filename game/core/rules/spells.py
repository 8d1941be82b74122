"""What every spell is in the rules: its class, level, aim, range and save, and what a caster
memorises (docs/rules.md#magic). Each spell's own rules are its record in game/core/systems/spells/."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from game.core.rules.creature import CreatureClass

# How a spell is aimed: at a foe, at an ally (or the caster), at a square, or at nothing
# (it takes in the creatures around the caster).
AimKind = Literal["foe", "ally", "square", "around"]
FOE: Final = "foe"
ALLY: Final = "ally"
SQUARE: Final = "square"
AROUND: Final = "around"
TOUCH = -1  # range_base of a spell cast by touch: 'within reach of a touch' (adjacent)


@dataclass(frozen=True, slots=True)
class Spell:
    key: str
    name: str
    cls: CreatureClass
    level: int
    aim: AimKind
    range_base: int  # squares; TOUCH: adjacent; 0: no range (around the caster, or its front)
    range_per_level: int = 0
    save: bool = False  # save vs spell: half damage or negates

    def range(self, caster_level: int) -> int:
        """Range in squares: 'the books' yards read as feet ... 5 ft a square'."""
        return self.range_base + self.range_per_level * caster_level

    @property
    def touch(self) -> bool:
        return self.range_base == TOUCH


W, P = CreatureClass.WIZARD, CreatureClass.PRIEST

# Spells memorised per battle, by spell level, for a caster of at least the given level
# ('wizard level 1: 1 first-level spell; 3: 2/1; 5: 4/2/1. Priest 1: 1; 3: 2/1; 5: 3/3/1').
SLOTS: dict[CreatureClass, tuple[tuple[int, tuple[int, ...]], ...]] = {
    W: ((5, (4, 2, 1)), (3, (2, 1)), (1, (1,))),
    P: ((5, (3, 3, 1)), (3, (2, 1)), (1, (1,))),
}


def slots(cls: CreatureClass, level: int) -> tuple[int, ...]:
    """Spells a caster memorises, per spell level (empty for a non-caster)."""
    for top, row in SLOTS.get(cls, ()):
        if level >= top:
            return row
    return ()


def memorise_problem(cls: CreatureClass, level: int, keys: list[str], book: Mapping[str, Spell]) -> str | None:
    """Why this list of spells (from the book of known spells) cannot be memorised by such a
    caster, or None."""
    unknown = [k for k in keys if k not in book]
    if unknown:
        return f"unknown spell {unknown[0]!r} (one of {', '.join(book)})"
    row = slots(cls, level)
    if not row:
        return f"a {cls} of level {level} casts no spells"
    for k in keys:
        if book[k].cls != cls:
            return f"{k} is a {book[k].cls} spell, not a {cls} one"
    for lv in range(1, 10):
        n = sum(1 for k in keys if book[k].level == lv)
        have = row[lv - 1] if lv <= len(row) else 0
        if n > have:
            return f"{n} spells of level {lv}, but a level-{level} {cls} memorises {have}"
    return None
