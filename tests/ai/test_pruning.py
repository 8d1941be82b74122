"""The normal AI prunes move squares by an upper bound (issue: an AI worth playing against,
'no single decision takes more than 50 ms'): the bound must hold for every square, and pruning
must never change the choice, nor the top candidates --explain lists."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import ai
from game.ai import hard, move_search, normal
from game.ai.measures import caution
from game.ai.tactics import View
from game.core import query
from game.core.battle import RETREAT, Battle
from game.core.rules.geometry import footprint_distance
from game.core.systems.movement import half_move
from game.core.world import STEADY
from game.scenario.tiled import load_scenario

pytestmark = pytest.mark.slow

MAPS = Path(__file__).resolve().parents[2] / "maps"
SCALE = int(os.environ.get("ROUT_PROPERTY_SCALE", "1"))
SCENARIOS = {name: load_scenario(MAPS / f"{name}.tmx") for name in ("skirmish", "melee3", "duel")}
EVERYTHING = 10**9  # a keep no candidate list reaches: nothing is pruned
POSITIONS = {"name": st.sampled_from(sorted(SCENARIOS)), "seed": st.integers(1, 10_000), "steps": st.integers(0, 80)}


def examples(n: int):
    return settings(max_examples=n * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def position(name: str, seed: int, steps: int) -> Battle | None:
    """A battle some decisions in, played by the random AI for varied positions, stopped at a
    steady creature's activation."""
    b = Battle(SCENARIOS[name], seed=seed)
    for _ in range(steps):
        if b.over:
            return None
        b.apply(ai.decide(b, "random"))
    while not b.over:
        p = b.pending()
        if p.kind != RETREAT and b.world[p.unit].morale == STEADY:
            return b
        b.apply(ai.decide(b, "random"))
    return None


def described(cands):
    return [(round(c.score, 9), normal.label(c.cmd)) for c in cands]


@examples(25)
@given(**POSITIONS, keep=st.sampled_from([1, 3, 5]))
def test_pruning_keeps_the_best_candidates(name, seed, steps, keep):
    b = position(name, seed, steps)
    if b is None:
        return
    u = b.world[b.pending().unit]
    full = normal.activation_candidates(b, u, keep=EVERYTHING)
    pruned = normal.activation_candidates(b, u, keep=keep)
    assert set(described(pruned)) <= set(described(full))
    assert normal.best(pruned).cmd == normal.best(full).cmd
    assert described(normal.ranked(pruned)[:keep]) == described(normal.ranked(full)[:keep])


@examples(15)
@given(**POSITIONS)
def test_no_square_scores_above_its_bound(name, seed, steps):
    b = position(name, seed, steps)
    if b is None:
        return
    u = b.world[b.pending().unit]
    view = View.build(b, u)
    if not view.enemies:
        return
    c, ranged = caution(u), u.kind.missile is not None
    reach = query.moves(b, u.id)
    for p in reach.costs:
        score, _ = move_search.score_position(view, p, reach.path(p), c, ranged)
        assert score <= move_search.upper_bound(view, p, c, ranged) + 1e-9, p


@examples(15)
@given(**POSITIONS)
def test_the_move_queue_holds_each_squares_bound_in_order(name, seed, steps):
    # The shortlist's bounds are worked out in numpy over the whole reach; each must be the very
    # float _upper_bound gives its square (less 0.0005 a point of the move), in (bound, square)
    # order, or the branch and bound would stop at another square than it used to.
    b = position(name, seed, steps)
    if b is None:
        return
    u = b.world[b.pending().unit]
    view = View.build(b, u)
    if not view.enemies:
        return
    c, ranged = caution(u), u.kind.missile is not None
    reach = query.moves(b, u.id)
    queue = move_search.MoveSearch(view, reach, c, ranged, []).queue
    assert queue == sorted(queue)
    for key, p in queue:
        assert key == -move_search.upper_bound(view, p, c, ranged) + 0.0005 * reach.costs[p], p


@examples(15)
@given(**POSITIONS)
def test_the_facing_chosen_is_the_least_exposed(name, seed, steps):
    # best_facing stops early when its first facing reaches the floor no facing can go under.
    b = position(name, seed, steps)
    if b is None:
        return
    u = b.world[b.pending().unit]
    view = View.build(b, u)
    for p in sorted(query.moves(b, u.id).costs)[:40]:
        f, ex = view.best_facing(p)
        every = [view.exposure(p, g) for g in range(8)]
        assert ex <= min(every) + 1e-9
        assert ex == 0.0 or every[f] == ex
        assert view._exposure(p, None, None) <= min(every)


def unpruned_hard(b: Battle):
    """hard.decide as it was before any pruning: the look-ahead on the full top three."""
    u = b.world[b.pending().unit]
    view = View.build(b, u)
    order = normal.ranked(normal.activation_candidates(b, u, view, keep=EVERYTHING))
    near = any(footprint_distance(u.pos, u.n, e.pos, e.n) <= half_move(u) + half_move(e) + 3 for e in view.threats)
    if len(order) <= 1 or not near:
        return order[0].cmd
    top = order[: hard.TOP_K]
    return normal.best([normal.Candidate(hard.lookahead(b, x, caution(u), view.boldness), x.cmd, "") for x in top]).cmd


@examples(20)
@given(**POSITIONS)
def test_hard_looks_ahead_only_where_it_can_change_the_choice(name, seed, steps):
    # The look-ahead only lowers scores: hard plays out the best first, then only the
    # runners-up that could still beat it, finds only those among the moves, and weighs a
    # runner-up's blows only until it has lost to a score already kept.
    b = position(name, seed, steps)
    if b is None:
        return
    assert hard.decide(b) == unpruned_hard(b)
