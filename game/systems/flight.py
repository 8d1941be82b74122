"""Whether a routed creature has anywhere to run (seed 000: 'if there is no place for them to run')."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from game.rules.geometry import VECTORS, Pos, footprint
from game.systems.context import Ctx
from game.terrain import Hazard
from game.world import Unit


def open_region(ctx: Ctx, unit: Unit, limit: int = 4096) -> set[Pos]:
    """Squares the creature could walk to, ignoring cost: not through enemies, walls or hazards."""
    t, w = ctx.terrain, ctx.world
    if unit.n == 1:
        return _open_region_one_square(ctx, unit, limit)
    seen = {unit.pos}
    todo = deque([unit.pos])
    while todo and len(seen) < limit:
        x, y = todo.popleft()
        for vx, vy in VECTORS:
            q = (x + vx, y + vy)
            if q in seen:
                continue
            ok = True
            for sq in footprint(q, unit.n):
                if not t.passable(sq) or t.hazard_at(sq) != Hazard.NONE:
                    ok = False
                    break
                who = w.occupancy.get(sq)
                if who is not None and w.units[who].side != unit.side:
                    ok = False
                    break
            if ok:
                seen.add(q)
                todo.append(q)
    return seen


def _open_region_one_square(ctx: Ctx, unit: Unit, limit: int) -> set[Pos]:
    """open_region for a one-square creature: the same search over flat square numbers and
    the terrain's table of enterable neighbours (the end of a big round asks it often)."""
    t, w = ctx.terrain, ctx.world
    tw, steps = t.width, t.steps
    enemy = {p[1] * tw + p[0] for p, uid in w.occupancy.items() if w.units[uid].side != unit.side}
    start = unit.pos[1] * tw + unit.pos[0]
    seen = {start}
    todo = deque([start])
    while todo and len(seen) < limit:
        i = todo.popleft()
        for j, _, _, hazard in steps[i] or t.steps_from(i):
            if hazard or j in seen or j in enemy:
                continue
            seen.add(j)
            todo.append(j)
    return {(i % tw, i // tw) for i in seen}


def has_way_out(ctx: Ctx, unit: Unit, cache: dict | None = None) -> bool:
    """An exit zone it can reach; on a map without exits, a square well clear of every enemy.

    One flood fill, outward from the places of safety, answers for every creature of a
    side and size; with a cache (one morale step, when nobody moves) it is shared.
    """
    key = (unit.side, unit.n)
    cache = {} if cache is None else cache
    if key not in cache:
        cache[key] = _escape_region(ctx, unit, _havens(ctx, unit))
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


def _escape_region(ctx: Ctx, unit: Unit, starts: list[Pos]) -> set[Pos]:
    """Every square from which a creature of this side and size can walk to one of `starts`."""
    t = ctx.terrain
    w = ctx.world
    seen: set[Pos] = set()
    for s in starts:
        if s in seen:
            continue
        squares = footprint(s, unit.n)
        if not all(t.passable(q) and t.hazard_at(q) == Hazard.NONE for q in squares):
            continue
        if any((who := w.occupancy.get(q)) is not None and w.units[who].side != unit.side for q in squares):
            continue
        seen |= open_region(ctx, replace(unit, pos=s), limit=t.width * t.height + 1)
    return seen
