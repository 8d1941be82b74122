"""A distance map repaired where the field changed, rather than worked out again.

The enemy distance map is a Dijkstra from the squares beside the foes over the walkable
squares (2 a straight step, 3 a diagonal one, times the entered square's cost). Between two
decisions of a side usually only a few foes have moved: a few squares stopped or started being
sources or being walkable. `repaired` takes the last map and mends it (the raise and lower
waves of dynamic shortest paths): the squares whose distance leant only on what changed are
invalidated, in order of their old distance, then a Dijkstra from the changes and the edge of
the invalidated region settles them. Distances are unique, so the result is the map a fresh
search would give, square for square (tests/ai/test_map_repair.py compares them).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

Steps = tuple[tuple[int, int], ...]


def grid_steps(width: int) -> Steps:
    """The eight steps on a grid `width` squares wide, as (index offset, step factor): 2 a
    straight step, 3 a diagonal one. The grids are bordered by a ring of walls that no source
    reaches, so every square the search enters has all eight neighbours: no bounds to check and
    no table of neighbours to build."""
    return tuple(((dy * width + dx), 3 if dx and dy else 2) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


@dataclass(frozen=True)
class Field:
    """What the new map is searched over: per square of the bordered grid, whether it is a
    source and its entry cost (0: cannot be entered; the border's squares are neither), the
    grid's steps (`grid_steps`), and the value of a square no source reaches."""

    source: list[bool]
    walk: list[int]
    steps: Steps
    unreached: int


def repaired(dist: list[int], changed: list[int], field: Field, limit: int) -> list[int] | None:
    """The distance map after the squares in `changed` changed their source status or entry cost.

    `dist` is the old map (mended in place and returned). None when the repair would touch more
    than `limit` squares (a fresh search is then cheaper)."""
    invalid = _raise(dist, changed, field, limit)
    if invalid is None:
        return None
    for i in invalid:
        dist[i] = field.unreached
    return dist if _lower(dist, invalid.union(changed), field, 2 * limit) else None


def _raise(dist: list[int], changed: list[int], field: Field, limit: int) -> set[int] | None:
    """The squares that lost their distance: a square keeps its old distance while a neighbour
    still valid gives it, else it is invalid, and so may be each square whose old distance came
    through it. Taken in order of old distance, every neighbour that could give a square its
    distance is settled first."""
    source, walk, steps, unreached = field.source, field.walk, field.steps, field.unreached
    invalid: set[int] = set()
    heap = [(dist[i], i) for i in changed if dist[i] < unreached]
    heapq.heapify(heap)
    seen: set[int] = set()
    while heap:
        d, i = heapq.heappop(heap)
        if i in seen or source[i]:
            continue
        seen.add(i)
        w = walk[i]
        if w and _given(i, d, w, dist, steps, invalid):
            continue
        invalid.add(i)
        if len(invalid) > limit:
            return None
        for o, k in steps:
            j = i + o
            if j not in seen and not source[j] and dist[j] < unreached and dist[j] == d + k * walk[j]:
                heapq.heappush(heap, (dist[j], j))
    return invalid


def _lower(dist: list[int], touched: set[int], field: Field, limit: int) -> bool:
    """Every touched square takes the best its neighbours give (a new source 0), and a Dijkstra
    spreads what improved. False past `limit` squares settled."""
    source, walk, steps, unreached = field.source, field.walk, field.steps, field.unreached
    heap = []
    for i in touched:
        best = 0 if source[i] else _best_given(i, walk[i], dist, steps, unreached)
        if best < dist[i]:
            dist[i] = best
            heap.append((best, i))
    heapq.heapify(heap)
    # The steps by their factor, so the inner loop unpacks no pair. A source is never lowered
    # (its distance is 0 by now, below any step), so it needs no test.
    by_factor = [([o for o, f in steps if f == k], k) for k in (2, 3)]
    work = 0
    while heap:
        d, i = heapq.heappop(heap)
        if d != dist[i]:
            continue
        work += 1
        if work > limit:
            return False
        for offsets, k in by_factor:
            for o in offsets:
                j = i + o
                w = walk[j]
                if w and d + k * w < dist[j]:
                    dist[j] = d + k * w
                    heapq.heappush(heap, (d + k * w, j))
    return True


def _given(i: int, d: int, w: int, dist: list[int], steps: Steps, invalid: set[int]) -> bool:
    """Whether a neighbour still valid gives square i its distance d (w: the cost to enter i)."""
    for o, k in steps:  # noqa: SIM110  # a plain loop: the repair's innermost test
        if dist[i + o] + k * w == d and i + o not in invalid:
            return True
    return False


def _best_given(i: int, w: int, dist: list[int], steps: Steps, unreached: int) -> int:
    """The least distance square i's neighbours give it (unreached if none, or if it is a wall)."""
    if not w:
        return unreached
    best = unreached
    for o, k in steps:
        best = min(best, dist[i + o] + k * w)
    return best
