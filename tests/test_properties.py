"""Property tests: random boards, random legal play, invariants after every command.

Boards are built in plain sight with tests/helpers.py; the battle gets a real seed.
Commands are chosen uniformly from game.ai.legal.legal_commands, so every command
played is one the battle itself said was legal.
"""

from __future__ import annotations

import contextlib
import json
import os

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.ai.legal import legal_commands
from game.core.battle import RETREAT, Battle
from game.core.commands import Command, Illegal
from game.core.rules.geometry import FACINGS, footprint
from game.core.systems.movement import (
    _reachable_any,
    _reachable_one_square,
    in_pit,
    path_cost,
    reachable,
    reachable_and_within,
)
from game.core.terrain import Zone
from game.core.world import FLEEING
from game.scenario import catalogue
from tests.contract import Contract, check_world
from tests.helpers import as_json, board, unit

pytestmark = pytest.mark.slow

KINDS = sorted(catalogue.load())
SMALL_KINDS = [k for k in KINDS if catalogue.load()[k].squares == 1]
BIG_KINDS = [k for k in KINDS if catalogue.load()[k].squares > 1]
SIDES = ("blue", "red", "green")
MAX_DECISIONS = 150

# ROUT_PROPERTY_SCALE=10 pytest tests/test_properties.py  for a deeper run (about ten times longer).
SCALE = int(os.environ.get("ROUT_PROPERTY_SCALE", "1"))
SETTINGS = settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- regressions: engine bugs random play once found ------------------------------------
# Each repro returns a description of what went wrong, or None when the engine is right.


def _blue_to_act(b: Battle) -> str:
    """Hold with red until a blue unit is pending; return it."""
    while b.pending().side != "blue":
        b.apply(Command("hold", b.pending().unit))
    return b.pending().unit


def repro_ally_pass_occupancy() -> str | None:
    """Walking through an ally's square drops the ally from World.occupancy."""
    b = Battle(
        board(
            [
                unit("a", "blue", "fighter1", (2, 5)),
                unit("b", "blue", "fighter1", (3, 5)),
                unit("z", "red", "orc", (9, 0)),
            ],
            options={"initiative": "group"},
        ),
        seed=1,
    )
    mover = _blue_to_act(b)
    other = "b" if mover == "a" else "a"
    start, through = b.world[mover].pos, b.world[other].pos
    beyond = (2 * through[0] - start[0], through[1])
    b.apply(Command("move", mover, path=(start, through, beyond)))
    if b.world.at(through) != other:
        return f"{other} stands on {through} but world.at({through}) is {b.world.at(through)!r}"
    return None


def repro_prone_fleeing_rest() -> str | None:
    """legal_commands offers 'rest' to a prone fleeing unit; Battle.apply refuses it."""
    b = Battle(board([unit("a", "blue", "orc", (2, 5)), unit("z", "red", "orc", (9, 0))]), seed=1)
    uid = _blue_to_act(b)
    b.world.update(uid, prone=True, morale=FLEEING)
    rest = Command("rest", uid)
    if rest not in legal_commands(b):
        return None
    try:
        b.apply(rest)
    except Illegal as e:
        return f"offered as legal, refused with: {e}"
    return None


def repro_stand_up_refused_changes_state() -> str | None:
    """A refused stand_up (ally as target, or a path into a wall) still stands the unit up."""
    b = Battle(
        board(
            [
                unit("a", "blue", "fighter1", (0, 5)),
                unit("b", "blue", "fighter1", (1, 5)),
                unit("z", "red", "orc", (9, 0)),
            ],
            options={"initiative": "group"},
        ),
        seed=1,
    )
    uid = _blue_to_act(b)
    b.world.update(uid, prone=True)
    before = json.dumps(as_json(b.events)), dict(b.world.units), b.ctx.rng.state
    with contextlib.suppress(Illegal):
        b.apply(Command("stand_up", uid, target="b" if uid == "a" else "a"))
    if (json.dumps(as_json(b.events)), dict(b.world.units), b.ctx.rng.state) != before:
        return f"refused stand_up logged {b.events[-1]} and left {uid} prone={b.world[uid].prone}"
    return None


def test_walking_through_an_ally_keeps_it_on_its_square():
    assert repro_ally_pass_occupancy() is None


def test_every_offered_command_for_a_prone_fleeing_unit_is_accepted():
    assert repro_prone_fleeing_rest() is None


def test_a_refused_stand_up_changes_nothing():
    assert repro_stand_up_refused_changes_state() is None


# -- strategies --------------------------------------------------------------------------


