"""The ground and its features, laid from one seeded generator by a few rules of land.

Laid in the order land is made, around deployment zones known from the start (zones.py), so
nothing has to be cut out of them later:

1. hills, in the middle of the field, crowned with higher ground and clear of the zones;
2. water, which runs round the hills: often a river from a map edge, or from a lake, to a far
   edge, with mud on its banks and a ford or two (courses.py);
3. a road from edge to edge round the hills, crossing any river on a bridge;
4. what stands on the dry ground left (never on water, mud or a road): ruined walls, patches
   of rough ground, woods grown in clumps, and now and then a hazard (a cliff edge along the
   map's edge, a pit, a wagon burning on the road).

Fair by measurement (bench/README.md, "Issue 37: fields that look like land": the first zone's
share of 400 fields); or, by default, with `spec.mirror`, by construction: with two sides the second half is
the first turned about the centre, with three it is mirrored left to right, so twin zones face
the same ground.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.generate import courses
from game.generate.spec import FieldSpec
from game.generate.tiles import (
    BLOCKING,
    CLIFF,
    DEEP,
    EMPTY,
    FIRE,
    GRASS,
    HAZARDS,
    HILL,
    HILL_TOP,
    MUD,
    PIT,
    ROAD,
    ROUGH,
    SHALLOW,
    TREE,
    WALL,
    Grid,
    Land,
    Site,
    Square,
)
from game.generate.zones import zones

__all__ = ["BLOCKING", "DEEP", "EMPTY", "GRASS", "HAZARDS", "MUD", "SHALLOW", "Grid", "Land", "lay"]


@dataclass(frozen=True)
class Amounts:
    """How much of each feature a kind of terrain has; areas are shares of the map's squares."""

    rough: float
    woods: float
    hills: tuple[int, int]
    ruins: tuple[int, int]
    river: float  # the chance of a river
    road: float  # the chance of a road
    hazard: float  # the chance of a hazard (pit, fire or a cliff edge)


AMOUNTS = {
    "open": Amounts(rough=0.03, woods=0.02, hills=(0, 1), ruins=(0, 1), river=0.3, road=0.5, hazard=0.35),
    "mixed": Amounts(rough=0.06, woods=0.06, hills=(1, 2), ruins=(1, 2), river=0.6, road=0.5, hazard=0.6),
    "broken": Amounts(rough=0.10, woods=0.12, hills=(2, 3), ruins=(2, 4), river=0.7, road=0.4, hazard=0.85),
}
LAKE = 0.3  # the share of rivers that flow out of a lake


def lay(spec: FieldSpec, rng: random.Random) -> Land:
    """The field, laid round its zones."""
    w, h = spec.width, spec.height
    land = Land(w, h, [[GRASS] * w for _ in range(h)], [[EMPTY] * w for _ in range(h)], [])
    site = Site(land, zones(spec), None if not spec.mirror else "point" if spec.sides == 2 else "lr")
    amounts = AMOUNTS[spec.terrain]
    for _ in range(rng.randint(*amounts.hills)):
        _hill(site, rng)
    site.copy_halves()  # the water and the road find the hills of both halves
    if rng.random() < amounts.river:
        courses.river(site, rng, 2 if min(w, h) < 40 else 3, from_lake=rng.random() < LAKE)
    if rng.random() < amounts.road:
        courses.road(site, rng)
    for _ in range(rng.randint(*amounts.ruins)):
        _ruin(site, rng)
    _patches(site, rng, round(w * h * amounts.rough))
    _woods(site, rng, round(w * h * amounts.woods))
    if rng.random() < amounts.hazard:
        _hazard(site, rng, spec.sides)
    site.copy_halves()
    land.notes = _notes(land)
    return land


def _notes(land: Land) -> list[str]:
    """What the field has, in words, in the order it was laid."""
    grounds = {g for row in land.ground for g in row}
    features = {f for row in land.features for f in row}
    notes = ["a hill"] if HILL_TOP in grounds else []
    if DEEP in grounds or SHALLOW in grounds:
        notes.append("a lake" if land.lakes else "")
        notes.append("a river with a bridge" if land.bridges else "a river with fords")
    notes += ["a road"] if ROAD in grounds and not land.bridges else []
    notes += ["ruins"] if WALL in features else []
    notes += ["woods"] if TREE in features else []
    hazards = {CLIFF: "a cliff edge", FIRE: "a burning wagon", PIT: "a pit"}
    return [n for n in notes if n] + [words for tile, words in hazards.items() if tile in features]


def _open(site: Site, sq: Square, gap: int = 1) -> bool:
    """A square of the kept half where something may be built or grow: dry, bare, off the zones."""
    x, y = sq
    land = site.land
    return (
        site.inside(x, y) and site.kept(sq) and site.gap(x, y) > gap and land.dry(x, y) and land.features[y][x] == EMPTY
    )


