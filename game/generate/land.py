"""The ground and its features, laid from one seeded generator.

Two tile layers, as the shipped maps have them: `ground` (grass, rough, water, mud, hills, a
road) and `features` over it (trees, walls, and the hazards: pit, fire, cliff edge). The tiles
are the shipped tileset's (maps/terrain.tsx); the game reads what a tile *is* from its
properties, and these names only pick the tile.

Fair by construction: with two sides the field is laid, then made point-symmetric about its
centre (each square takes the kind of the square opposite), so the two deployment zones look
at the same battlefield turned round. With three, it is mirrored left to right, which makes the
blue and red zones alike; green's zone on the top edge is fair only by measurement
(bench/README.md, "Issue 20: generated battlefields").
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.generate.spec import FieldSpec

# The shipped tileset's tiles (maps/terrain.tsx), as global ids with the tileset at firstgid 1.
GRASS, ROUGH, SHALLOW, MUD, DEEP, WALL, TREE, HILL, HILL_TOP, PIT, FIRE, CLIFF, ROAD = range(1, 14)
EMPTY = 0  # no feature
BLOCKING = frozenset({WALL, TREE})  # move_cost 0 in the tileset
HAZARDS = frozenset({PIT, FIRE, CLIFF})

Grid = list[list[int]]


@dataclass(frozen=True)
class Amounts:
    """How much of each feature a kind of terrain has; areas are shares of the map's squares."""

    rough: float
    woods: float
    hills: tuple[int, int]
    ruins: tuple[int, int]
    river: float  # the chance of a river
    hazard: float  # the chance of a hazard (pit, fire or a cliff edge)


AMOUNTS = {
    "open": Amounts(rough=0.03, woods=0.02, hills=(0, 1), ruins=(0, 1), river=0.3, hazard=0.35),
    "mixed": Amounts(rough=0.06, woods=0.06, hills=(1, 2), ruins=(1, 2), river=0.6, hazard=0.6),
    "broken": Amounts(rough=0.10, woods=0.12, hills=(2, 3), ruins=(2, 4), river=0.7, hazard=0.85),
}


@dataclass
class Land:
    width: int
    height: int
    ground: Grid
    features: Grid
    notes: list[str]  # what the field has, in words for its description

    def tile(self, x: int, y: int) -> tuple[int, int]:
        return self.ground[y][x], self.features[y][x]

    def standable(self, x: int, y: int) -> bool:
        """A creature may start here: passable, and no hazard underfoot."""
        feature = self.features[y][x]
        return feature not in BLOCKING and feature not in HAZARDS

    def passable(self, x: int, y: int) -> bool:
        return self.features[y][x] not in BLOCKING


def lay(spec: FieldSpec, rng: random.Random) -> Land:
    """The field before the zones are cleared and the armies placed."""
    w, h = spec.width, spec.height
    land = Land(w, h, [[GRASS] * w for _ in range(h)], [[EMPTY] * w for _ in range(h)], [])
    amounts = AMOUNTS[spec.terrain]
    area = w * h
    _patches(land, rng, ROUGH, round(area * amounts.rough), "ground")
    if rng.random() < amounts.river:
        _river(land, rng, winding=spec.sides == 2)
    for _ in range(rng.randint(*amounts.hills)):
        _hill(land, rng)
    _patches(land, rng, TREE, round(area * amounts.woods), "features")
    if amounts.woods:
        land.notes.append("woods")
    for _ in range(rng.randint(*amounts.ruins)):
        _ruin(land, rng)
    if rng.random() < amounts.hazard:
        _hazard(land, rng, top=spec.sides == 2)
    _symmetric(land, point=spec.sides == 2)
    return land


