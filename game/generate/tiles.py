"""The tiles a generated field is laid with, the land they make, and the site it is laid on.

Two tile layers, as the shipped maps have them: `ground` (grass, rough, water, mud, hills, a
road) and `features` over it (trees, walls, and the hazards: pit, fire, cliff edge). The tiles
are the shipped tileset's (maps/terrain.tsx); the game reads what a tile *is* from its
properties, and these names only pick the tile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.generate.zones import Zones

# The shipped tileset's tiles (maps/terrain.tsx), as global ids with the tileset at firstgid 1.
GRASS, ROUGH, SHALLOW, MUD, DEEP, WALL, TREE, HILL, HILL_TOP, PIT, FIRE, CLIFF, ROAD = range(1, 14)
EMPTY = 0  # no feature
BLOCKING = frozenset({WALL, TREE})  # move_cost 0 in the tileset
HAZARDS = frozenset({PIT, FIRE, CLIFF})
WATER = frozenset({DEEP, SHALLOW})
HILLS = frozenset({HILL, HILL_TOP})

Grid = list[list[int]]
Square = tuple[int, int]


@dataclass
class Land:
    width: int
    height: int
    ground: Grid
    features: Grid
    notes: list[str]  # what the field has, in words for its description
    lakes: list[Square] = field(default_factory=list)  # a square of each lake a river may start from
    bridges: set[Square] = field(default_factory=set)  # road squares laid over a river

    def tile(self, x: int, y: int) -> tuple[int, int]:
        return self.ground[y][x], self.features[y][x]

    def standable(self, x: int, y: int) -> bool:
        """A creature may start here: passable, and no hazard underfoot."""
        feature = self.features[y][x]
        return feature not in BLOCKING and feature not in HAZARDS

    def passable(self, x: int, y: int) -> bool:
        return self.features[y][x] not in BLOCKING

    def dry(self, x: int, y: int) -> bool:
        """Open ground: no water, mud bank or road on it."""
        return self.ground[y][x] not in (DEEP, SHALLOW, MUD, ROAD)


@dataclass
class Site:
    """The land being laid, the zones it is laid around, and its symmetry: `mirror` is None,
    "point" (the second half the first turned about the centre) or "lr" (mirrored left to
    right)."""

    land: Land
    zones: Zones
    mirror: str | None
    lake: set[Square] = field(default_factory=set)  # the squares of the lakes laid

    def __post_init__(self) -> None:
        w, h = self.land.width, self.land.height
        rects = [*self.zones.deploy.values()]
        self.gaps = [[min(r.gap(x, y) for r in rects) for x in range(w)] for y in range(h)]

    def gap(self, x: int, y: int) -> int:
        """Squares from (x, y) to the nearest deployment zone (0 inside one)."""
        return self.gaps[y][x]

    def twin(self, sq: Square) -> Square:
        """The square that (x, y) is copied to, or from, under the field's symmetry."""
        w, h = self.land.width, self.land.height
        return (w - 1 - sq[0], h - 1 - sq[1]) if self.mirror == "point" else (w - 1 - sq[0], sq[1])

    def kept(self, sq: Square) -> bool:
        """The square lies in the half that is laid (every square without a symmetry)."""
        if self.mirror is None:
            return True
        tx, ty = self.twin(sq)
        return (sq[1], sq[0]) <= (ty, tx)

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.land.width and 0 <= y < self.land.height

    def border(self, x: int, y: int) -> bool:
        return x in (0, self.land.width - 1) or y in (0, self.land.height - 1)

    def copy_halves(self) -> None:
        """Each square of the second half takes the tiles of its twin in the first."""
        land = self.land
        if self.mirror is None:
            return
        for y in range(land.height):
            for x in range(land.width):
                if not self.kept((x, y)):
                    tx, ty = self.twin((x, y))
                    land.ground[y][x] = land.ground[ty][tx]
                    land.features[y][x] = land.features[ty][tx]
