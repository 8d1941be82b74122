"""Movement: step costs, what a creature can reach, and walking a path (C&T movement)."""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from game.core.rules import encumbrance
from game.core.rules.geometry import VECTORS, Pos, footprint
from game.core.systems import conditions
from game.core.systems.context import Ctx
from game.core.terrain import Hazard
from game.core.world import Unit

BLOCKED = -1


def effective_mv(unit: Unit) -> int:
    """MV after encumbrance, which fatigue raises one or two categories (seed 000)."""
    mv = _encumbered_mv(unit.kind.mv, unit.kind.encumbrance, unit.fatigue_state)
    return conditions.movement(unit, mv) if unit.conditions else mv


@cache
def _encumbered_mv(mv: int, base: str, fatigue_state: int) -> int:
    # The AI asks this of every creature near every square it weighs (tens of thousands of
    # times a round) for a handful of different answers: each is worked out once.
    return encumbrance.movement(mv, encumbrance.effective_category(base, fatigue_state))


def half_move(unit: Unit) -> int:
    mv = effective_mv(unit)
    return max(1, mv // 2) if mv else 0


def in_pit(ctx: Ctx, unit: Unit, pos: Pos | None = None) -> bool:
    pos = unit.pos if pos is None else pos
    return any(ctx.terrain.hazard_at(sq) == Hazard.PIT for sq in footprint(pos, unit.n) if ctx.terrain.inside(sq))


def step_cost(ctx: Ctx, unit: Unit, p: Pos, q: Pos, diagonals: int, allow_hazard: bool) -> int:
    """Cost of one step, or BLOCKED.

    Diagonal steps cost 1 and 2 alternately (3 points per 2 diagonals, C&T);
    the terrain's move_cost multiplies the step. Enemies block; allies may be
    passed through. A cliff is entered only by falling or being pushed; other
    hazards only when the command says so (docs/rules.md#hazards).
    """
    n = unit.n
    t, occ = ctx.terrain, ctx.world.occupancy
    old = set(footprint(p, n))
    mult = 0
    for sq in footprint(q, n):
        if not t.inside(sq):
            return BLOCKED
        c = t.move_cost[sq[1] * t.width + sq[0]]
        if c <= 0:
            return BLOCKED
        who = occ.get(sq)
        if who is not None and who != unit.id and ctx.world.units[who].side != unit.side:
            return BLOCKED
        hz = t.hazard[sq[1] * t.width + sq[0]]
        if hz != Hazard.NONE and (hz == Hazard.CLIFF or not allow_hazard or who not in (None, unit.id)):
            return BLOCKED
        if sq not in old:
            mult = max(mult, c)
    diagonal = p[0] != q[0] and p[1] != q[1]
    base = (2 if diagonals % 2 else 1) if diagonal else 1
    return base * max(mult, 1)


State = tuple[int, int, int]  # (x, y, diagonal parity)


@dataclass
class Reach:
    """Squares reachable within a budget, with the cheapest path to each."""

    start: Pos
    costs: dict[Pos, int]

    def path(self, pos: Pos) -> list[Pos]:
        """The cheapest path to pos, start included."""
        raise NotImplementedError


@dataclass
class StateReach(Reach):
    """A Reach whose search states are (x, y, diagonal parity)."""

    parents: dict[State, State | None]
    best_state: dict[Pos, State]

    def path(self, pos: Pos) -> list[Pos]:
        state: State | None = self.best_state[pos]
        out: list[Pos] = []
        while state is not None:
            out.append((state[0], state[1]))
            state = self.parents[state]
        return out[::-1]


def reachable(ctx: Ctx, unit: Unit, budget: int, allow_hazard: bool = False) -> Reach:
    """Dijkstra over (square, diagonal parity) within budget; ends exclude occupied squares."""
    if unit.n == 1 and not in_pit(ctx, unit):
        return _reachable_one_square(ctx, unit, budget, allow_hazard)
    return _reachable_any(ctx, unit, budget, allow_hazard)


def _reachable_any(ctx: Ctx, unit: Unit, budget: int, allow_hazard: bool) -> Reach:
    """`reachable` for any footprint, and out of a pit."""
    start = (unit.pos[0], unit.pos[1], 0)
    dist = {start: 0}
    parents: dict[State, State | None] = {start: None}
    heap = [(0, start)]
    leaving_pit_costs_all = in_pit(ctx, unit)
    while heap:
        d, state = heapq.heappop(heap)
        if d > dist.get(state, 1 << 30):
            continue
        x, y, par = state
        p = (x, y)
        if (
            p != unit.pos
            and allow_hazard
            and any(ctx.terrain.hazard_at(s) != Hazard.NONE for s in footprint(p, unit.n))
        ):
            continue  # entering a hazard ends the move
        for vx, vy in VECTORS:
            q = (x + vx, y + vy)
            c = step_cost(ctx, unit, p, q, par, allow_hazard)
            if c == BLOCKED:
                continue
            if p == unit.pos and leaving_pit_costs_all:
                c = effective_mv(unit)  # 'climbing out is a full move' (docs/rules.md#hazards)
            elif leaving_pit_costs_all:
                continue
            nd = d + c
            if nd > budget:
                continue
            npar = (par + 1) % 2 if (vx and vy) else par
            ns = (q[0], q[1], npar)
            if nd < dist.get(ns, 1 << 30):
                dist[ns] = nd
                parents[ns] = state
                heapq.heappush(heap, (nd, ns))
    costs: dict[Pos, int] = {}
    best: dict[Pos, tuple[int, int, int]] = {}
    occ = ctx.world.occupancy
    for (x, y, par), d in dist.items():
        pos = (x, y)
        if any(occ.get(sq) not in (None, unit.id) for sq in footprint(pos, unit.n)):
            continue
        if pos not in costs or d < costs[pos]:
            costs[pos] = d
            best[pos] = (x, y, par)
    return StateReach(unit.pos, costs, parents, best)


def path_cost(ctx: Ctx, unit: Unit, path: list[Pos], allow_hazard: bool, budget: int) -> tuple[int, str]:
    """Return (cost, '') for a legal path from the unit's square, or (-1, reason)."""
    if not path or path[0] != unit.pos:
        return -1, "the path must start at the unit's square"
    total, diagonals = 0, 0
    pit = in_pit(ctx, unit)
    for i, (p, q) in enumerate(pairwise(path)):
        if max(abs(p[0] - q[0]), abs(p[1] - q[1])) != 1:
            return -1, f"the path jumps from {list(p)} to {list(q)}"
        if i > 0 and allow_hazard and any(ctx.terrain.hazard_at(s) != Hazard.NONE for s in footprint(p, unit.n)):
            return -1, "a move ends on entering a hazard"
        c = step_cost(ctx, unit, p, q, diagonals, allow_hazard)
        if c == BLOCKED:
            return -1, f"{list(q)} cannot be entered"
        if pit:
            if i > 0:
                return -1, "climbing out of a pit takes the whole move"
            c = effective_mv(unit)
        if p[0] != q[0] and p[1] != q[1]:
            diagonals += 1
        total += c
    if total > budget:
        return -1, f"the path costs {total}, more than the {budget} allowed"
    end = path[-1]
    occ = ctx.world.occupancy
    if any(occ.get(sq) not in (None, unit.id) for sq in footprint(end, unit.n)):
        return -1, f"{list(end)} is occupied"
    return total, ""


def _reachable_one_square(ctx: Ctx, unit: Unit, budget: int, allow_hazard: bool) -> Reach:
    """The same search as `reachable`, flattened for the common 1-square creature (the hot path).

    States are plain ints, (y * width + x) * 2 + diagonal parity, so the dictionaries hash fast.
    """
    return _one_square_search(ctx, unit, budget, allow_hazard, None)[0]


def reachable_and_within(ctx: Ctx, unit: Unit, budget: int, inner: int) -> tuple[Reach, Reach]:
    """`reachable(ctx, unit, budget)` and `reachable(ctx, unit, inner)` (inner <= budget), each the
    same as its own search would give, paths and ties included: a full move and a half move, from
    one search where the creature is a one-square one."""
    if unit.n == 1 and not in_pit(ctx, unit):
        full, part = _one_square_search(ctx, unit, budget, False, inner)
        assert part is not None  # asked for with inner
        return full, part
    return reachable(ctx, unit, budget), reachable(ctx, unit, inner)


def _one_square_search(
    ctx: Ctx, unit: Unit, budget: int, allow_hazard: bool, inner: int | None
) -> tuple[FlatReach, FlatReach | None]:
    """The bucket search, and with `inner` also the search within that smaller budget read off it.

    A state's cost and parent are final once found at or under `inner` (every cost within it is
    settled by the same steps in the same order); only the order in which the smaller search would
    first have found its states, which breaks ties between a square's two parities, is kept apart."""
    t, w = ctx.terrain, ctx.terrain.width
    hz, steps, cheap = t.hazard, t.state_steps, t.state_steps_cheap
    occ, units = ctx.world.occupancy, ctx.world.units
    enemy = {p[1] * w + p[0] for p, uid in occ.items() if units[uid].side != unit.side}
    other = {p[1] * w + p[0] for p, uid in occ.items() if uid != unit.id}
    start = (unit.pos[1] * w + unit.pos[0]) * 2
    unseen = 1 << 30
    # Costs in a list indexed by state (faster than a dict at these sizes); `found` keeps the
    # states in the order they were first reached, the order a dict of costs would iterate in.
    dist = [unseen] * (2 * w * t.height)
    dist[start] = 0
    found = [start]
    parent: dict[int, int] = {}
    first_inner: dict[int, None] = {start: None}  # states in the order the inner search finds them
    cut = -1 if inner is None else inner
    # Dijkstra with a bucket per cost (every step costs at least 1, so a bucket is complete when its
    # turn comes); each bucket runs in state order, as a heap of (cost, state) pops, for `reachable`'s ties.
    buckets: list[list[int]] = [[] for _ in range(max(0, budget) + 1)]
    buckets[0].append(start)
    for d in range(budget):  # a state found at the budget takes no step
        bucket = buckets[d]
        last = d == budget - 1  # only steps costing 1 fit: the table of those alone
        table, fill = (cheap, t.cheap_steps_from) if last else (steps, t.state_steps_from)
        bucket.sort()
        for state in bucket:
            if dist[state] != d:
                continue  # reached more cheaply since it was put here
            if allow_hazard and state != start and hz[state >> 1] != Hazard.NONE:
                continue  # entering a hazard ends the move
            # On the map, passable, no cliff; costs as the diagonal parity has it.
            moves = table[state]
            if moves is None:  # not worked out yet (an empty tuple is: a square walled in)
                moves = fill(state)
            for ns, c, j, hazard in moves:
                nd = d + c
                # Over budget, or no cheaper than known: the cheap tests most steps fail, first.
                if nd > budget:
                    continue
                old = dist[ns]
                if nd < old and j not in enemy and not (hazard and (not allow_hazard or j in other)):
                    if old == unseen:
                        found.append(ns)
                        if nd <= cut:
                            first_inner[ns] = None
                    elif nd <= cut and ns not in first_inner:
                        first_inner[ns] = None
                    dist[ns] = nd
                    parent[ns] = state
                    buckets[nd].append(ns)
    full = _flat_reach(unit, found, dist, parent, other, w)
    return full, None if inner is None else _flat_reach(unit, first_inner, dist, parent, other, w)


def _flat_reach(
    unit: Unit, order: Iterable[int], dist: list[int], parent: dict[int, int], other: set[int], w: int
) -> FlatReach:
    """The Reach of the states in `order`: each free square's cheapest state, the first found on a tie."""
    win: dict[int, int] = {}  # square -> its state: the first found, unless the other is cheaper
    for state in order:
        i = state >> 1
        s = win.get(i)
        if s is None or dist[state] < dist[s]:
            win[i] = state
    costs: dict[Pos, int] = {}
    best: dict[Pos, int] = {}
    for i, state in win.items():
        if i not in other:
            pos = (i % w, i // w)
            costs[pos] = dist[state]
            best[pos] = state
    return FlatReach(unit.pos, costs, parent, best, w)


@dataclass
class FlatReach(Reach):
    """A Reach whose search states are the flat ints of `_reachable_one_square`."""

    parents: dict[int, int]  # the start state has none
    best_state: dict[Pos, int]
    width: int

    def path(self, pos: Pos) -> list[Pos]:
        state: int | None = self.best_state[pos]
        out: list[Pos] = []
        w = self.width
        while state is not None:
            i = state >> 1
            out.append((i % w, i // w))
            state = self.parents.get(state)
        return out[::-1]
