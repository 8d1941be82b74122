"""Dijkstra maps on numpy grids (tcod.path): distance to the enemy, and the safety map."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import numpy as np
import tcod.path

from game.ai.map_repair import Field, grid_steps, repaired
from game.core import query
from game.core.battle import Battle
from game.core.rules.geometry import Pos
from game.core.terrain import Terrain
from game.core.world import Unit

FAR = 1 << 28


def relax(start: np.ndarray, cost: np.ndarray) -> np.ndarray:
    """Dijkstra from every square's starting value over an entry-cost grid (2 straight, 3
    diagonal). tcod's Pathfinder: its older `dijkstra2d` leaks about 70 KB a call (tcod 21.2),
    which grew a long battle's memory by a hundred megabytes."""
    pf = tcod.path.Pathfinder(tcod.path.SimpleGraph(cost=cost, cardinal=2, diagonal=3))
    pf.distance[...] = start
    pf.rebuild_frontier()
    pf.resolve()
    return pf.distance


def _terrain_grids(t: Terrain) -> tuple[np.ndarray, np.ndarray]:
    """The terrain's entry costs and hazard squares as [y, x] grids (read-only; built once per
    Terrain, which never changes during a battle)."""
    cost = np.array(t.move_cost, dtype=np.int32).reshape(t.height, t.width)
    hazard = np.array([h != "none" for h in t.hazard]).reshape(t.height, t.width)
    cost.flags.writeable = hazard.flags.writeable = False
    return cost, hazard


_GRIDS: dict[int, tuple[Terrain, np.ndarray, np.ndarray]] = {}


def terrain_grids(t: Terrain) -> tuple[np.ndarray, np.ndarray]:
    got = _GRIDS.get(id(t))
    if got is None or got[0] is not t:
        if len(_GRIDS) > 8:
            _GRIDS.clear()
        got = _GRIDS[id(t)] = (t, *_terrain_grids(t))
    return got[1], got[2]


def enemy_mask(battle: Battle, unit: Unit) -> np.ndarray:
    t = query.terrain(battle)
    mask = np.zeros((t.height, t.width), dtype=bool)
    ones: list[int] = []  # one-square foes' flat indices, set in one numpy call
    for e in battle.world.living():
        if e.side != unit.side:
            x, y = e.pos
            if e.n == 1:
                ones.append(y * t.width + x)
            else:
                mask[y : y + e.n, x : x + e.n] = True
    mask.ravel()[ones] = True
    return mask


def cost_grid(battle: Battle, unit: Unit, avoid_hazards: bool = True) -> np.ndarray:
    """Per-square entry cost ([y, x]); 0 blocks. Enemies block; hazards are dear but open."""
    base, hazard = terrain_grids(query.terrain(battle))
    cost = base.copy()
    cost[hazard] = 0 if avoid_hazards else 20
    cost[enemy_mask(battle, unit)] = 0
    return cost


def distance_from(battle: Battle, unit: Unit, sources: list[tuple[int, int]], cost: np.ndarray) -> np.ndarray:
    t = query.terrain(battle)
    start = np.zeros((t.height, t.width), dtype=bool)
    for x, y in sources:
        if 0 <= x < t.width and 0 <= y < t.height:
            start[y, x] = True
    return _distance_from_mask(start, cost)


def _distance_from_mask(start: np.ndarray, cost: np.ndarray) -> np.ndarray:
    walk = np.where(start, np.maximum(1, cost), cost)
    # Squares not yet reached start at the search's own "unreached" (the dtype's maximum), not at
    # FAR: tcod then puts only the sources in its frontier, not every square (a third faster).
    unreached = np.iinfo(np.int32).max
    dist = relax(np.where(start, 0, unreached).astype(np.int32), walk)
    return np.where(dist == unreached, FAR, dist).astype(np.int32)


_RECENT: OrderedDict[tuple[object, ...], tuple[Terrain, np.ndarray]] = OrderedDict()
RECENT_MAPS = 8


def _recall(t: Terrain, key: tuple[object, ...], compute: Callable[[], np.ndarray]) -> np.ndarray:
    """A map kept from a recent decision with the same key, else compute() (kept read-only).

    The maps depend only on the terrain and where the enemies stand, which often has not
    changed since the side's last decision."""
    key = (id(t),) + key
    got = _RECENT.get(key)
    if got is not None and got[0] is t:
        _RECENT.move_to_end(key)
        return got[1]
    out = compute()
    out.flags.writeable = False
    _RECENT[key] = (t, out)
    if len(_RECENT) > RECENT_MAPS:
        _RECENT.popitem(last=False)
    return out


def enemy_distance(battle: Battle, unit: Unit) -> np.ndarray:
    """Steps (x2) to the nearest square beside an enemy, walking around walls and hazards."""
    t = query.terrain(battle)
    enemies = enemy_mask(battle, unit)
    return _recall(t, ("enemy", enemies.tobytes()), lambda: _enemy_distance(t, enemies, unit.side))


