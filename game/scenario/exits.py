"""After loading: can every unit of a side with exit zones walk to one of them?"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.rules.geometry import VECTORS, Pos, footprint
from game.core.systems.flight import escape_region
from game.core.terrain import Terrain
from game.scenario.model import Placement


def unreachable_exits(terrain: Terrain, units: Sequence[Placement]) -> list[Placement]:
    """Units of a side with exit zones that cannot walk to any of them.

    A path runs through passable squares with no hazard, never through an
    enemy's square, stepping in any of the eight directions, the whole
    footprint of a big creature at each step (game.core.systems.flight's search, as
    in battle). A unit starting inside an exit, or one step from the region, is
    fine: its own square need not be free of hazards (it is already standing
    there). Return the placements with no way out.
    """
    stuck = []
    enemy_squares: dict[str, set[Pos]] = {}
    for side in {u.side for u in units}:
        enemy_squares[side] = {sq for u in units if u.side != side for sq in footprint(u.pos, u.kind.squares)}
    cache: dict[tuple[str, int], set[Pos]] = {}
    for u in units:
        exits = terrain.exits_for(u.side)
        if not exits:
            continue
        n = u.kind.squares
        if any(z.contains(sq) for z in exits for sq in footprint(u.pos, n)):
            continue
        key = (u.side, n)
        if key not in cache:
            # the creature is out when any of its squares is in the zone
            starts = [
                (x, y) for z in exits for y in range(z.y - n + 1, z.y + z.h) for x in range(z.x - n + 1, z.x + z.w)
            ]
            cache[key] = escape_region(terrain, starts, n, enemy_squares[u.side])
        region = cache[key]
        x, y = u.pos
        if u.pos not in region and not any((x + vx, y + vy) in region for vx, vy in VECTORS):
            stuck.append(u)
    return stuck
