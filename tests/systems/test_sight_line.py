"""Line of sight (docs/rules.md#missile-fire): no sight-blocking square strictly between the
shooter's and the target's nearest squares, on a Bresenham line."""

import random

from game.rules.geometry import squares_between
from game.systems.actions import _clear_line


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