# The side's last enemy distance map, with the sources and entry costs it was searched over: the
# next map is mended from it where foes moved (map_repair), not searched again.
_LAST: dict[tuple[int, str], tuple[Terrain, np.ndarray, np.ndarray, list[int], Field]] = {}
REPAIR_CHANGES = 160  # squares changed beyond which a fresh search is the cheaper
REPAIR_LIMIT = 700  # squares invalidated beyond which it is too
# On a small map a foe's move changes most of the map: tcod's fresh search is quicker there
# (maps/skirmish.tmx, 24x16: 0.6 ms fresh, 1.3 mended; maps/battle.tmx, 48x32: mending is quicker).
REPAIR_AREA = 1024


def enemy_sources(t: Terrain, enemies: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The enemy distance map's sources (the open squares beside or under an enemy) and the
    entry costs it is searched over (walls, hazards and enemies 0)."""
    base, hazard = terrain_grids(t)
    cost = base.copy()
    cost[hazard] = 0
    cost[enemies] = 0
    # The squares beside (or under) an enemy, that can be stood on.
    near = enemies.copy()
    near[1:, :] |= enemies[:-1, :]
    near[:-1, :] |= enemies[1:, :]
    beside = near.copy()
    beside[:, 1:] |= near[:, :-1]
    beside[:, :-1] |= near[:, 1:]
    return beside & (base > 0), cost


def _enemy_distance(t: Terrain, enemies: np.ndarray, side: str) -> np.ndarray:
    start, cost = enemy_sources(t, enemies)
    if t.width * t.height < REPAIR_AREA:
        return _distance_from_mask(start, cost)
    walk = np.where(start, np.maximum(1, cost), cost)
    # The repair's grids have a border of walls (map_repair.grid_steps).
    start, walk = np.pad(start, 1), np.pad(walk, 1)
    key = (id(t), side)
    last = _LAST.pop(key, None)  # mended in place below: kept again only once whole
    out: list[int] | None = None
    field: Field | None = None
    if last is not None and last[0] is t:
        changed = np.flatnonzero((start != last[1]) | (walk != last[2]))
        if len(changed) <= REPAIR_CHANGES:
            # The last map's field and distances are mended in place (a failed repair leaves the
            # field right and the distances to be searched afresh): no copies of a whole grid.
            field, out = last[4], last[3]
            at = changed.tolist()
            for i, is_source, w in zip(
                at, start.ravel()[changed].tolist(), walk.ravel()[changed].tolist(), strict=True
            ):
                field.source[i], field.walk[i] = is_source, w
            out = repaired(out, at, field, REPAIR_LIMIT)
    if out is None:
        fresh = _distance_from_mask(start[1:-1, 1:-1], cost)
        out = np.pad(fresh, 1, constant_values=FAR).ravel().tolist()
    if field is None:
        field = Field(start.ravel().tolist(), walk.ravel().tolist(), grid_steps(t.width + 2), FAR)
    if len(_LAST) > 8:
        _LAST.clear()
    _LAST[key] = (t, start, walk, out, field)
    return np.array(out, dtype=np.int32).reshape(t.height + 2, t.width + 2)[1:-1, 1:-1]


def safety_map(battle: Battle, unit: Unit) -> np.ndarray:
    """Brogue's safety map: -1.2 x distance from every threatening enemy, rescanned, with the
    side's exit zones as strong attractors, so it leads through gaps rather than into corners."""
    t = query.terrain(battle)
    steady = np.zeros((t.height, t.width), dtype=bool)
    for e in battle.world.living():
        if e.side != unit.side and e.steady:
            steady[e.pos[1] : e.pos[1] + e.n, e.pos[0] : e.pos[0] + e.n] = True
    key = ("safety", unit.side, enemy_mask(battle, unit).tobytes(), steady.tobytes())
    return _recall(t, key, lambda: _safety_map(battle, unit))


def _safety_map(battle: Battle, unit: Unit) -> np.ndarray:
    t = query.terrain(battle)
    cost = cost_grid(battle, unit)
    enemies = [sq for e in battle.world.living() if e.side != unit.side and e.steady for sq in e.squares]
    d = distance_from(battle, unit, enemies, np.where(cost > 0, cost, 0))
    d = np.where(d >= FAR, 4 * (t.width + t.height), d)
    safety = (-1.2 * d).astype(np.int32)
    for z in t.exits_for(unit.side):
        safety[z.y : z.y + z.h, z.x : z.x + z.w] -= 10 * (t.width + t.height)
    walk = np.where(cost > 0, cost, 0)
    safety[...] = relax(safety, walk)
    return safety


def values_at(grid: np.ndarray, squares: list[Pos]) -> list[Any]:
    """grid[y, x] of each square, as Python values."""
    if not squares:
        return []
    xy = np.array(squares)
    out: list[Any] = grid[xy[:, 1], xy[:, 0]].tolist()
    return out
