"""Facing and arcs (C&T; docs/rules.md#arcs-front-flank-and-rear)."""

from typing import NamedTuple

from hypothesis import given
from hypothesis import strategies as st

from game.core.rules.geometry import FACINGS, arc_of, facing_toward, footprint_distance, retreat_vectors, ring, within


def arcs_around(pos, n, facing):
    out = {"front": set(), "flank": set(), "rear": set()}
    for sq in ring(pos, n):
        out[arc_of(sq, pos, n, FACINGS.index(facing))].add(sq)
    return out


def test_one_square_creature_has_three_front_two_flank_three_rear_squares():
    arcs = arcs_around((5, 5), 1, "N")
    assert arcs["front"] == {(4, 4), (5, 4), (6, 4)}
    assert arcs["flank"] == {(4, 5), (6, 5)}
    assert arcs["rear"] == {(4, 6), (5, 6), (6, 6)}


def test_diagonal_facing_turns_the_arcs_by_45_degrees():
    arcs = arcs_around((5, 5), 1, "NE")
    assert arcs["front"] == {(5, 4), (6, 4), (6, 5)}
    assert arcs["flank"] == {(4, 4), (6, 6)}
    assert arcs["rear"] == {(4, 5), (4, 6), (5, 6)}


def test_large_footprint_arcs_by_angle_from_centre():
    """Decision: a 2x2 footprint's arcs by angle from its centre (front <= 67.5 degrees)."""
    arcs = arcs_around((5, 5), 2, "E")
    assert (7, 5) in arcs["front"] and (7, 6) in arcs["front"] and (7, 4) in arcs["front"]
    assert (5, 4) in arcs["flank"] and (6, 7) in arcs["flank"]
    assert (4, 5) in arcs["rear"] and (4, 6) in arcs["rear"]
    assert len(arcs["front"]) + len(arcs["flank"]) + len(arcs["rear"]) == 12


def test_retreat_vectors_are_the_rear_then_flank_spaces():
    rear, flank = retreat_vectors(FACINGS.index("W"))
    assert set(rear) == {(1, 0), (1, -1), (1, 1)}
    assert set(flank) == {(0, -1), (0, 1)}


def test_facing_toward_points_at_the_target():
    assert FACINGS[facing_toward((0, 0), 1, (3, 0))] == "E"
    assert FACINGS[facing_toward((0, 0), 1, (3, 3))] == "SE"
    assert FACINGS[facing_toward((5, 5), 2, (5, 2))] == "N"


class _At(NamedTuple):
    pos: tuple[int, int]
    n: int


_placed = st.builds(_At, st.tuples(st.integers(-4, 12), st.integers(-4, 12)), st.sampled_from([1, 2, 3]))


@given(here=_placed, others=st.lists(_placed, max_size=12), radius=st.integers(-2, 8))
def test_within_keeps_exactly_those_at_most_radius_away(here, others, radius):
    # Footprints (docs/rules.md#footprints): a creature 'within' r squares of another is one whose
    # gap, as footprint_distance counts it (1: adjacent, 0: overlapping), is at most r.
    want = [o for o in others if footprint_distance(here.pos, here.n, o.pos, o.n) <= radius]
    assert within(here.pos, here.n, others, radius) == want


def test_within_counts_the_gap_between_footprints_not_their_corners():
    giant = _At((0, 0), 3)  # covers (0..2, 0..2)
    near, far = _At((4, 1), 1), _At((5, 1), 1)  # gaps 2 and 3 from the giant's right edge
    assert within(giant.pos, giant.n, [near, far], 2) == [near]
    assert within(far.pos, far.n, [giant], 3) == [giant] and within(far.pos, far.n, [giant], 2) == []
