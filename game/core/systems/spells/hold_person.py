"""Hold person (priest 2, PHB 2e): 'a man-sized or smaller humanoid foe within 24; it and up to two
more such foes within 2 squares of it, nearest first; each saves vs spell or is held for 2 + level
rounds' (docs/rules.md#magic)."""

from __future__ import annotations

from game.core.rules.creature import CreatureClass, Kind
from game.core.rules.geometry import SIZE_ORDER, Pos, Size
from game.core.rules.spells import FOE, P, Spell
from game.core.systems import conditions
from game.core.systems.actions import line_of_sight
from game.core.systems.attack import struck_by_magic
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, announce, attacks, gap, spell_save
from game.core.systems.spell_record import Preview, SpellRecord
from game.core.world import Unit

EXTRA = 2  # it takes in up to two more foes near the first (1-3 in all)
NEAR = 2  # squares from the first


def holdable(kind: Kind) -> bool:
    """'man-sized or smaller humanoids' (people of a class, or humanoid monsters)."""
    humanoid = kind.cls != CreatureClass.MONSTER or kind.humanoid
    return humanoid and SIZE_ORDER.index(kind.size) <= SIZE_ORDER.index(Size.M)


def rounds(level: int) -> int:
    """'2 + level rounds'."""
    return 2 + max(level, 1)


def _take(ctx: Ctx, caster: Unit, spell: Spell, t: Unit) -> Aim | str:
    """'1-3 man-sized or smaller humanoids': the target and up to two more foes beside it."""
    if not holdable(t.kind):
        return f"{t.id} is not a man-sized or smaller humanoid: hold person cannot take it in"
    reach = spell.range(caster.kind.level)
    # 'Hold person's further targets must also be in range and in sight' (docs/rules.md#magic).
    others = [
        e
        for e in ctx.world.enemies_of(caster)
        if e.id != t.id
        and holdable(e.kind)
        and gap(t, e) <= NEAR
        and not e.has("held")
        and gap(caster, e) <= reach
        and line_of_sight(ctx, caster, e, caster.pos)
    ]
    others.sort(key=lambda e: (gap(t, e), e.id))
    return Aim(spell, (t.id, *(e.id for e in others[:EXTRA])))


def _effect(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    announce(ctx, u, a, at)
    for tid in a.targets:
        if not spell_save(ctx, tid, a.spell.key):
            conditions.start(ctx, tid, "held", rounds(u.kind.level), u.id)
            struck_by_magic(ctx, tid)
            attacks(ctx, u.id, tid)


def _preview(level: int) -> Preview:
    return Preview(0, 0, f"held {rounds(level)} rounds unless it saves")


SPELL = SpellRecord(
    key="hold_person",
    name="hold person",
    cls=P,
    level=2,
    aim=FOE,
    range_base=24,
    save=True,
    effect=_effect,
    preview=_preview,
    take=_take,
)