def _hill(site: Site, rng: random.Random) -> None:
    """A low hill with a crown of higher ground, in the middle half where it is worth holding,
    never reaching a zone."""
    land = site.land
    w, h = land.width, land.height
    rx = rng.randint(2, 2 + min(w, h) // 10)
    ry = max(2, min(h // 4, round(rx * rng.uniform(0.7, 1.4))))  # round-ish: a ridge is not a hill
    room = [
        (x, y)
        for y in range(h)
        for x in range(w // 4, w - w // 4)
        if site.kept((x, y)) and site.gap(x, y) > max(rx, ry) + 1
    ]
    if not room:
        return
    cx, cy = rng.choice(room)
    for y in range(max(0, cy - ry), min(h, cy + ry + 1)):
        for x in range(max(0, cx - rx), min(w, cx + rx + 1)):
            d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2
            if d <= 1 and land.ground[y][x] in (GRASS, ROUGH):
                land.ground[y][x] = HILL_TOP if d <= 0.3 else HILL


def _patches(site: Site, rng: random.Random, squares: int) -> None:
    """Clumps of rough ground grown by short random walks over dry ground."""
    land = site.land
    for _ in range(squares * 4):  # each walk's first square may be wet: give up in the end
        if squares <= 0:
            return
        x, y = rng.randrange(land.width), rng.randrange(land.height)
        for _ in range(rng.randint(2, 6)):
            if land.ground[y][x] == GRASS and site.kept((x, y)):
                land.ground[y][x] = ROUGH
                squares -= 1
            x = min(land.width - 1, max(0, x + rng.choice((-1, 0, 1))))
            y = min(land.height - 1, max(0, y + rng.choice((-1, 0, 1))))


def _woods(site: Site, rng: random.Random, squares: int) -> None:
    """Woods, each grown from one tree outwards over dry, bare ground, so trees stand together."""
    land = site.land
    most = max(6, min(land.width, land.height) // 2)
    for _ in range(squares * 4):
        if squares <= 0:
            return
        start = (rng.randrange(land.width), rng.randrange(land.height))
        if not _open(site, start):
            continue
        wood, edge = {start}, {start}
        for _ in range(rng.randint(3, most)):
            near = sorted({(x + dx, y + dy) for x, y in edge for dx, dy in courses.STEPS} - wood)
            near = [sq for sq in near if _open(site, sq)]
            if not near:
                break
            grown = rng.choice(near)
            wood.add(grown)
            edge.add(grown)
        for x, y in wood:
            land.features[y][x] = TREE
        squares -= len(wood)


def _ruin(site: Site, rng: random.Random) -> None:
    """The walls of a ruined building on dry ground: a rectangle's outline with gaps to walk
    through, never on water or a road."""
    land = site.land
    rw, rh = rng.randint(3, 6), rng.randint(3, 5)
    for _ in range(20):
        x0, y0 = rng.randrange(0, land.width - rw), rng.randrange(0, land.height - rh)
        if all(_open(site, (x, y)) for y in range(y0 - 1, y0 + rh + 1) for x in range(x0 - 1, x0 + rw + 1)):
            break
    else:
        return
    outline = [(x, y0) for x in range(x0, x0 + rw)] + [(x, y0 + rh - 1) for x in range(x0, x0 + rw)]
    outline += [(x0, y) for y in range(y0 + 1, y0 + rh - 1)] + [(x0 + rw - 1, y) for y in range(y0 + 1, y0 + rh - 1)]
    for x, y in outline:
        if rng.random() < 0.7:
            land.features[y][x] = WALL


def _hazard(site: Site, rng: random.Random, sides: int) -> None:
    """A place where a forced retreat can hurt: a cliff edge along the top or bottom edge (the
    bottom with three sides, green holding the top), a wagon burning on the road (or in the
    open), or a pit."""
    land = site.land
    w, h = land.width, land.height
    kind = rng.choice(("cliff", "fire", "pit"))
    if kind == "cliff":
        top = sides == 2 and (site.mirror == "point" or rng.random() < 0.5)
        y = 0 if top else h - 1
        length = rng.randint(4, max(4, w // 3))
        x0 = rng.randrange(w // 4, max(w // 4 + 1, w - w // 4 - length))
        for x in range(x0, min(w, x0 + length)):
            if _open(site, (x, y)):
                land.features[y][x] = CLIFF
        return
    road = [(x, y) for y in range(h) for x in range(w // 4, w - w // 4) if land.ground[y][x] == ROAD]
    road = [sq for sq in road if sq not in land.bridges and site.kept(sq) and site.gap(*sq) > 1]
    if kind == "fire" and road:
        spots = [rng.choice(road)]
    else:
        dry = [(x, y) for y in range(1, h - 1) for x in range(w // 4, w - w // 4) if _open(site, (x, y))]
        if not dry:
            return
        spots = [rng.choice(dry)]
    if kind == "fire":  # a wagon is two squares long, along the road where there is one
        x, y = spots[0]
        spots += [sq for sq in ((x + 1, y), (x, y + 1)) if sq in road or (not road and _open(site, sq))][:1]
    for x, y in spots:
        land.features[y][x] = FIRE if kind == "fire" else PIT