@st.composite
def scenarios(draw):
    """A random board: walls, hazards, elevation, wading ground, 2-3 sides of random units."""
    w = draw(st.integers(6, 14))
    h = draw(st.integers(6, 14))
    squares = [(x, y) for y in range(h) for x in range(w)]
    sq = st.sampled_from(squares)
    walls = draw(st.sets(sq, max_size=w * h // 8))
    hazards = draw(st.dictionaries(sq, st.sampled_from(["pit", "fire", "cliff"]), max_size=w * h // 12))
    hazards = {p: v for p, v in hazards.items() if p not in walls}
    elevation = draw(st.dictionaries(sq, st.integers(1, 3), max_size=w * h // 5))
    wading = draw(st.sets(sq, max_size=w * h // 6))
    zones: tuple[Zone, ...] = ()
    if draw(st.booleans()):
        edge = draw(st.sampled_from(["left", "right", "top", "bottom"]))
        zones = (
            {
                "left": Zone("exit", 0, 0, 1, h),
                "right": Zone("exit", w - 1, 0, 1, h),
                "top": Zone("exit", 0, 0, w, 1),
                "bottom": Zone("exit", 0, h - 1, w, 1),
            }[edge],
        )

    n_sides = draw(st.integers(2, 3))
    occupied: set[tuple[int, int]] = set()
    free = [p for p in squares if p not in walls and p not in hazards]
    placements = []
    for s in SIDES[:n_sides]:
        for i in range(draw(st.integers(1, 6))):
            key = draw(st.sampled_from(BIG_KINDS) if draw(st.integers(0, 9)) == 0 else st.sampled_from(SMALL_KINDS))
            n = catalogue.load()[key].squares
            spots = [
                p
                for p in free
                if all(q in free and q not in occupied and q[0] < w and q[1] < h for q in footprint(p, n))
            ]
            if not spots:
                continue  # no room: skip this unit
            pos = draw(st.sampled_from(spots))
            occupied.update(footprint(pos, n))
            placements.append(unit(f"{s}{i}", s, key, pos, draw(st.sampled_from(FACINGS))))
    # Every side needs at least one unit; keep only boards where at least two sides made it.
    sides = {p.side for p in placements}
    if len(sides) < 2:
        assume(False)
    options = {
        "initiative": draw(st.sampled_from(["individual", "group"])),
        "morale_system": draw(st.sampled_from(["adnd2e", "ose"])),
        "knockdown_dice": draw(st.booleans()),
    }
    return board(
        placements,
        width=w,
        height=h,
        options=options,
        zones=zones,
        move_cost={p: 0 for p in walls},
        hazard=hazards,
        elevation=elevation,
        footing={p: "wading" for p in wading},
    )


# -- invariants: tests/contract.py ----------------------------------------------------


def play(b: Battle, choose, max_decisions: int = MAX_DECISIONS) -> list[int]:
    """Play random legal commands, checking invariants after each; return the choices made."""
    contract = Contract()
    for e in b.events:
        contract.event(e)
    check_world(b)
    choices = []
    for _ in range(max_decisions):
        if b.over:
            break
        options = legal_commands(b)
        assert options, f"no legal command for {b.pending()}"
        i = choose(len(options))
        choices.append(i)
        new = b.apply(options[i])
        for e in new:
            contract.event(e)
        check_world(b)
    return choices


def log_text(b: Battle) -> str:
    return "\n".join(json.dumps(e.to_json()) for e in b.events)


# -- properties --------------------------------------------------------------------------


@SETTINGS
@given(scn=scenarios(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_play_keeps_invariants(scn, seed, data):
    b = Battle(scn, seed=seed)
    play(b, lambda n: data.draw(st.integers(0, n - 1), label="command"))
    if b.over:
        assert as_json(b.events)[-1]["type"] == "battle_end"


@settings(max_examples=15 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scn=scenarios(), seed=st.integers(0, 2**32 - 1), pick=st.randoms(use_true_random=False))
def test_same_seed_and_commands_give_the_same_log(scn, seed, pick):
    first = Battle(scn, seed=seed)
    choices = play(first, pick.randrange, max_decisions=80)
    replay = iter(choices)
    second = Battle(scn, seed=seed)
    play(second, lambda n: next(replay), max_decisions=len(choices))
    assert log_text(first) == log_text(second)


# -- illegal commands change nothing --------------------------------------------------------


def snapshot(b: Battle):
    return (
        json.dumps(as_json(b.events)),
        dict(b.world.units),
        dict(b.world.occupancy),
        b.ctx.rng.state,
        b.pending(),
        b.round,
    )


def state(b: Battle):
    """Everything but the log text: cheaper than snapshot() for long games."""
    return (len(b.events), dict(b.world.units), dict(b.world.occupancy), b.ctx.rng.state, b.pending(), b.round)


def illegal_commands(b: Battle) -> list[Command]:
    """Commands the rules must refuse in the pending state."""
    p = b.pending()
    w = b.world
    t = b.scenario.terrain
    out: list[Command] = []
    if p.kind == RETREAT:
        out.append(Command("move", p.unit, path=((0, 0),)))
        out.append(Command("force_retreat", p.unit, target=p.unit, to=None))
        return out
    ready = set(p.units)
    me = w[p.unit]
    others = [u for u in w.living() if u.id not in ready]
    if others:
        o = others[0]
        out.append(Command("hold", o.id))
        out.append(Command("turn", o.id, facing=(o.facing + 1) % 8))
    out.append(Command("hold", "nobody-by-this-name"))
    out.append(Command("force_retreat", me.id, target=me.id, to=None))
    allies = [u for u in w.living() if u.side == me.side and u.id != me.id]
    for a in allies[:1]:
        out.append(Command("attack", me.id, target=a.id))
        out.append(Command("fire", me.id, target=a.id))
        out.append(Command("stand_up", me.id, target=a.id))
    out.append(Command("attack", me.id, target="nobody-by-this-name"))
    out.append(Command("stand_up", me.id, target="nobody-by-this-name"))
    walls = [(x, y) for y in range(t.height) for x in range(t.width) if t.cost((x, y)) == 0]
    x, y = me.pos
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        nxt = (x + dx, y + dy)
        if nxt in walls or not t.inside(nxt):
            out.append(Command("move", me.id, path=(me.pos, nxt)))
            out.append(Command("stand_up", me.id, path=(me.pos, nxt)))
            out.append(Command("withdraw", me.id, path=(me.pos, nxt)))
            break
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        nxt = (x + dx, y + dy)
        if me.n == 1 and t.inside(nxt) and t.cost(nxt) > 0 and t.hazard_at(nxt) != "none" and w.at(nxt) is None:
            out.append(Command("move", me.id, path=(me.pos, nxt)))  # into a hazard without into_hazard
            break
    out.append(Command("move", me.id, path=(me.pos, (x + 5, y))))  # not a chain of steps
    out.append(Command("move", me.id, path=(me.pos,) + tuple((x + i, y) for i in range(1, 40))))  # too far
    out.append(Command("turn", me.id))  # no facing
    return out


@SETTINGS
@given(scn=scenarios(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_illegal_commands_raise_and_change_nothing(scn, seed, data):
    b = Battle(scn, seed=seed)
    for _ in range(data.draw(st.integers(0, 40), label="warm-up")):
        if b.over:
            break
        options = legal_commands(b)
        b.apply(options[data.draw(st.integers(0, len(options) - 1))])
    if b.over:
        with pytest.raises(Illegal):
            b.apply(Command("hold", b.world.ids()[0]))
        return
    legal = {c for c in legal_commands(b)}
    for c in illegal_commands(b):
        if c in legal:
            continue
        before = snapshot(b)
        with pytest.raises(Illegal):
            b.apply(c)
        after = snapshot(b)
        assert after[0] == before[0], f"{c} was refused but wrote events"
        assert after[1] == before[1], f"{c} was refused but changed the units"
        assert after[2:] == before[2:], f"{c} was refused but changed the battle"


@settings(max_examples=10 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scn=scenarios(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_copy_plays_on_alone_and_the_same(scn, seed, data):
    """Battle.copy() (AI look-ahead): the copy gives the same events and leaves the original be."""
    b = Battle(scn, seed=seed)
    for _ in range(40):
        if b.over:
            break
        options = legal_commands(b)
        c = options[data.draw(st.integers(0, len(options) - 1), label="command")]
        before = state(b)
        look = b.copy()
        seen = look.apply(c)
        assert state(b) == before, f"playing {c} on a copy changed the original"
        assert b.apply(c) == seen
        assert state(b)[1:] == state(look)[1:]


@settings(max_examples=15 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scn=scenarios(),
    seed=st.integers(0, 2**32 - 1),
    pick=st.randoms(use_true_random=False),
    budget=st.integers(0, 30),
    allow_hazard=st.booleans(),
)
def test_the_one_square_search_agrees_with_the_general_one(scn, seed, pick, budget, allow_hazard):
    # C&T movement: the hot path for one-square creatures (a bucket queue over flat ints) must
    # find the same cheapest costs as the general search, along paths the engine accepts.
    b = Battle(scn, seed=seed)
    play(b, pick.randrange, max_decisions=pick.randrange(40))
    for u in b.world.living():
        if u.n != 1 or in_pit(b.ctx, u):
            continue
        fast = _reachable_one_square(b.ctx, u, budget, allow_hazard)
        general = _reachable_any(b.ctx, u, budget, allow_hazard)
        assert fast.costs == general.costs
        for p, cost in fast.costs.items():
            assert path_cost(b.ctx, u, fast.path(p), allow_hazard, budget) == (cost, "")


@settings(max_examples=15 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scn=scenarios(),
    seed=st.integers(0, 2**32 - 1),
    pick=st.randoms(use_true_random=False),
    budget=st.integers(0, 30),
    cut=st.integers(0, 30),
)
def test_a_half_move_read_off_the_full_search_is_the_half_search(scn, seed, pick, budget, cut):
    # C&T movement, as the AI asks it (a full move for moves and charges, a half move for
    # attacks): the half move read off the full search must be the half search's own answer,
    # its costs, its chosen parity on a tie and so its paths, or an AI decision would change.
    b = Battle(scn, seed=seed)
    play(b, pick.randrange, max_decisions=pick.randrange(40))
    inner = min(cut, budget)
    for u in b.world.living():
        full, half = reachable_and_within(b.ctx, u, budget, inner)
        for got, alone in ((full, reachable(b.ctx, u, budget)), (half, reachable(b.ctx, u, inner))):
            assert got.costs == alone.costs
            assert {p: got.path(p) for p in got.costs} == {p: alone.path(p) for p in alone.costs}
