"""The withdraw action: 'half move directly away from an adjacent enemy' (docs/rules.md#activations)."""

from __future__ import annotations

import heapq
from itertools import pairwise

from game.core.rules.geometry import VECTORS, Pos, footprint, footprint_distance
from game.core.systems.context import Ctx
from game.core.systems.movement import BLOCKED, Reach, State, StateReach, in_pit, step_cost
from game.core.world import Unit


def foes_to_leave(ctx: Ctx, u: Unit) -> list[Unit]:
    """The enemies a withdrawal backs away from: those adjacent to it; with none adjacent,
    Decision (docs/rules.md#activations): the nearest ones."""
    enemies = ctx.world.enemies_of(u)
    if not enemies:
        return []
    gaps = {e.id: footprint_distance(u.pos, u.n, e.pos, e.n) for e in enemies}
    nearest = min(gaps.values())
    return [e for e in enemies if gaps[e.id] == nearest]


def _away(n: int, p: Pos, q: Pos, foes: list[Unit]) -> bool:
    """Directly away: the step takes it farther from every one of them."""
    return all(footprint_distance(q, n, e.pos, e.n) > footprint_distance(p, n, e.pos, e.n) for e in foes)


def _no_nearer(ctx: Ctx, u: Unit, end: Pos) -> bool:
    return all(
        footprint_distance(end, u.n, e.pos, e.n) >= footprint_distance(u.pos, u.n, e.pos, e.n)
        for e in ctx.world.enemies_of(u)
    )


def refusal(ctx: Ctx, u: Unit, path: list[Pos]) -> str | None:
    """Why this path is no withdrawal, or None."""
    foes = foes_to_leave(ctx, u)
    for p, q in pairwise(path):
        if not _away(u.n, p, q, foes):
            names = ", ".join(e.id for e in foes)
            return f"a withdrawal must lead directly away from {names}: the step to {list(q)} does not"
    if not _no_nearer(ctx, u, path[-1]):
        return "a withdrawal must end no nearer any enemy"
    return None


def withdrawal_reach(ctx: Ctx, u: Unit, budget: int) -> Reach:
    """Squares a withdrawal may walk to within budget, each step directly away (Dijkstra over
    (square, diagonal parity), as movement.reachable; ends exclude occupied squares)."""
    foes = foes_to_leave(ctx, u)
    start: State = (u.pos[0], u.pos[1], 0)
    dist = {start: 0}
    parents: dict[State, State | None] = {start: None}
    # Climbing out of a pit takes a whole move (docs/rules.md#hazards): no half move leaves it.
    heap = [] if in_pit(ctx, u) else [(0, start)]
    while heap:
        d, state = heapq.heappop(heap)
        if d > dist.get(state, 1 << 30):
            continue
        x, y, par = state
        for vx, vy in VECTORS:
            q = (x + vx, y + vy)
            if not _away(u.n, (x, y), q, foes):
                continue
            c = step_cost(ctx, u, (x, y), q, par, False)
            if c == BLOCKED or d + c > budget:
                continue
            ns = (q[0], q[1], (par + 1) % 2 if (vx and vy) else par)
            if d + c < dist.get(ns, 1 << 30):
                dist[ns] = d + c
                parents[ns] = state
                heapq.heappush(heap, (d + c, ns))
    costs: dict[Pos, int] = {}
    best: dict[Pos, State] = {}
    occ = ctx.world.occupancy
    for (x, y, par), d in sorted(dist.items()):
        pos = (x, y)
        if any(occ.get(sq) not in (None, u.id) for sq in footprint(pos, u.n)):
            continue
        if pos not in costs or d < costs[pos]:
            costs[pos] = d
            best[pos] = (x, y, par)
    return StateReach(u.pos, costs, parents, best)


def withdraw_squares(ctx: Ctx, u: Unit, budget: int) -> tuple[Reach, dict[Pos, int]]:
    """The reach of a withdrawal and the squares it may end on (no nearer any enemy)."""
    reach = withdrawal_reach(ctx, u, budget)
    ends = {p: c for p, c in reach.costs.items() if p != u.pos and _no_nearer(ctx, u, p)}
    return reach, ends
