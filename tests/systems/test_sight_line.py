"""Line of sight (docs/rules.md#missile-fire): no sight-blocking square strictly between the
shooter's and the target's nearest squares, on a Bresenham line."""

import random

from game.core.battle import Battle
from game.core.rules.geometry import squares_between
from game.core.systems.actions import _clear_line, line_of_sight
from tests.helpers import board, unit


def test_the_written_out_walk_blocks_exactly_where_the_line_of_squares_does():
    rnd = random.Random(11)
    answers = set()
    for _ in range(60):
        w, h = rnd.randint(3, 25), rnd.randint(3, 25)
        blocks = tuple(rnd.random() < 0.15 for _ in range(w * h))
        for _ in range(40):
            # Ends off the map too: a walk that leaves it only sees what lies on it.
            a = (rnd.randint(-2, w + 1), rnd.randint(-2, h + 1))
            b = (rnd.randint(-2, w + 1), rnd.randint(-2, h + 1)) if rnd.random() < 0.9 else a
            want = not any(0 <= x < w and 0 <= y < h and blocks[y * w + x] for x, y in squares_between(a, b))
            assert _clear_line(w, h, blocks, a, b) == want, (a, b)
            answers.add(want)
    assert answers == {True, False}


def test_a_line_walked_once_answers_for_its_own_map_only():
    # 'no sight-blocking square strictly between' (docs/rules.md#missile-fire): each map keeps
    # the lines it has walked, so the same two squares on a map with a wall between them, asked
    # twice, and on the open map, asked after it, each get their own map's answer.
    placed = [unit("a", "blue", "fighter1", (1, 1), "E"), unit("b", "red", "orc", (7, 1), "W")]
    walled = Battle(board(placed, blocks_sight={(4, 1): True}), seed=1)
    open_ = Battle(board(placed), seed=1)
    for b, clear in ((walled, False), (walled, False), (open_, True), (walled, False)):
        w = b.world
        assert line_of_sight(b.ctx, w["a"], w["b"]) is clear
    assert walled.ctx.terrain.sight_lines == {((1, 1), (7, 1)): False}
