"""Dijkstra maps on numpy grids (tcod.path): distance to the enemy, and the safety map."""

from __future__ import annotations

import numpy as np
import tcod.path

from game.battle import Battle
from game.world import Unit

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


def cost_grid(battle: Battle, unit: Unit, avoid_hazards: bool = True) -> np.ndarray:
    """Per-square entry cost ([y, x]); 0 blocks. Enemies block; hazards are dear but open."""
    t = battle.ctx.terrain
    cost = np.array(t.move_cost, dtype=np.int32).reshape(t.height, t.width)
    hazard = np.array([h != "none" for h in t.hazard]).reshape(t.height, t.width)
    cost[hazard] = 0 if avoid_hazards else 20
    for e in battle.world.living():
        if e.side != unit.side:
            for x, y in e.squares:
                cost[y, x] = 0
    return cost


def distance_from(battle: Battle, unit: Unit, sources: list[tuple[int, int]], cost: np.ndarray) -> np.ndarray:
    t = battle.ctx.terrain
    dist = np.full((t.height, t.width), FAR, dtype=np.int32)
    for x, y in sources:
        if 0 <= x < t.width and 0 <= y < t.height:
            dist[y, x] = 0
    walk = cost.copy()
    for x, y in sources:
        if 0 <= x < t.width and 0 <= y < t.height:
            walk[y, x] = max(1, walk[y, x])
    dist[...] = relax(dist, walk)
    return dist


def enemy_distance(battle: Battle, unit: Unit) -> np.ndarray:
    """Steps (x2) to the nearest square beside an enemy, walking around walls and hazards."""
    cost = cost_grid(battle, unit)
    sources = []
    for e in battle.world.living():
        if e.side != unit.side:
            for x, y in e.squares:
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        sources.append((x + dx, y + dy))
    return distance_from(battle, unit, [s for s in sources if battle.ctx.terrain.passable(s)], cost)


def safety_map(battle: Battle, unit: Unit) -> np.ndarray:
    """Brogue's safety map: -1.2 x distance from every threatening enemy, rescanned, with the
    side's exit zones as strong attractors, so it leads through gaps rather than into corners."""
    t = battle.ctx.terrain
    cost = cost_grid(battle, unit)
    enemies = [sq for e in battle.world.living() if e.side != unit.side and e.steady for sq in e.squares]
    d = distance_from(battle, unit, enemies, np.where(cost > 0, cost, 0))
    d = np.where(d >= FAR, 4 * (t.width + t.height), d)
    safety = (-1.2 * d).astype(np.int32)
    for z in t.exits_for(unit.side):
        safety[z.y:z.y + z.h, z.x:z.x + z.w] -= 10 * (t.width + t.height)
    walk = np.where(cost > 0, cost, 0)
    safety[...] = relax(safety, walk)
    return safety
