"""The squares a creature has just left are kept in the battle's state (systems/trail.py), so a
copy of the battle remembers them: a fleeing creature shuns them (game/ai/flight.py)."""

from __future__ import annotations

from game.core import query
from tests.helpers import battle, cmd, events_of, run_round, unit


def test_a_creature_remembers_the_squares_it_left_this_round_and_the_two_before():
    b = battle([unit("a", "blue", "fighter1", (0, 0), "E"), unit("o", "red", "orc", (9, 9))])
    run_round(b, a=cmd("move", "a", path=[(1, 0), (2, 0), (3, 0)]))
    assert query.recently_left(b, "a") == {(0, 0), (1, 0), (2, 0)}
    assert query.recently_left(b.copy(), "a") == {(0, 0), (1, 0), (2, 0)}
    # Stepping back onto a square just left: the square it stands on is not one it has left.
    run_round(b, a=cmd("move", "a", path=[(2, 0)]))
    assert query.recently_left(b, "a") == {(0, 0), (1, 0), (3, 0)}
    run_round(b)
    assert b.round == 4  # round 1's steps are now three rounds back: forgotten
    assert query.recently_left(b, "a") == {(3, 0)}
    run_round(b)
    assert query.recently_left(b, "a") == set()


def test_a_creature_that_falls_back_off_an_ally_remembers_the_square_it_fell_from():
    units = [
        unit("a", "blue", "fighter1", (0, 1), "E"),
        unit("b", "blue", "fighter1", (1, 1), "E"),
        unit("o", "red", "orc", (2, 0), "S"),
    ]
    # a moves through b's square, leaving it provokes the orc: hit, 1 damage, knockdown 8, save 1.
    b = battle(units, script=[10, 5, 1, 20, 1, 8, 1])
    evs = b.apply(cmd("move", "a", path=[(1, 1), (1, 2)]))
    assert events_of(evs, "move")[-1]["reason"] == "fell_back" and b.world["a"].pos == (0, 1)
    assert query.recently_left(b, "a") == {(1, 1)}
    assert query.recently_left(b, "b") == set()
