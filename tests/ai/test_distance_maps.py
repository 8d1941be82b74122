"""The AI's distance maps (game/ai/maps.py): steps x2 (2 straight, 3 diagonal, times the square's
cost) to the nearest source square, around walls; FAR where none can be reached."""

import heapq
import random

import numpy as np

from game.ai.maps import FAR, _distance_from_mask


def _dijkstra(start: np.ndarray, cost: np.ndarray) -> np.ndarray:
    """The map walked square by square: entering a square costs 2 (3 diagonally) times its cost;
    a cost of 0 is a wall, entered by nobody, sources included only if they are open."""
    h, w = cost.shape
    dist = np.full((h, w), FAR, dtype=np.int64)
    heap = []
    for y, x in zip(*np.nonzero(start), strict=True):
        dist[y, x] = 0
        heap.append((0, int(y), int(x)))
    heapq.heapify(heap)
    while heap:
        d, y, x = heapq.heappop(heap)
        if d > dist[y, x]:
            continue
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                ny, nx = y + dy, x + dx
                if (dy or dx) and 0 <= ny < h and 0 <= nx < w and cost[ny, nx] > 0:
                    nd = d + (3 if dy and dx else 2) * int(cost[ny, nx])
                    if nd < dist[ny, nx]:
                        dist[ny, nx] = nd
                        heapq.heappush(heap, (nd, ny, nx))
    return dist


def test_the_distance_map_is_the_shortest_walk_and_far_where_walled_off():
    rnd = random.Random(3)
    walled_off = 0
    for _ in range(30):
        h, w = rnd.randint(4, 20), rnd.randint(4, 20)
        cost = np.array([[rnd.choice([0, 1, 1, 1, 2, 3]) for _ in range(w)] for _ in range(h)], dtype=np.int32)
        start = np.zeros((h, w), dtype=bool)
        for _ in range(rnd.randint(1, 4)):
            start[rnd.randrange(h), rnd.randrange(w)] = True
        start &= cost > 0
        got = _distance_from_mask(start, cost)
        want = _dijkstra(start, cost)
        assert got.dtype == np.int32
        assert np.array_equal(got, want)
        walled_off += int((want == FAR).sum())
    assert walled_off  # some squares no source can reach were put to the test
