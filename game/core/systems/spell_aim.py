"""Where a spell may be aimed and whom it takes in (docs/rules.md#magic): the one statement the
cast command, the query and the AI share. The checks every spell of an aim shares are here; what
is the spell's own (its area, whom it may take in) is its record's. Every check says in one line
why a cast is refused."""

from __future__ import annotations

from dataclasses import replace

from game.core.rules.geometry import Pos, footprint_distance
from game.core.rules.spells import ALLY, AROUND, FOE
from game.core.systems.actions import line_of_sight
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, gap, sees_square
from game.core.systems.spell_record import ADJACENT, SpellRecord
from game.core.systems.spells import SPELLS
from game.core.world import Unit


def aim(ctx: Ctx, caster: Unit, key: str, target: str | None, at: Pos | None, pos: Pos | None = None) -> Aim | str:
    """The cast of spell `key` by the caster standing at pos, or why it is refused."""
    pos = caster.pos if pos is None else pos
    spell = SPELLS.get(key)
    if spell is None:
        return f"{key!r} is not a spell (one of {', '.join(SPELLS)})"
    if key not in caster.spells:
        left = ", ".join(caster.spells) or "none"
        return f"{caster.id} has no {spell.name} memorised (spells left: {left})"
    there = caster if pos == caster.pos else replace(caster, pos=pos)
    if spell.aim in (FOE, ALLY):
        if at is not None:
            return f"{spell.name} is cast at a creature (target), not at a square"
        return _at_creature(ctx, there, spell, target)
    if target is not None:
        return f"{spell.name} is cast at a square (at) or around the caster, not at a creature"
    if spell.aim == AROUND:
        if at is not None:
            return f"{spell.name} takes in the allies around the caster: it is aimed at no square"
        near = [
            u.id for u in ctx.world.living() if u.side == caster.side and u.able and gap(there, u) <= spell.range_base
        ]
        return Aim(spell, tuple(near))
    return _at_square(ctx, there, spell, at)


def _at_square(ctx: Ctx, caster: Unit, spell: SpellRecord, at: Pos | None) -> Aim | str:
    if at is None:
        return f"{spell.name} needs a square to aim at (at)"
    if not ctx.terrain.inside(at):
        return f"{list(at)} is off the map"
    area = spell.area
    assert area is not None  # a SpellRecord aimed at a square has one (SpellRecord.__post_init__)
    if spell.centres != ADJACENT:  # one aimed next to the caster checks that itself
        level = caster.kind.level
        dist = footprint_distance(caster.pos, caster.n, at, 1)
        if dist > spell.range(level):
            return f"{list(at)} is beyond {spell.name}'s range ({dist} squares, {spell.range(level)} at most)"
        if not sees_square(ctx, caster, at):
            return f"{caster.id} cannot see {list(at)}"
    return area(ctx, caster, spell, at)


def _at_creature(ctx: Ctx, caster: Unit, spell: SpellRecord, target: str | None) -> Aim | str:
    if target is None:
        return f"{spell.name} needs a target creature"
    t = ctx.world.units.get(target)
    if t is None or not t.alive:
        return f"no such creature on the field: {target!r}"
    if spell.aim == ALLY:
        if t.side != caster.side:
            return f"{t.id} is a foe: {spell.name} is cast at an ally or the caster"
    elif t.side == caster.side:
        return f"{t.id} is on {caster.id}'s own side: {spell.name} is cast at a foe"
    if spell.touch:
        if gap(caster, t) > 1:
            return f"{spell.name} is cast by touch: {t.id} is {gap(caster, t)} squares away"
    else:
        level = caster.kind.level
        dist = gap(caster, t)
        if dist > spell.range(level):
            return f"{t.id} is beyond {spell.name}'s range ({dist} squares, {spell.range(level)} at most)"
        if not line_of_sight(ctx, caster, t, caster.pos):
            return f"{caster.id} cannot see {t.id}"
    return spell.take(ctx, caster, spell, t) if spell.take is not None else Aim(spell, (t.id,))
