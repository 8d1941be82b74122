"""Movement (C&T; docs/rules.md#movement)."""

import random

import pytest

from game.core import query
from game.core.battle import Battle
from game.core.commands import Illegal
from game.core.systems.movement import effective_mv, reachable, reachable_and_within
from tests.helpers import as_json, battle, board, cmd, events_of, unit


def test_diagonals_cost_one_then_two():
    """'Diagonal steps cost 1 and 2 alternately (3 points per 2 diagonals)'."""
    unencumbered = {"kind_changes": {"encumbrance": "none"}}
    b = battle(
        [unit("a", "blue", "dwarf", (0, 0), "SE", **unencumbered), unit("b", "red", "orc", (9, 9))], script=[10, 1]
    )
    costs = query.moves(b, "a").costs  # dwarf MV 6
    assert costs[(1, 1)] == 1 and costs[(2, 2)] == 3 and costs[(3, 3)] == 4 and costs[(4, 4)] == 6
    assert (5, 5) not in costs
    assert costs[(6, 0)] == 6


def test_terrain_cost_multiplies_and_walls_block():
    b = battle(
        [unit("a", "blue", "dwarf", (0, 0), "E"), unit("b", "red", "orc", (9, 9))],
        script=[10, 1],
        move_cost={(1, 0): 2, (0, 1): 0},
    )
    costs = query.moves(b, "a").costs
    assert costs[(1, 0)] == 2 and (0, 1) not in costs


def test_half_move_for_an_attack():
    b = battle([unit("a", "blue", "fighter1", (0, 0), "E"), unit("b", "red", "orc", (9, 9))], script=[10, 1])
    assert max(query.moves(b, "a", half=True).costs.values()) == 4  # MV 12 light-encumbered: 8


def test_path_beyond_the_move_is_refused_and_nothing_changes():
    b = battle([unit("a", "blue", "dwarf", (0, 0), "E"), unit("b", "red", "orc", (9, 9))], script=[10, 1])
    before = list(b.events)
    with pytest.raises(Illegal, match="costs"):
        b.apply(cmd("move", "a", path=[(x, 0) for x in range(1, 8)]))
    assert b.events == before and b.world["a"].pos == (0, 0)


def test_no_one_walks_into_a_hazard_unless_told():
    """Decision (docs/rules.md#hazards): never by its own choice unless the command says so."""
    b = battle(
        [unit("a", "blue", "fighter1", (0, 0), "E"), unit("b", "red", "orc", (9, 9))],
        script=[10, 1, 3, 4],
        hazard={(1, 0): "pit"},
    )
    assert (1, 0) not in query.moves(b, "a").costs
    with pytest.raises(Illegal):
        b.apply(cmd("move", "a", path=[(1, 0)]))
    evs = as_json(b.apply(cmd("move", "a", path=[(1, 0)], into_hazard=True)))
    pit = next(e for e in evs if e["type"] == "hazard")
    assert pit["hazard"] == "pit" and pit["roll"]["rolls"] == [3, 4]
    assert b.world["a"].prone and b.world["a"].hp == b.world["a"].hp_max - 7


def test_encumbrance_and_fatigue_cut_movement():
    """Fatigued: 'encumbered one category more'; light MV -1/3, moderate -1/2."""
    b = battle([unit("a", "blue", "fighter1", (0, 0), "E"), unit("b", "red", "orc", (9, 9))], script=[10, 1])
    assert b.world["a"].kind.encumbrance == "light"
    assert effective_mv(b.world["a"]) == 8
    b.world.update("a", fatigue_state=1)
    assert effective_mv(b.world["a"]) == 6
    b.world.update("a", fatigue_state=2)
    assert effective_mv(b.world["a"]) == 4


def test_passing_through_an_ally_keeps_both_in_their_own_squares():
    """Decision: allies may be passed through but not stopped on (one creature a square)."""
    units = [
        unit("a", "blue", "fighter1", (0, 0), "E"),
        unit("b", "blue", "fighter1", (1, 0), "E"),
        unit("o", "red", "orc", (9, 9)),
    ]
    b = battle(units, script=[10, 5, 1])
    b.apply(cmd("move", "a", path=[(1, 0), (2, 0)]))
    assert b.world.at((1, 0)) == "b" and b.world.at((2, 0)) == "a" and b.world.at((0, 0)) is None
    with pytest.raises(Illegal, match="occupied"):
        b.apply(cmd("move", "b", path=[(2, 0)]))


