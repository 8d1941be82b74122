"""Where a spell may be aimed and whom it takes in (docs/rules.md#magic): the one statement the
cast command, the query and the AI share. Every check says in one line why a cast is refused."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from game.rules.geometry import VECTORS, Pos, footprint, footprint_distance, squares_between
from game.rules.spells import ALLY, AREA_8, AROUND, FOE, HOLD_EXTRA, HOLD_NEAR, SPELLS, Spell, holdable
from game.systems.actions import line_of_sight
from game.systems.context import Ctx
from game.world import Unit


@dataclass(frozen=True, slots=True)
class Aim:
    """A legal cast: the spell, the creatures it takes in, the squares of its area, the caster's facing."""

    spell: Spell
    targets: tuple[str, ...]
    squares: tuple[Pos, ...] = ()
    facing: int | None = None


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
            u.id for u in ctx.world.living() if u.side == caster.side and u.able and _gap(there, u) <= spell.range_base
        ]
        return Aim(spell, tuple(near))
    return _at_square(ctx, there, spell, at)


def _at_square(ctx: Ctx, caster: Unit, spell: Spell, at: Pos | None) -> Aim | str:
    if at is None:
        return f"{spell.name} needs a square to aim at (at)"
    if not ctx.terrain.inside(at):
        return f"{list(at)} is off the map"
    if spell.key == "burning_hands":
        return _burning_hands(ctx, caster, spell, at)
    level = caster.kind.level
    dist = footprint_distance(caster.pos, caster.n, at, 1)
    if dist > spell.range(level):
        return f"{list(at)} is beyond {spell.name}'s range ({dist} squares, {spell.range(level)} at most)"
    if not sees_square(ctx, caster, at):
        return f"{caster.id} cannot see {list(at)}"
    if spell.key == "entangle":
        area = [(at[0] + dx, at[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
        taken = _in_area(ctx, area, lambda u: True)
    else:
        half = AREA_8 // 2
        area = [(at[0] + dx, at[1] + dy) for dy in range(-half, half) for dx in range(-half, half)]
        friendly = spell.key == "haste"
        inside = _in_area(ctx, area, lambda u: (u.side == caster.side) == friendly)
        # 'up to one creature per level': those nearest the aimed square.
        taken = sorted(inside, key=lambda uid: (_sq_gap(ctx.world[uid], at), uid))[: max(level, 1)]
    area = [sq for sq in area if ctx.terrain.inside(sq)]
    if not taken:
        return f"{spell.name} at {list(at)} would take in no creature it can affect"
    return Aim(spell, tuple(sorted(taken)), tuple(area))


def _at_creature(ctx: Ctx, caster: Unit, spell: Spell, target: str | None) -> Aim | str:
    if target is None:
        return f"{spell.name} needs a target creature"
    t = ctx.world.units.get(target)
    if t is None or not t.alive:
        return f"no such creature on the field: {target!r}"
    if spell.aim == ALLY:
        return _at_ally(caster, spell, t)
    if t.side == caster.side:
        return f"{t.id} is on {caster.id}'s own side: {spell.name} is cast at a foe"
    level = caster.kind.level
    dist = _gap(caster, t)
    if dist > spell.range(level):
        return f"{t.id} is beyond {spell.name}'s range ({dist} squares, {spell.range(level)} at most)"
    if not line_of_sight(ctx, caster, t, caster.pos):
        return f"{caster.id} cannot see {t.id}"
    return Aim(spell, (t.id,)) if spell.key != "hold_person" else _hold(ctx, caster, spell, t)


def _hold(ctx: Ctx, caster: Unit, spell: Spell, t: Unit) -> Aim | str:
    """'1-3 man-sized or smaller humanoids': the target and up to two more foes beside it."""
    if not holdable(t.kind):
        return f"{t.id} is not a man-sized or smaller humanoid: hold person cannot take it in"
    others = [
        e
        for e in ctx.world.enemies_of(caster)
        if e.id != t.id and holdable(e.kind) and _gap(t, e) <= HOLD_NEAR and not e.has("held")
    ]
    others.sort(key=lambda e: (_gap(t, e), e.id))
    return Aim(spell, (t.id, *(e.id for e in others[:HOLD_EXTRA])))


def _at_ally(caster: Unit, spell: Spell, t: Unit) -> Aim | str:
    if t.side != caster.side:
        return f"{t.id} is a foe: {spell.name} is cast at an ally or the caster"
    if _gap(caster, t) > 1:
        return f"{spell.name} is cast by touch: {t.id} is {_gap(caster, t)} squares away"
    if t.hp >= t.hp_max:
        return f"{t.id} is not wounded"
    return Aim(spell, (t.id,))


def burning_squares(pos: Pos, facing: int) -> list[Pos]:
    """'The 3 front squares and the square beyond the centre one'."""
    out = [(pos[0] + VECTORS[f % 8][0], pos[1] + VECTORS[f % 8][1]) for f in (facing - 1, facing, facing + 1)]
    vx, vy = VECTORS[facing]
    return [*out, (pos[0] + 2 * vx, pos[1] + 2 * vy)]


def _burning_hands(ctx: Ctx, caster: Unit, spell: Spell, at: Pos) -> Aim | str:
    if caster.n != 1:
        return f"{caster.id} is too big to aim burning hands from one square"
    d = (at[0] - caster.pos[0], at[1] - caster.pos[1])
    if d not in VECTORS:
        return f"burning hands is aimed at a square next to the caster, not {list(at)}"
    facing = VECTORS.index(d)
    area = [sq for sq in burning_squares(caster.pos, facing) if ctx.terrain.inside(sq)]
    taken = _in_area(ctx, area, lambda u: u.id != caster.id)
    if not taken:
        return f"burning hands toward {list(at)} would take in no creature"
    return Aim(spell, tuple(sorted(taken)), tuple(area), facing)


def _in_area(ctx: Ctx, area: list[Pos], keep: Callable[[Unit], bool]) -> list[str]:
    squares = set(area)
    return [u.id for u in ctx.world.living() if keep(u) and any(sq in squares for sq in u.squares)]


def sees_square(ctx: Ctx, caster: Unit, at: Pos) -> bool:
    """No sight-blocking square on the line from the caster to the aimed square."""
    t = ctx.terrain
    if not t.sight_blocked_anywhere:
        return True
    a = min(footprint(caster.pos, caster.n), key=lambda s: (max(abs(s[0] - at[0]), abs(s[1] - at[1])), s))
    return not any(t.inside(sq) and t.blocks_sight[sq[1] * t.width + sq[0]] for sq in squares_between(a, at))


def _gap(a: Unit, b: Unit) -> int:
    return footprint_distance(a.pos, a.n, b.pos, b.n)


def _sq_gap(u: Unit, at: Pos) -> int:
    return footprint_distance(u.pos, u.n, at, 1)
