"""Undo and redo, headless (game/history/undo.py): a command may be taken back while no die has been
rolled since it was given; redo gives it again with the same events; the reason for a refusal
names the roll."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.battle import Battle
from game.core.commands import Command, Illegal
from game.core.rules.geometry import FACINGS
from game.history.undo import CannotUndo, History
from tests.helpers import as_json, board, unit

HUMANS = {"blue": "human", "red": "human"}


def state(b: Battle) -> str:
    """A stable serialisation of everything a command can change."""
    units = {
        u.id: [u.pos, u.facing, u.hp, u.prone, u.morale, u.life, u.fatigue_points, u.fatigue_state]
        for u in b.world.units.values()
    }
    rs = b.ctx.rs
    return json.dumps(
        {
            "units": units,
            "round": b.round,
            "state": b.state,
            "step": b.step_i,
            "acted": sorted(rs.acted),
            "phase": rs.phase,
            "rng": [b.ctx.rng.state, b.ctx.rng.draws],
            "events": len(b.events),
            "pending": [b.pending().kind, b.pending().unit, b.pending().units],
        },
        sort_keys=True,
    )


def far_apart(seed: int = 3, controllers: dict[str, str] | None = None) -> Battle:
    sc = board(
        [
            unit("a", "blue", "fighter1", (1, 1), "E"),
            unit("b", "blue", "fighter1", (1, 8), "E"),
            unit("x", "red", "orc", (18, 1), "W"),
            unit("y", "red", "orc", (18, 8), "W"),
        ],
        width=20,
        height=10,
    )
    return Battle(sc, seed=seed, controllers=controllers or HUMANS)


def move_east(b: Battle, steps: int = 2) -> Command:
    u = b.world[b.pending().unit]
    path = tuple((u.pos[0] + i, u.pos[1]) for i in range(steps + 1))
    return Command("move", u.id, path=path, facing=FACINGS.index("E"))


def test_undo_puts_the_unit_back_with_its_facing_and_the_same_unit_to_act():
    b = far_apart()
    h = History()
    before, who, side = state(b), b.pending().unit, b.pending().side
    h.apply(b, move_east(b))
    assert state(b) != before
    b, taken = h.undo(b, side)
    assert state(b) == before and b.pending().unit == who
    assert [e["type"] for e in as_json(taken)] == ["move"]


def test_redo_gives_the_same_events_byte_for_byte():
    b = far_apart()
    h = History()
    side = b.pending().side
    first = as_json(h.apply(b, move_east(b)))
    log = as_json(b.events)
    b, _ = h.undo(b, side)
    assert as_json(h.redo(b, side)) == first
    assert as_json(b.events) == log


def test_undo_goes_back_several_commands_while_no_die_is_rolled():
    b = far_apart()
    h = History()
    states = []
    for _ in range(3):  # three of the four activations of round 1: no round ends, nothing rolls
        states.append(state(b))
        h.apply(b, Command("hold", b.pending().unit) if b.pending().side == "red" else move_east(b))
    for expected in reversed(states):
        b, _ = h.undo(b, h.done[-1].side)  # hot-seat: the side that gave it takes it back
        assert state(b) == expected


def test_a_new_command_clears_the_redo_stack():
    b = far_apart()
    h = History()
    side = b.pending().side
    h.apply(b, move_east(b))
    b, _ = h.undo(b, side)
    h.apply(b, Command("hold", b.pending().unit))
    assert h.why_not_redo(b.pending().side) == "nothing to redo"
    with pytest.raises(CannotUndo):
        h.redo(b, b.pending().side)


def test_the_end_of_the_round_rolls_initiative_and_then_nothing_before_it_is_undone():
    b = far_apart()
    h = History()
    while b.round == 1:
        h.apply(b, Command("hold", b.pending().unit))
    assert h.why_not_undo(b, b.pending().side) == "initiative for round 2 was rolled"


def test_an_attack_of_opportunity_is_named():
    # 'Leaving a threatened square provokes an attack of opportunity' (docs/rules.md).
    sc = board([unit("a", "blue", "fighter1", (4, 4), "E"), unit("z", "red", "orc", (5, 4), "W")])
    b = Battle(sc, seed=1, controllers=HUMANS)
    h = History({"z": "the orc"})
    while b.pending().side != "blue":
        h.apply(b, Command("hold", b.pending().unit))
    h.apply(b, Command("move", "a", path=((4, 4), (3, 4), (2, 4)), facing=FACINGS.index("E")))
    assert any(e["purpose"] == "attack_of_opportunity" for e in as_json(b.events) if e["type"] == "attack")
    assert h.why_not_undo(b, "blue") == "the orc's attack of opportunity was rolled"
    with pytest.raises(CannotUndo, match="attack of opportunity"):
        h.undo(b, "blue")


def test_an_attack_cannot_be_undone():
    sc = board([unit("a", "blue", "fighter1", (4, 4), "E"), unit("z", "red", "orc", (5, 4), "W")])
    b = Battle(sc, seed=2, controllers={"blue": "human", "red": "ai"})
    h = History({"a": "Fighter"})
    while b.pending().side != "blue":
        h.record_ai(Command("hold", b.pending().unit), "red", len(b.events), b.draws)
        b.apply(Command("hold", b.pending().unit))
    h.apply(b, Command("attack", "a", target="z"))
    assert h.why_not_undo(b, "blue") == "Fighter's attack was rolled"


def test_an_ai_command_in_between_blocks_undo():
    b = far_apart(controllers={"blue": "human", "red": "ai"})
    h = History({"x": "Orc x", "y": "Orc y"})
    # Play until a human command is followed by an AI command in the same round.
    while True:
        p = b.pending()
        if p.side == "blue":
            h.apply(b, Command("hold", p.unit))
            if b.pending().side == "red" and b.round == 1:
                break
        else:
            h.record_ai(Command("hold", p.unit), "red", len(b.events), b.draws)
            b.apply(Command("hold", p.unit))
    red = b.pending().unit
    h.record_ai(Command("hold", red), "red", len(b.events), b.draws)
    b.apply(Command("hold", red))
    assert b.round == 1  # the round goes on: the AI's hold rolled nothing
    assert h.why_not_undo(b, "blue") == f"an AI unit (Orc {red}) has acted since"


def test_in_hot_seat_a_side_undoes_only_its_own_commands():
    b = far_apart()
    h = History()
    while True:
        side = b.pending().side
        h.apply(b, Command("hold", b.pending().unit))
        if b.pending().side != side and b.round == 1:
            break
    other = b.pending().side
    assert h.why_not_undo(b, other) == f"the last command was {side}'s: only {side} may take it back"
    b2, _ = h.undo(b, side)
    assert b2.pending().side == side


def test_nothing_to_undo_at_the_start_and_a_refused_command_records_nothing():
    b = far_apart()
    h = History()
    assert h.why_not_undo(b, b.pending().side) == "nothing to undo"
    with pytest.raises(Illegal):
        h.apply(b, Command("hold", "nobody"))
    assert h.done == []


# -- property: random luck-free play, undone and redone -----------------------------------


def luck_free(b: Battle) -> list[Command]:
    """The pending unit's holds, turns and moves (up to 3 squares, facing each way) that roll no
    die: each tried on a copy of the battle. A hold is kept even when it ends the round."""
    from game.core import query  # noqa: PLC0415  # the reach is only needed here

    uid = b.pending().unit
    u = b.world[uid]
    cmds = [Command("hold", uid)]
    cmds += [Command("turn", uid, facing=f) for f in range(len(FACINGS)) if f != u.facing]
    reach = query.moves(b, uid)
    for sq in sorted(reach.costs):
        if sq != u.pos and max(abs(sq[0] - u.pos[0]), abs(sq[1] - u.pos[1])) <= 3:
            path = tuple(reach.path(sq))
            cmds += [Command("move", uid, path=path, facing=f) for f in (0, 2, 4, 6)]
    out = [cmds[0]]
    for c in cmds[1:]:
        trial = b.copy()
        try:
            trial.apply(c)
        except Illegal:
            continue
        if trial.draws == b.draws:
            out.append(c)
    return out


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.lists(st.integers(0, 10_000), min_size=1, max_size=10))
def test_undo_restores_the_state_exactly_and_redo_gives_the_same_log(seed, choices):
    b = far_apart(seed)
    h = History()
    states, logs, draws = [], [], []
    for c in choices:
        if b.over:
            break
        options = luck_free(b)
        states.append(state(b))
        draws.append(b.draws)
        h.apply(b, options[c % len(options)])
        logs.append(as_json(b.events))
    final_log = as_json(b.events)
    # The commands given since the last roll are undoable, newest first; the one before is not.
    undoable = 0
    for i in reversed(range(len(states))):
        if draws[i] != b.draws:
            break
        undoable += 1
    for i in range(len(states) - 1, len(states) - 1 - undoable, -1):
        b, _ = h.undo(b, h.done[-1].side)
        assert state(b) == states[i]
    if undoable < len(states):
        assert "was rolled" in (h.why_not_undo(b, h.done[-1].side) or "")
    for i in range(len(states) - undoable, len(states)):
        h.redo(b, h.undone[-1][1])
        assert as_json(b.events) == logs[i]
    assert as_json(b.events) == final_log