def _middle_x(land: Land, rng: random.Random) -> int:
    """A column in the middle half, where the sides meet."""
    return rng.randrange(land.width // 4, land.width - land.width // 4)


def _patches(land: Land, rng: random.Random, tile: int, squares: int, layer: str) -> None:
    """Clumps of a tile (rough ground, woods) grown by short random walks."""
    grid = land.ground if layer == "ground" else land.features
    while squares > 0:
        x, y = rng.randrange(land.width), rng.randrange(land.height)
        for _ in range(rng.randint(2, 6)):
            if grid[y][x] in (GRASS, EMPTY):
                grid[y][x] = tile
                squares -= 1
            x = min(land.width - 1, max(0, x + rng.choice((-1, 0, 1))))
            y = min(land.height - 1, max(0, y + rng.choice((-1, 0, 1))))


def _river(land: Land, rng: random.Random, winding: bool) -> None:
    """Deep water from the top edge to the bottom across the middle, crossed by fords (shallow
    water) or a bridge (road), with mud on its banks here and there. It winds only where the
    symmetry keeps it whole: the point symmetry of two sides turns a winding river into itself."""
    w, h = land.width, land.height
    half = 1 if w < 32 else 2  # the channel is 2 or 4 squares wide
    offsets = [0] * h
    # From the centre row up, a walk; below the centre, the same walk turned round (x -> -x).
    for y in range((h - 1) // 2 - 1, -1, -1):
        step = rng.choice((-1, 0, 0, 1)) if winding else 0
        offsets[y] = max(-w // 6, min(w // 6, offsets[y + 1] + step))
    for y in range(h):
        offsets[h - 1 - y] = -offsets[y] if y < h - 1 - y else offsets[h - 1 - y]
    centre = w / 2
    for y in range(h):
        left = int(centre + offsets[y] - half)
        for x in range(left, left + 2 * half):
            land.ground[y][x] = DEEP
        for bank in (left - 1, left + 2 * half):
            if 0 <= bank < w and rng.random() < 0.3:
                land.ground[y][bank] = MUD
    bridge = rng.random() < 0.4
    crossing = ROAD if bridge else SHALLOW
    for _ in range(1 if bridge else rng.randint(1, 2)):
        row = rng.randrange(1, max(2, h // 2 - 1))
        for x in range(w):
            if land.ground[row][x] == DEEP:
                land.ground[row][x] = crossing
                if not bridge and row + 1 < h and land.ground[row + 1][x] == DEEP:
                    land.ground[row + 1][x] = SHALLOW
    land.notes.append("a river with a bridge" if bridge else "a river with fords")


def _hill(land: Land, rng: random.Random) -> None:
    """A low hill with a crown of higher ground, in the middle half where it is worth holding."""
    r = rng.randint(2, 3)
    cx, cy = _middle_x(land, rng), rng.randrange(r, max(r + 1, land.height - r))
    for y in range(max(0, cy - r), min(land.height, cy + r + 1)):
        for x in range(max(0, cx - r), min(land.width, cx + r + 1)):
            d = (x - cx) ** 2 + (y - cy) ** 2
            if d <= r * r and land.ground[y][x] in (GRASS, ROUGH):
                land.ground[y][x] = HILL_TOP if d <= (r - 1.5) ** 2 else HILL
    if "a hill" not in land.notes:
        land.notes.append("a hill")


def _ruin(land: Land, rng: random.Random) -> None:
    """The walls of a ruined building: a rectangle's outline with gaps to walk through."""
    rw, rh = rng.randint(3, 6), rng.randint(3, 5)
    x0 = min(land.width - rw, max(0, _middle_x(land, rng) - rw // 2))
    y0 = rng.randrange(0, max(1, land.height - rh))
    outline = [(x, y0) for x in range(x0, x0 + rw)] + [(x, y0 + rh - 1) for x in range(x0, x0 + rw)]
    outline += [(x0, y) for y in range(y0 + 1, y0 + rh - 1)] + [(x0 + rw - 1, y) for y in range(y0 + 1, y0 + rh - 1)]
    for x, y in outline:
        if rng.random() < 0.7 and land.ground[y][x] not in (DEEP, SHALLOW, ROAD):
            land.features[y][x] = WALL
    if "ruins" not in land.notes:
        land.notes.append("ruins")


def _hazard(land: Land, rng: random.Random, top: bool) -> None:
    """A place where a forced retreat can hurt: a cliff edge along the top (or bottom) edge, a
    fire, or a pit, in the middle half."""
    kind = rng.choice(("cliff", "fire", "pit"))
    if kind == "cliff":
        y = 0 if top else land.height - 1
        length = rng.randint(4, max(4, land.width // 3))
        x0 = rng.randrange(land.width // 4, max(land.width // 4 + 1, land.width - land.width // 4 - length))
        for x in range(x0, min(land.width, x0 + length)):
            land.features[y][x] = CLIFF
        land.notes.append("a cliff edge")
        return
    tile = FIRE if kind == "fire" else PIT
    x, y = _middle_x(land, rng), rng.randrange(1, land.height - 1)
    for dx in range(2 if kind == "fire" else 1):
        if x + dx < land.width:
            land.features[y][x + dx] = tile
    land.notes.append("a burning wagon" if kind == "fire" else "a pit")


def _symmetric(land: Land, point: bool) -> None:
    """Each square of the second half takes the tiles of its opposite in the first: turned about
    the centre (two sides) or mirrored left to right (three)."""
    w, h = land.width, land.height
    for y in range(h):
        for x in range(w):
            ox, oy = (w - 1 - x, h - 1 - y) if point else (w - 1 - x, y)
            if (oy, ox) < (y, x):  # (x, y) lies in the second half: copy its opposite
                land.ground[y][x] = land.ground[oy][ox]
                land.features[y][x] = land.features[oy][ox]
