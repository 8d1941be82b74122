"""Who stands where, who threatens what, and which squares a creature may occupy."""

from __future__ import annotations

from game.core.rules.geometry import (
    FRONT,
    VECTORS,
    Arc,
    Pos,
    arc_of,
    chebyshev_to_footprint,
    footprint,
    footprint_distance,
    front_offsets,
    line_between,
)
from game.core.systems import conditions
from game.core.systems.context import Ctx
from game.core.terrain import Hazard
from game.core.world import FLEEING, WITHDRAWING, Unit


def fits(ctx: Ctx, uid: str, pos: Pos, n: int, allow_hazard: bool = False) -> bool:
    """Can a footprint of n squares stand at pos: inside, passable, free of others, no hazard."""
    t, w = ctx.terrain, ctx.world
    for sq in footprint(pos, n):
        if not t.passable(sq):
            return False
        other = w.occupancy.get(sq)
        if other is not None and other != uid:
            return False
        if not allow_hazard and t.hazard_at(sq) != Hazard.NONE:
            return False
    return True


def attack_squares(ctx: Ctx, unit: Unit, pos: Pos | None = None, facing: int | None = None) -> set[Pos]:
    """Front-arc squares within the melee weapon's reach, not through an occupied square.

    'It attacks only into front squares and threatens only its front squares'
    (C&T); reach as in docs/rules.md#reach-and-threatened-squares, max(1, ceil(reach/5)) squares.
    """
    weapon = unit.kind.melee
    if weapon is None:
        return set()
    pos = unit.pos if pos is None else pos
    facing = unit.facing if facing is None else facing
    n = unit.n
    r = weapon.reach_squares
    if n == 1 and r == 1:  # the common case: the three front squares
        inside = ctx.terrain.inside
        return {
            sq
            for k in (7, 0, 1)
            if inside(sq := (pos[0] + VECTORS[(facing + k) % 8][0], pos[1] + VECTORS[(facing + k) % 8][1]))
        }
    out: set[Pos] = set()
    occ = ctx.world.occupancy
    if n == 1:  # a long weapon: the front squares within reach, from a table
        inside = ctx.terrain.inside
        x, y = pos
        for dx, dy, d in front_offsets(r, facing):
            sq = (x + dx, y + dy)
            if inside(sq) and (d == 1 or _reach_clear(occ, unit, pos, sq)):
                out.add(sq)
        return out
    for sy in range(pos[1] - r, pos[1] + n + r):
        for sx in range(pos[0] - r, pos[0] + n + r):
            sq = (sx, sy)
            d = chebyshev_to_footprint(sq, pos, n)
            if d < 1 or d > r or not ctx.terrain.inside(sq):
                continue
            if arc_of(sq, pos, n, facing) != FRONT:
                continue
            if d > 1 and not _reach_clear(occ, unit, pos, sq):
                continue
            out.add(sq)
    return out


def _reach_clear(occ: dict[Pos, str], unit: Unit, pos: Pos, sq: Pos) -> bool:
    """A long weapon reaches past its first square only through free squares."""
    n = unit.n
    near = pos if n == 1 else min(footprint(pos, n), key=lambda f: (abs(f[0] - sq[0]) + abs(f[1] - sq[1]), f))
    return not any(occ.get(b) not in (None, unit.id) for b in line_between(near, sq))


def reachable_squares(ctx: Ctx, unit: Unit, pos: Pos, squares: list[Pos]) -> list[Pos]:
    """Those of `squares` some facing at pos could strike: within the weapon's reach, inside."""
    weapon = unit.kind.melee
    if weapon is None:
        return []
    r, n, inside = weapon.reach_squares, unit.n, ctx.terrain.inside
    return [sq for sq in squares if 1 <= chebyshev_to_footprint(sq, pos, n) <= r and inside(sq)]


def strikes(ctx: Ctx, unit: Unit, pos: Pos, facing: int, sq: Pos) -> bool:
    """Whether sq, one of reachable_squares(...), is among attack_squares(ctx, unit, pos, facing):
    the same test for a single square."""
    if arc_of(sq, pos, unit.n, facing) != FRONT:
        return False
    return chebyshev_to_footprint(sq, pos, unit.n) == 1 or _reach_clear(ctx.world.occupancy, unit, pos, sq)


def can_threaten(unit: Unit) -> bool:
    """A withdrawing or fleeing creature never attacks (docs/rules.md#activations), nor one that
    'will not fight' (seed 001, morale 2)."""
    return (
        unit.able
        and unit.morale not in (WITHDRAWING, FLEEING)
        and unit.fights
        and unit.kind.melee is not None
        and not (unit.conditions and conditions.cannot_act(unit))  # held: 'cannot move or attack'
    )


def threatens(ctx: Ctx, attacker: Unit, target_squares: list[Pos]) -> bool:
    if not can_threaten(attacker):
        return False
    near = reachable_squares(ctx, attacker, attacker.pos, target_squares)
    return any(strikes(ctx, attacker, attacker.pos, attacker.facing, sq) for sq in near)


def threatening_enemies(ctx: Ctx, unit: Unit, squares: list[Pos] | None = None) -> list[Unit]:
    squares = unit.squares if squares is None else squares
    return [e for e in ctx.world.enemies_of(unit) if threatens(ctx, e, squares)]


def nearest_square(unit: Unit, toward: Pos) -> Pos:
    """The footprint square of unit nearest a point (for arcs and lines of sight)."""
    return min(unit.squares, key=lambda s: (max(abs(s[0] - toward[0]), abs(s[1] - toward[1])), s))


def arc_from(attacker: Unit, target: Unit) -> Arc:
    """The arc of the target's that the attacker stands in."""
    cx = target.pos[0] + target.n // 2
    cy = target.pos[1] + target.n // 2
    sq = nearest_square(attacker, (cx, cy))
    return arc_of(sq, target.pos, target.n, target.facing)


def elevation(ctx: Ctx, unit: Unit) -> int:
    return max(ctx.terrain.elevation_at(sq) for sq in unit.squares)


def above_nearest_enemy(ctx: Ctx, unit: Unit) -> bool:
    """'On higher ground' for initiative and morale: higher than the nearest enemy, counted in
    squares between footprints like every distance in the game (reach, missile range); ties go
    to the lowest id (docs/decisions.md)."""
    height = elevation(ctx, unit)
    if height <= ctx.terrain.lowest:
        return False  # on the lowest ground (all of a flat map): above nobody, whoever is nearest
    enemies = ctx.world.enemies_of(unit)
    if not enemies:
        return False
    near = min(enemies, key=lambda e: (footprint_distance(e.pos, e.n, unit.pos, unit.n), e.id))
    return height > elevation(ctx, near)
