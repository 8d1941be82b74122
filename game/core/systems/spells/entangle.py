"""Entangle (priest 1, PHB 2e): 'a square within 16; every creature in the 3x3 area saves vs spell
or is tangled for 1d4 rounds; Decision: one who saves is hampered (half move) for those rounds,
wherever it goes' (docs/rules.md#magic)."""

from __future__ import annotations

from game.core.rules.dice import roll
from game.core.rules.geometry import Pos
from game.core.rules.spells import SQUARE, P, Spell
from game.core.systems import conditions
from game.core.systems.attack import struck_by_magic
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, announce, area_aim, attacks, in_area, spell_save
from game.core.systems.spell_record import Preview, SpellRecord
from game.core.world import Unit


def _area(ctx: Ctx, caster: Unit, spell: Spell, at: Pos) -> Aim | str:
    """The 3x3 squares around the aimed one, and every creature there."""
    area = [(at[0] + dx, at[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
    return area_aim(ctx, spell, at, area, in_area(ctx, area, lambda u: True))


def _effect(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    """'saves vs spell or is tangled ... for 1d4 rounds; a success halves its MV there'. Decision:
    one who saves is hampered (half MV) for the same rounds, wherever it goes."""
    r = roll(ctx.rng, 1, 4, ("duration", u.id))
    announce(ctx, u, a, at, (r,))
    for tid in a.targets:
        if spell_save(ctx, tid, a.spell.key):
            conditions.start(ctx, tid, "hampered", r.total, u.id)
        else:
            conditions.start(ctx, tid, "tangled", r.total, u.id)
            struck_by_magic(ctx, tid)
            attacks(ctx, u.id, tid)


def _preview(level: int) -> Preview:
    return Preview(0, 0, "tangled 1-4 rounds unless it saves")


SPELL = SpellRecord(
    key="entangle",
    name="entangle",
    cls=P,
    level=1,
    aim=SQUARE,
    range_base=16,
    save=True,
    effect=_effect,
    preview=_preview,
    area=_area,
)
