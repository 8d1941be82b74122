"""Rivers, lakes and roads, each laid as the cheapest way across the land it must not touch.

A course is found by Dijkstra's search over the squares it may take, each square's cost one step
plus a little smoothed noise, so it winds the way water or an old track would rather than
running straight. The land's rules, kept here by construction and checked by check.py:

- a river runs from a map edge, or from a lake, to another edge far off (or, on a mirrored
  field, to the centre, where its twin takes it on); a road runs from edge to edge the same way;
- neither comes near a deployment zone (a river keeps its banks off it too);
- a river keeps off hills, so no water runs over a hilltop; a road goes round them;
- a road crosses a river on a bridge (its squares over the water kept in `land.bridges`).

On a mirrored field a course is laid in the kept half and turned round with its twin, so the
whole field is whole after the halves are copied.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Callable, Iterable

from game.generate.tiles import DEEP, GRASS, HILLS, MUD, ROAD, ROUGH, SHALLOW, WATER, Grid, Site, Square

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))  # water and roads join along sides, never at corners
EIGHT = (*STEPS, (1, 1), (1, -1), (-1, 1), (-1, -1))
SLANT = 1.41
Cost = Callable[[int, int], float | None]


def noise(site: Site, rng: random.Random, spread: float) -> list[list[float]]:
    """Random costs that change slowly across the field (values on a coarse lattice, blended
    between its points) with a little grain: broad cheap valleys for a course to wind along."""
    w, h = site.land.width, site.land.height
    step = max(3, min(w, h) // 5)
    lattice = [[rng.random() for _ in range(w // step + 2)] for _ in range(h // step + 2)]
    out = []
    for y in range(h):
        j, ty = divmod(y, step)
        row = []
        for x in range(w):
            i, tx = divmod(x, step)
            a, b = lattice[j][i], lattice[j][i + 1]
            c, d = lattice[j + 1][i], lattice[j + 1][i + 1]
            fx, fy = tx / step, ty / step
            broad = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
            row.append(spread * (0.8 * broad + 0.2 * rng.random()))
        out.append(row)
    return out


def cheapest(starts: Iterable[Square], goals: set[Square], cost: Cost, k: int) -> list[Square] | None:
    """The cheapest path from any start to any goal, start first; None if no goal is reached. It
    steps to the eight squares around, a slant costing its length; a course one square wide
    slants only where a square beside the slant is open, which `corners` adds."""
    heap = [(0.0, i, s) for i, s in enumerate(sorted(set(starts)))]
    best = {s: 0.0 for _, _, s in heap}
    came: dict[Square, Square] = {}
    n = len(heap)
    while heap:
        d, _, sq = heapq.heappop(heap)
        if d > best[sq]:
            continue
        if sq in goals:
            path = [sq]
            while path[-1] in came:
                path.append(came[path[-1]])
            return path[::-1]
        for dx, dy in EIGHT:
            nxt = (sq[0] + dx, sq[1] + dy)
            c = cost(*nxt)
            if c is None or (dx and dy and k == 1 and _corner(sq, nxt, cost) is None):
                continue
            c *= SLANT if dx and dy else 1.0
            if d + c < best.get(nxt, float("inf")):
                best[nxt] = d + c
                came[nxt] = sq
                n += 1
                heapq.heappush(heap, (d + c, n, nxt))
    return None


def _corner(a: Square, b: Square, cost: Cost) -> Square | None:
    """An open square beside a slanting step from a to b, which joins them along sides."""
    return next((c for c in ((b[0], a[1]), (a[0], b[1])) if cost(*c) is not None), None)


def corners(path: list[Square], cost: Cost) -> list[Square]:
    """The path with a square added beside each slanting step (a course one square wide)."""
    out = path[:1]
    for a, b in itertools.pairwise(path):
        if a[0] != b[0] and a[1] != b[1]:
            out.append(_corner(a, b, cost) or a)
        out.append(b)
    return out


def stamp(sq: Square, k: int) -> list[Square]:
    """The k-by-k squares a course of width k covers where its path passes `sq`."""
    return [(sq[0] + dx, sq[1] + dy) for dy in range(k) for dx in range(k)]


def links(site: Site, sq: Square, k: int) -> list[Square] | None:
    """On a mirrored field, what joins a course reaching `sq` to its twin coming the other way:
    nothing if they already touch, the two corner squares if they meet only at a corner (a pair
    that are each other's twins), None if they do not meet."""
    mine, theirs = stamp(sq, k), {site.twin(s) for s in stamp(sq, k)}
    if any((a[0] + dx, a[1] + dy) in theirs for a in mine for dx, dy in ((0, 0), *STEPS)):
        return []
    for a in mine:
        b = site.twin(a)
        if abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1:
            return [(a[0], b[1]), (b[0], a[1])]
    return None


def ends(site: Site, allowed: Callable[[Square], bool], k: int) -> list[Square]:
    """The squares of the kept half where a course of width k may meet the map's edge."""
    land = site.land
    out = []
    for y in range(land.height):
        for x in range(land.width):
            if allowed((x, y)) and site.kept((x, y)) and any(site.border(*s) for s in stamp((x, y), k)):
                out.append((x, y))
    return out


def course(
    site: Site, rng: random.Random, k: int, allowed: Callable[[Square], bool], step: Cost, starts: list[Square]
) -> list[Square] | None:
    """The squares of one course of width k: from `starts` (or a random edge square) to a far
    edge or, mirrored, to its twin; None if none can be laid."""
    land = site.land
    edge = ends(site, allowed, k)
    if not starts:
        if not edge:
            return None
        starts = [rng.choice(edge)]
    sx, sy = starts[len(starts) // 2]
    if len(starts) > 1:  # from a lake: to an edge half the field's width away at least
        far = min(land.width, land.height) // 2
        goals = {e for e in edge if abs(e[0] - sx) + abs(e[1] - sy) >= far}
    else:  # from an edge: to the opposite one, across the field
        goals = {e for e in edge if _opposite(site, (sx, sy), e, k)}
    half = min(land.width, land.height) // 2
    tx, ty = site.twin((sx, sy))
    if site.mirror is not None and abs(tx - sx) + abs(ty - sy) >= half:
        # to its twin, which ends far from where this one starts (not a loop back to one place)
        joins = [sq for sq in _near_axis(site, k) if abs(sq[0] - sx) + abs(sq[1] - sy) >= half]
        goals |= {sq for sq in joins if allowed(sq) and links(site, sq, k) is not None}
    # the course is laid in the kept half: what it laid in the other would be copied over
    cost: Cost = lambda x, y: step(x, y) if allowed((x, y)) and site.kept((x, y)) else None
    path = cheapest(starts, goals, cost, k)
    if path is None:
        return None
    if k == 1:
        path = corners(path, cost)
    squares = [s for p in path for s in stamp(p, k)]
    if site.mirror is not None:
        joined = links(site, path[-1], k)
        squares += [*(joined or []), *(site.twin(s) for s in squares)]
    return sorted(set(squares))


def _opposite(site: Site, a: Square, b: Square, k: int) -> bool:
    """Whether courses of width k at a and at b meet opposite edges of the map."""
    w, h = site.land.width, site.land.height
    reach = k - 1  # a course's squares reach this far right of and below its path
    return (
        (a[1] == 0 and b[1] + reach == h - 1)
        or (b[1] == 0 and a[1] + reach == h - 1)
        or (a[0] == 0 and b[0] + reach == w - 1)
        or (b[0] == 0 and a[0] + reach == w - 1)
    )


def _near_axis(site: Site, k: int) -> list[Square]:
    """Squares near the centre (turned about it) or the middle column (mirrored), where a course
    may meet its twin."""
    w, h = site.land.width, site.land.height
    cx, cy = (w - 1) / 2, (h - 1) / 2
    return [
        (x, y)
        for y in range(h)
        for x in range(w)
        if abs(x - cx) <= k and (site.mirror == "lr" or abs(y - cy) <= k) and site.kept((x, y))
    ]


def river(site: Site, rng: random.Random, k: int, from_lake: bool) -> bool:
    """A river of width k, with mud on its banks here and there and a ford or two; whether one
    could be laid. Its source is a map edge or, with `from_lake`, a lake laid for it."""
    land = site.land
    hilly = _near(site, HILLS, 1)
    valley = noise(site, rng, 12.0)

    def allowed(sq: Square) -> bool:
        return all(site.inside(*s) and site.gap(*s) > 1 and not hilly[s[1]][s[0]] for s in stamp(sq, k))

    starts = [sq for sq in _lake(site, rng, hilly) if site.kept(sq)] if from_lake else []
    if from_lake and not starts:
        return False
    squares = course(site, rng, k, allowed, lambda x, y: 1.0 + valley[y][x] + _shy(site, x, y), starts)
    if squares is None:
        for x, y in starts:  # no way out of the lake: it is not laid
            land.ground[y][x] = GRASS
        del land.lakes[len(land.lakes) - (1 if site.mirror is None else 2) :]
        site.lake.clear()
        return False
    _paint(site, rng, squares, k)
    return True


def _paint(site: Site, rng: random.Random, squares: list[Square], k: int) -> None:
    land = site.land
    water = set(squares)
    for x, y in squares:
        if land.ground[y][x] not in WATER:
            land.ground[y][x] = DEEP
    for x, y in sorted({(x + dx, y + dy) for x, y in water for dx, dy in STEPS} - water):
        if site.inside(x, y) and site.gap(x, y) > 0 and land.ground[y][x] in (GRASS, ROUGH) and rng.random() < 0.3:
            land.ground[y][x] = MUD
    channel = [s for s in squares if site.kept(s) and land.ground[s[1]][s[0]] == DEEP]
    for _ in range(rng.randint(1, 2)):
        if channel:
            fx, fy = rng.choice(channel)
            for x, y in stamp((fx - 1, fy - 1), k + 2):
                if (x, y) in water:
                    land.ground[y][x] = SHALLOW
    land.notes.append("a river")


def _lake(site: Site, rng: random.Random, hilly: list[list[bool]]) -> list[Square]:
    """A lake in the kept half, away from the map's edges, the zones and the hills: a few round
    pools run together, deep where the water is all round, shallow at the rim. Its squares, or
    none where it finds no room."""
    land = site.land
    r = rng.randint(2, 2 + min(land.width, land.height) // 20)
    reach = 2 * r  # the pools run together within this of the centre
    room = [
        (x, y)
        for y in range(reach + 2, land.height - reach - 2)
        for x in range(reach + 2, land.width - reach - 2)
        if site.kept((x, y)) and site.gap(x, y) > reach + 3
    ]
    room = [(x, y) for x, y in room if not any(hilly[j][i] for i, j in _disc(x, y, reach + 1))]
    if not room:
        return []
    cx, cy = rng.choice(room)
    pools = [(cx, cy, r)] + [(cx + rng.randint(-r, r), cy + rng.randint(-r, r), max(1, r - 1)) for _ in range(2)]
    water = {sq for px, py, pr in pools for sq in _disc(px, py, pr)}
    for x, y in sorted(water):
        inner = all((x + dx, y + dy) in water for dx, dy in EIGHT)
        land.ground[y][x] = DEEP if inner else SHALLOW
    land.lakes.append((cx, cy))
    site.lake.update(water)
    if site.mirror is not None:  # its twin, made when the halves are copied
        land.lakes.append(site.twin((cx, cy)))
        site.lake.update(site.twin(s) for s in water)
    return sorted(water)


def _disc(cx: int, cy: int, r: int) -> list[Square]:
    """The squares within about r of a centre."""
    around = range(-r, r + 1)
    return [(cx + dx, cy + dy) for dy in around for dx in around if dx * dx + dy * dy <= r * r + 1]


def road(site: Site, rng: random.Random) -> bool:
    """A road from edge to edge round the hills, over any river on a bridge; whether one could be
    laid."""
    land = site.land
    track = noise(site, rng, 3.0)
    wetland = _near(site, WATER, 1)

    def allowed(sq: Square) -> bool:
        x, y = sq
        return site.inside(x, y) and site.gap(x, y) > 1 and land.ground[y][x] not in HILLS and sq not in site.lake

    def step(x: int, y: int) -> float:
        wet = 10.0 if land.ground[y][x] in WATER else 3.0 if wetland[y][x] else 0.0  # a bank, not along one
        return 1.0 + track[y][x] + wet + _shy(site, x, y)

    squares = course(site, rng, 1, allowed, step, [])
    if squares is None:
        return False
    for x, y in squares:
        if land.ground[y][x] in WATER:
            land.bridges.add((x, y))
        land.ground[y][x] = ROAD
    land.notes.append("a road")
    return True


def _shy(site: Site, x: int, y: int) -> float:
    """What it costs a course to pass near a zone: it keeps well off one where it can, rather than
    running along the zone's front."""
    w, h = site.land.width, site.land.height
    edge = min(x, y, w - 1 - x, h - 1 - y)  # nor along the map's edge, which it only meets
    return 2.0 * max(0, 6 - site.gap(x, y)) + 3.0 * max(0, 3 - edge)


def _near(site: Site, tiles: frozenset[int], reach: int) -> list[list[bool]]:
    """Whether each square has a tile of `tiles` within `reach` squares (a king's moves)."""
    land = site.land
    g: Grid = land.ground
    w, h = land.width, land.height
    return [
        [
            any(
                g[j][i] in tiles
                for j in range(max(0, y - reach), min(h, y + reach + 1))
                for i in range(max(0, x - reach), min(w, x + reach + 1))
            )
            for x in range(w)
        ]
        for y in range(h)
    ]
