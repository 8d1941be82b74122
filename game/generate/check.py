"""Whether a generated field looks like land (issue 37): the rules it is laid by, checked on the
tiles it was given, so a field that breaks one is caught however it came to.

- No river, lake or road comes into a deployment zone or the square round it.
- Every body of water has two ends, each a map edge or a lake: a river runs from an edge or a
  lake to an edge or a lake, never out of the middle of the field (where a zone was cleared
  across it, say). Every road likewise meets the map's edge at both ends.
- Every zone is at least two ranks deep, and every army of four or more stands in two ranks
  at least, not one long line.
- No water on or beside a hilltop, and none between two hill squares (a river across a hill).

`bench/bench_generate.py --land N` runs it over N fields of every size and side count.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.generate.make import Field
from game.generate.tiles import HILL_TOP, HILLS, ROAD, WATER, Land, Square
from game.generate.zones import depth

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
SOLDIERS_IN_ONE_RANK = 3  # more than this stand in two ranks at least


def problems(f: Field) -> list[str]:
    """What is wrong with the field, one line each; empty when it keeps every rule."""
    return [*_zones_clear(f), *_courses_whole(f.land), *_ranks(f), *_hills_dry(f.land)]


def _zones_clear(f: Field) -> list[str]:
    out = []
    land = f.land
    for side, r in f.zones.deploy.items():
        near = [
            (x, y)
            for y in range(max(0, r.y - 1), min(land.height, r.y + r.h + 1))
            for x in range(max(0, r.x - 1), min(land.width, r.x + r.w + 1))
        ]
        wet = [sq for sq in near if land.ground[sq[1]][sq[0]] in WATER or sq in land.bridges]
        roads = [sq for sq in near if land.ground[sq[1]][sq[0]] == ROAD]
        if wet:
            out.append(f"water at {wet[0]} in or beside {side}'s zone")
        if roads:
            out.append(f"a road at {roads[0]} in or beside {side}'s zone")
    return out


def _courses_whole(land: Land) -> list[str]:
    out = []
    water = {(x, y) for y, row in enumerate(land.ground) for x, g in enumerate(row) if g in WATER} | land.bridges
    for part in _parts(water):
        ends = _edge_stretches(land, part) + sum(1 for lake in land.lakes if lake in part)
        if ends < 2:
            out.append(f"the water at {min(part)} has {ends} end at an edge or a lake, not 2")
    road = {(x, y) for y, row in enumerate(land.ground) for x, g in enumerate(row) if g == ROAD}
    for part in _parts(road):
        ends = _edge_stretches(land, part)
        if ends < 2:
            out.append(f"the road at {min(part)} meets the map's edge {ends} time(s), not at both ends")
    return out


def _ranks(f: Field) -> list[str]:
    out = []
    for side, r in f.zones.deploy.items():
        if depth(side, r) < 2:
            out.append(f"{side}'s zone is {depth(side, r)} rank deep")
        army = [s for s in f.soldiers if s.side == side]
        ranks = {s.pos[1] if side == "green" else s.pos[0] for s in army}
        if len(army) > SOLDIERS_IN_ONE_RANK and len(ranks) < 2:
            out.append(f"{side}'s {len(army)} creatures stand in one rank")
    return out


def _hills_dry(land: Land) -> list[str]:
    out = []
    g = land.ground
    for y in range(land.height):
        for x in range(land.width):
            if g[y][x] not in WATER:
                continue
            across = (_hill(land, x - 1, y) and _hill(land, x + 1, y)) or (
                _hill(land, x, y - 1) and _hill(land, x, y + 1)
            )
            if HILL_TOP in [g[j][i] for j, i in _within(land, x, y)]:
                out.append(f"water at {(x, y)} beside a hilltop")
            elif across:
                out.append(f"water at {(x, y)} runs across a hill")
    return out


def _hill(land: Land, x: int, y: int) -> bool:
    return 0 <= x < land.width and 0 <= y < land.height and land.ground[y][x] in HILLS


def _within(land: Land, x: int, y: int) -> list[tuple[int, int]]:
    """(row, column) of the squares round (x, y), itself among them."""
    return [
        (j, i)
        for j in range(max(0, y - 1), min(land.height, y + 2))
        for i in range(max(0, x - 1), min(land.width, x + 2))
    ]


def _parts(squares: set[Square]) -> Iterable[set[Square]]:
    """The groups of squares joined along their sides."""
    left = set(squares)
    while left:
        start = min(left)
        part, todo = {start}, [start]
        left.discard(start)
        while todo:
            x, y = todo.pop()
            for dx, dy in STEPS:
                nxt = (x + dx, y + dy)
                if nxt in left:
                    left.discard(nxt)
                    part.add(nxt)
                    todo.append(nxt)
        yield part


def _edge_stretches(land: Land, part: set[Square]) -> int:
    """How many separate stretches of the map's edge the squares meet (a corner joins two)."""
    w, h = land.width, land.height
    edge = {(x, y) for x, y in part if x in (0, w - 1) or y in (0, h - 1)}
    count = 0
    while edge:
        count += 1
        todo = [edge.pop()]
        while todo:
            x, y = todo.pop()
            for nxt in [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]:
                if nxt in edge:
                    edge.discard(nxt)
                    todo.append(nxt)
    return count
