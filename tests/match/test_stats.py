"""A match's numbers (issue 36): the score of pairs, the Elo difference it means with its 95%
interval, and the GSPRT over pair outcomes, each from a concrete case worked by hand."""

from __future__ import annotations

import math

import pytest

from game.match.stats import PairCounts, elo_of, expected_score, sprt_bounds, sprt_verdict


def test_a_64_percent_score_is_100_elo_and_back():
    assert expected_score(100) == pytest.approx(0.6401, abs=1e-4)
    assert elo_of(0.6401) == pytest.approx(100, abs=0.1)
    assert elo_of(0.5) == 0


def test_pairs_add_up_to_a_score_and_a_pentanomial():
    c = PairCounts.of([2, 1.5, 1, 1, 0.5, 0])
    assert c.counts == [1, 1, 2, 1, 1]
    assert (c.pairs, c.points, c.score) == (6, 6.0, 0.5)
    elo, low, high = c.elo()
    assert elo == 0 and low < -50 and high > 50  # six even pairs say little


def test_the_interval_narrows_as_pairs_come_and_holds_the_difference():
    few = PairCounts.of([2, 1, 1.5, 1] * 5)
    many = PairCounts.of([2, 1, 1.5, 1] * 50)
    assert few.score == many.score == 0.6875
    e, lo, hi = many.elo()
    assert e == pytest.approx(elo_of(0.6875))
    assert lo < e < hi and hi - lo < few.elo()[2] - few.elo()[1]
    # by hand: pair scores 1, .5, .75, .5 -> mean .6875, variance .0430; half width 1.96 * sqrt(.0430 / 200)
    half = 1.959964 * math.sqrt(0.04296875 / 200)
    assert (lo, hi) == (pytest.approx(elo_of(0.6875 - half), abs=0.5), pytest.approx(elo_of(0.6875 + half), abs=0.5))


def test_the_sprt_accepts_h1_for_a_clearly_stronger_level_and_h0_for_an_equal_one():
    low, high = sprt_bounds()
    assert (low, high) == (pytest.approx(-2.944, abs=1e-3), pytest.approx(2.944, abs=1e-3))
    stronger = PairCounts.of([2, 1.5, 2, 1, 1.5] * 8)  # 80%: far above +100
    assert stronger.llr(0, 100) > high and sprt_verdict(stronger, 0, 100) == "H1"
    even = PairCounts.of([2, 0, 1, 1] * 30)
    assert even.llr(0, 100) < low and sprt_verdict(even, 0, 100) == "H0"
    unsure = PairCounts.of([2, 0, 1.5])
    assert sprt_verdict(unsure, 0, 100) is None


def test_a_first_pair_split_1_1_decides_nothing():
    # Most pairs of two close levels split 1-1; one of them alone once read as a variance of
    # nearly 0 and stopped `--sprt 0 100` at H0 after a single pair.
    one = PairCounts.of([1])
    assert -1 < one.llr(0, 100) < 0 and sprt_verdict(one, 0, 100) is None
    assert sprt_verdict(PairCounts.of([1, 1, 1]), 0, 100) is None
