"""Haste (wizard 3, PHB 2e): 'a square within 12; up to one ally per level in the 8x8 area around
it, nearest first: hasted for 3 + level rounds'; on a slowed ally the two spells cancel
(docs/rules.md#magic)."""

from __future__ import annotations

from game.core.rules.geometry import Pos
from game.core.rules.spells import SQUARE, Spell, W
from game.core.systems import conditions
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, announce, area_aim, in_area, nearest_per_level
from game.core.systems.spell_record import ON_ALLIES, Preview, SpellRecord
from game.core.world import Unit

AREA = 8  # 'an 8x8 area' (40 feet)


def square_8(at: Pos) -> list[Pos]:
    """The 8x8 area around the aimed square (haste, slow)."""
    half = AREA // 2
    return [(at[0] + dx, at[1] + dy) for dy in range(-half, half) for dx in range(-half, half)]


def rounds(level: int) -> int:
    """'3 + level rounds'."""
    return 3 + max(level, 1)


def _area(ctx: Ctx, caster: Unit, spell: Spell, at: Pos) -> Aim | str:
    area = square_8(at)
    allies = in_area(ctx, area, lambda u: u.side == caster.side)
    return area_aim(ctx, spell, at, area, nearest_per_level(ctx, allies, at, caster.kind.level))


def _effect(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    announce(ctx, u, a, at)
    for tid in a.targets:
        conditions.start(ctx, tid, "hasted", rounds(u.kind.level), u.id)


def _preview(level: int) -> Preview:
    return Preview(0, 0, f"hasted {rounds(level)} rounds")


SPELL = SpellRecord(
    key="haste",
    name="haste",
    cls=W,
    level=3,
    aim=SQUARE,
    range_base=12,
    effect=_effect,
    preview=_preview,
    area=_area,
    centres=ON_ALLIES,
)
