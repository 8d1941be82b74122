"""Whether a routed creature has anywhere to run (seed 000: 'if there is no place for them to run')."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable

from game.core.rules.geometry import VECTORS, Pos, footprint
from game.core.systems.context import Ctx
from game.core.terrain import Hazard, Terrain
from game.core.world import Unit


def escape_region(terrain: Terrain, starts: Iterable[Pos], n: int, enemies: Collection[Pos]) -> set[Pos]:
    """Every position (top-left square) from which a creature n squares wide can walk to one of
    `starts`: steps in the eight directions, its whole footprint on passable squares with no
    hazard and no enemy at each step. Flight in battle and the map's exit check both ask this."""
    if n == 1:
        return _escape_region_one_square(terrain, starts, enemies)

    def fits(pos: Pos) -> bool:
        return all(t.passable(q) and t.hazard_at(q) == Hazard.NONE and q not in enemies for q in footprint(pos, n))

    t = terrain
    seen = {s for s in starts if fits(s)}
    todo = deque(seen)
    while todo:
        x, y = todo.popleft()
        for vx, vy in VECTORS:
            q = (x + vx, y + vy)
            if q not in seen and fits(q):
                seen.add(q)
                todo.append(q)
    return seen


def _escape_region_one_square(t: Terrain, starts: Iterable[Pos], enemies: Collection[Pos]) -> set[Pos]:
    """escape_region for a one-square creature: the same search over flat square numbers and
    the terrain's table of enterable neighbours (the end of a big round asks it often)."""
    tw, steps = t.width, t.steps
    blocked = {p[1] * tw + p[0] for p in enemies if t.inside(p)}
    seen = {s[1] * tw + s[0] for s in starts if t.passable(s) and t.hazard_at(s) == Hazard.NONE and s not in enemies}
    todo = deque(seen)
    while todo:
        i = todo.popleft()
        for j, _, _, hazard in steps[i] or t.steps_from(i):
            if hazard or j in seen or j in blocked:
                continue
            seen.add(j)
            todo.append(j)
    return {(i % tw, i // tw) for i in seen}


# Escape regions by (side, creature width), shared while nobody moves (the morale step).
WaysOut = dict[tuple[str, int], set[Pos]]


def has_way_out(ctx: Ctx, unit: Unit, cache: WaysOut | None = None) -> bool:
    """An exit zone it can reach; on a map without exits, a square well clear of every enemy.

    One flood fill, outward from the places of safety, answers for every creature of a
    side and size; with a cache (one morale step, when nobody moves) it is shared.
    """
    key = (unit.side, unit.n)
    cache = {} if cache is None else cache
    if key not in cache:
        w = ctx.world
        enemies = {sq for sq, uid in w.occupancy.items() if w.units[uid].side != unit.side}
        cache[key] = escape_region(ctx.terrain, _havens(ctx, unit), unit.n, enemies)
    return unit.pos in cache[key]


def _havens(ctx: Ctx, unit: Unit) -> list[Pos]:
    """Where a routed creature is safe: its side's exits, or else any square 3+ from every enemy."""
    exits = ctx.terrain.exits_for(unit.side)
    if exits:
        return [(x, y) for z in exits for y in range(z.y, z.y + z.h) for x in range(z.x, z.x + z.w)]
    t = ctx.terrain
    near: set[Pos] = set()
    for e in ctx.world.enemies_of(unit):
        for ex, ey in e.squares:
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    near.add((ex + dx, ey + dy))
    return [(x, y) for y in range(t.height) for x in range(t.width) if (x, y) not in near]


def in_exit(ctx: Ctx, unit: Unit) -> bool:
    return any(z.contains(sq) for z in ctx.terrain.exits_for(unit.side) for sq in unit.squares)
