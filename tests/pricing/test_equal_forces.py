"""The pricing check plays armies of equal points (issue 20: "an army of any single kind at a
budget wins 35-65% of its games against the reference army at the same budget"): whole creatures
rarely divide the budget, so the check chooses the reference force whose points the kind's army
can match."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.pricing.equal import TOLERANCE, equal_forces
from game.pricing.price import BUDGET, REFERENCE_POINTS


def _gap(points: float, count: int, refs: int) -> float:
    return abs(count * points - refs * REFERENCE_POINTS) / (refs * REFERENCE_POINTS)


def test_a_kind_that_divides_the_budget_plays_at_the_budget() -> None:
    assert equal_forces(10.0, BUDGET, REFERENCE_POINTS) == (6, 6)
    assert equal_forces(20.0, BUDGET, REFERENCE_POINTS) == (3, 6)


def test_bugbears_at_14_play_70_points_against_seven_fighters_not_56_against_60() -> None:
    # 60 points buy 4 bugbears (56) or 5 (70): neither is six fighters' budget.
    assert equal_forces(14.0, BUDGET, REFERENCE_POINTS) == (5, 7)


def test_a_creature_dearer_than_every_nearby_force_plays_alone_against_its_points() -> None:
    assert equal_forces(279.5, BUDGET, REFERENCE_POINTS) == (1, 28)


@given(st.floats(min_value=1.0, max_value=90.0, allow_nan=False))
def test_the_pairing_is_never_further_from_equal_points_than_the_budgets_own(points: float) -> None:
    count, refs = equal_forces(points, BUDGET, REFERENCE_POINTS)
    at_budget = round(BUDGET / REFERENCE_POINTS)
    naive = max(1, round(BUDGET / points))
    assert abs(refs - at_budget) <= 3
    assert _gap(points, count, refs) <= _gap(points, naive, at_budget) + 1e-9
    if _gap(points, count, refs) > TOLERANCE:
        # only when no force within three creatures of the budget's does better
        for r in range(at_budget - 3, at_budget + 4):
            k = max(1, round(r * REFERENCE_POINTS / points))
            assert _gap(points, k, r) >= _gap(points, count, refs) - 1e-9
