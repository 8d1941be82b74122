"""A distance map mended where sources and walls changed (game/ai/map_repair.py) is, square for
square, the map a fresh search gives; and the enemy distance map the AI reads, mended from the
side's last one as foes move, is the fresh map at every decision of a battle."""

import random

import numpy as np

from game import ai
from game.ai import maps
from game.ai.map_repair import Field, grid_steps, repaired
from game.ai.maps import FAR, _distance_from_mask
from game.core import query
from game.core.battle import Battle
from game.scenario.tiled import load_scenario
from tests.ai.test_distance_maps import _dijkstra


def _walk(start: np.ndarray, cost: np.ndarray) -> np.ndarray:
    return np.where(start, np.maximum(1, cost), cost)


def _mended(old, start, walk, new_start, new_walk, limit):
    """`repaired` on the grids bordered with walls, the border taken off again (None: gave up)."""
    h, w = old.shape
    start, walk, new_start, new_walk = (np.pad(a, 1) for a in (start, walk, new_start, new_walk))
    changed = np.flatnonzero((new_start != start) | (new_walk != walk)).tolist()
    field = Field(new_start.ravel().tolist(), new_walk.ravel().tolist(), grid_steps(w + 2), FAR)
    got = repaired(np.pad(old, 1, constant_values=FAR).ravel().tolist(), changed, field, limit)
    return None if got is None else np.array(got).reshape(h + 2, w + 2)[1:-1, 1:-1]


def _field(rnd: random.Random, h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    cost = np.array([[rnd.choice([0, 1, 1, 1, 1, 2, 3]) for _ in range(w)] for _ in range(h)], dtype=np.int32)
    start = np.zeros((h, w), dtype=bool)
    for _ in range(rnd.randint(1, 6)):
        start[rnd.randrange(h), rnd.randrange(w)] = True
    return start, cost


def test_a_mended_map_is_the_fresh_map_after_random_changes():
    rnd = random.Random(23)
    raised = lowered = 0
    for _ in range(300):
        h, w = rnd.randint(3, 16), rnd.randint(3, 16)
        start, cost = _field(rnd, h, w)
        old = _distance_from_mask(start, cost)
        new_start, new_cost = start.copy(), cost.copy()
        for _ in range(rnd.randint(1, 5)):  # sources moved, walls raised and knocked down
            y, x = rnd.randrange(h), rnd.randrange(w)
            if rnd.random() < 0.5:
                new_start[y, x] = not new_start[y, x]
            else:
                new_cost[y, x] = rnd.choice([0, 1, 2, 3])
        walk = _walk(new_start, new_cost)
        got = _mended(old, start, _walk(start, cost), new_start, walk, h * w)
        want = _dijkstra(new_start, walk)
        assert got is not None
        assert np.array_equal(got, want)
        raised += int((want > old).sum())
        lowered += int((want < old).sum())
    assert raised > 100 and lowered > 100  # both waves were put to the test


def test_a_repair_over_its_limit_gives_up():
    rnd = random.Random(5)
    start, cost = _field(rnd, 12, 12)
    cost[cost == 0] = 1
    start[...] = False
    start[0, 0] = True
    old = _distance_from_mask(start, cost)
    moved = start.copy()
    moved[0, 0], moved[11, 11] = False, True  # every square's distance changes
    walk = _walk(moved, cost)
    assert _mended(old, start, walk, moved, walk, 20) is None
    assert np.array_equal(_mended(old, start, walk, moved, walk, 144), _dijkstra(moved, walk))


def test_the_enemy_distance_map_is_fresh_at_every_decision_of_a_battle():
    b = Battle(load_scenario("maps/battle.tmx"), seed=4)
    assert b.ctx.terrain.width * b.ctx.terrain.height >= maps.REPAIR_AREA  # a map that is mended
    mended = 0
    while not b.over and b.round <= 2:
        p = b.pending()
        if p.unit is not None:
            u = b.world[p.unit]
            t = query.terrain(b)
            enemies = maps.enemy_mask(b, u)
            mended += (id(t), u.side) in maps._LAST
            got = maps._enemy_distance(t, enemies, u.side)
            assert np.array_equal(got, _distance_from_mask(*maps.enemy_sources(t, enemies))), (b.round, u.id)
        b.apply(ai.decide(b, "normal"))
    assert mended > 10
