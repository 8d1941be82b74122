"""Slow (wizard 3, PHB 2e): 'a square within 18 + 2 per level; up to one foe per level in the 8x8
area, nearest first; a save vs spell negates; slowed for 3 + level rounds'; on a hasted foe that
fails its save the two spells cancel (docs/rules.md#magic)."""

from __future__ import annotations

from game.core.rules.geometry import Pos
from game.core.rules.spells import SQUARE, Spell, W
from game.core.systems import conditions
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, announce, area_aim, attacks, in_area, nearest_per_level, spell_save
from game.core.systems.spell_record import ON_FOES, Preview, SpellRecord
from game.core.systems.spells.haste import rounds, square_8
from game.core.world import Unit


def _area(ctx: Ctx, caster: Unit, spell: Spell, at: Pos) -> Aim | str:
    area = square_8(at)
    foes = in_area(ctx, area, lambda u: u.side != caster.side)
    return area_aim(ctx, spell, at, area, nearest_per_level(ctx, foes, at, caster.kind.level))


def _effect(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    announce(ctx, u, a, at)
    for tid in a.targets:
        if not spell_save(ctx, tid, a.spell.key):
            conditions.start(ctx, tid, "slowed", rounds(u.kind.level), u.id)
            attacks(ctx, u.id, tid)


def _preview(level: int) -> Preview:
    return Preview(0, 0, f"slowed {rounds(level)} rounds unless it saves")


SPELL = SpellRecord(
    key="slow",
    name="slow",
    cls=W,
    level=3,
    aim=SQUARE,
    range_base=18,
    range_per_level=2,
    save=True,
    effect=_effect,
    preview=_preview,
    area=_area,
    centres=ON_FOES,
)