def test_knocked_down_on_an_ally_falls_back_to_a_free_square():
    units = [
        unit("a", "blue", "fighter1", (0, 1), "E"),
        unit("b", "blue", "fighter1", (1, 1), "E"),
        unit("o", "red", "orc", (2, 0), "S"),
    ]
    # a moves through b's square, leaving it provokes the orc: hit, 1 damage, knockdown 8, save 1.
    b = battle(units, script=[10, 5, 1, 20, 1, 8, 1])
    evs = as_json(b.apply(cmd("move", "a", path=[(1, 1), (1, 2)])))
    assert events_of(evs, "knockdown") and b.world["a"].prone
    assert b.world["a"].pos == (0, 1) and b.world.at((1, 1)) == "b"
    assert events_of(evs, "move")[-1]["reason"] == "fell_back"


def test_falling_back_retraces_the_path_one_square_a_step():
    """docs/rules.md#movement: a move cut short on an ally's square 'falls back to the last free
    square'; like every path in the log, the fell_back path moves one square a step."""
    units = [
        unit("a", "blue", "fighter1", (0, 1), "E"),
        unit("b", "blue", "fighter1", (1, 1), "E"),
        unit("c", "blue", "fighter1", (2, 1), "E"),
        unit("o", "red", "orc", (3, 0), "S"),
    ]
    # a walks through b and c; leaving c's square provokes the orc: hit, 1 damage, knockdown 8, save 1.
    b = battle(units, script=[10, 5, 5, 1, 20, 1, 8, 1])
    evs = as_json(b.apply(cmd("move", "a", path=[(1, 1), (2, 1), (3, 1)])))
    assert events_of(evs, "knockdown")
    back = events_of(evs, "move")[-1]
    assert back["reason"] == "fell_back" and back["path"] == [[2, 1], [1, 1], [0, 1]]
    assert b.world["a"].pos == (0, 1)


def test_the_half_move_read_off_a_full_search_breaks_ties_as_its_own_search():
    # C&T movement (diagonals cost 1 and 2 in turn, rough ground multiplies): a square's two
    # diagonal parities can tie on cost, and the half search keeps the one it found first. On
    # rough ground the full search finds some states first at a cost over the half move, so its
    # own order would pick the other parity (and another path) on such boards; the AI asks for
    # both moves from one search, which must answer as two would.
    rnd = random.Random(1)
    for _ in range(60):
        costs = {(x, y): rnd.choice([2, 3, 4]) for x in range(9) for y in range(9) if rnd.random() < 0.35}
        costs.pop((4, 4), None)
        placed = [unit("a1", "a", "fighter1", (4, 4), "N"), unit("b1", "b", "orc", (8, 8), "N")]
        b = Battle(board(placed, width=9, height=9, move_cost=costs), seed=1)
        u = b.world["a1"]
        budget = rnd.randint(4, 12)
        inner = rnd.randint(2, budget)
        full, half = reachable_and_within(b.ctx, u, budget, inner)
        for got, alone in ((full, reachable(b.ctx, u, budget)), (half, reachable(b.ctx, u, inner))):
            assert got.costs == alone.costs
            assert {p: got.path(p) for p in got.costs} == {p: alone.path(p) for p in alone.costs}


def test_the_last_point_of_a_move_buys_only_a_step_costing_one():
    # 'the terrain's move_cost multiplies the step' (docs/rules.md#movement): with one point
    # left, a creature steps onto open ground but not onto rough (2) nor takes a second
    # diagonal (2). The search reads the last point's steps from a table of the cheap ones,
    # which must be the full table's steps costing 1, in its order.
    b = battle(
        [unit("a", "blue", "dwarf", (0, 0), "E"), unit("b", "red", "orc", (9, 9))],
        script=[10, 1],
        move_cost={(2, 0): 2},
    )
    u = b.world["a"]
    costs = reachable(b.ctx, u, 2).costs
    assert costs[(1, 0)] == 1 and costs[(1, 1)] == 1 and costs[(0, 2)] == 2
    assert (2, 0) not in costs  # 1 + 2 > 2
    assert (2, 2) not in costs  # the second diagonal costs 2: 1 + 2 > 2
    assert costs[(2, 1)] == 2  # a diagonal then a straight step
    t = b.ctx.terrain
    for state in range(2 * t.width * t.height):
        whole = t.state_steps[state] or t.state_steps_from(state)
        assert t.cheap_steps_from(state) == tuple(s for s in whole if s[1] == 1)
