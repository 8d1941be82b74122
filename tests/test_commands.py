"""Commands (docs/formats.md#commands): their JSON form, and 'An illegal command is refused
with a reason the player can read; the state does not change', for ill-typed commands given
through the Python API as well as through JSON."""

from __future__ import annotations

import dataclasses
import functools
import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import ai
from game.ai.legal import legal_commands
from game.core.battle import RETREAT, Battle
from game.core.commands import ACTIONS, REFUSAL_MAX, Action, Command, Illegal, from_json, validate
from game.scenario.tiled import load_scenario
from tests.helpers import battle, unit

SKIRMISH = Path(__file__).resolve().parent.parent / "maps" / "skirmish.tmx"


def snapshot(b: Battle) -> tuple:
    """Everything a command could change: world, round state, generator, log, pending decision."""
    ctx = b.ctx
    return (
        json.dumps([e.to_json() for e in ctx.events]),
        dict(ctx.world.units),
        dict(ctx.world.occupancy),
        ctx.rng.state,
        ctx.rng.draws,
        ctx.round,
        ctx.rs.copy(),
        {side: rec.copy() for side, rec in ctx.sides.items()},
        list(ctx.deferred),
        ctx.deferring,
        b.state,
        b.step_i,
        list(b.retreat_pairs),
        b.pending(),
    )


def _two_fighters() -> Battle:
    return battle([unit("a", "blue", "fighter1", (2, 5), "N"), unit("z", "red", "orc", (8, 1))], script=[10, 1])


# -- the two crashes this door closes ---------------------------------------------------------


def test_an_unknown_action_is_refused_and_changes_nothing():
    b = _two_fighters()
    before = snapshot(b)
    with pytest.raises(
        Illegal, match=r"unknown action 'hodl'; did you mean 'hold'\? \(the actions: docs/formats.md#commands\)"
    ):
        b.apply(Command("hodl", "a"))  # type: ignore[arg-type]
    assert snapshot(b) == before


def test_a_facing_out_of_range_is_refused_before_the_unit_turns():
    b = _two_fighters()
    before = snapshot(b)
    with pytest.raises(Illegal, match="facing must be one of N NE E SE S SW W NW"):
        b.apply(Command(Action.TURN, "a", facing=8))
    assert snapshot(b) == before
    assert b.world["a"].facing == 0


def test_a_known_action_given_as_a_plain_string_is_accepted():
    b = _two_fighters()
    b.apply(Command("turn", "a", facing=2))  # type: ignore[arg-type]
    assert b.world["a"].facing == 2
    assert validate(Command("hold", "a")).action is Action.HOLD  # type: ignore[arg-type]


# -- readable reasons, the same through the Python API and JSON -------------------------------


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"unit": 7}, "a command needs 'unit'"),
        ({"unit": ""}, "a command needs 'unit'"),
        ({"path": [(2, 5)]}, "'path' must be a tuple of [x, y] squares, not list"),
        ({"path": ((2, 5, 0),)}, "each square of 'path' must be [x, y] with whole numbers, not [2, 5, 0]"),
        ({"path": ([2, 5],)}, "not the list [2, 5] (a square is a tuple)"),
        ({"path": ((True, 5),)}, "each square of 'path' must be [x, y]"),
        ({"facing": True}, "facing must be one of"),
        ({"facing": 2.0}, "facing must be one of"),
        ({"target": ("z",)}, "'target' must be a unit id"),
        ({"to": [3, 3]}, "'to' must be [x, y] with whole numbers, not the list [3, 3]"),
        ({"follow": 1}, "'follow' must be true or false"),
        ({"into_hazard": None}, "'into_hazard' must be true or false"),
    ],
)
def test_an_ill_typed_field_is_refused_by_name(fields, words):
    b = _two_fighters()
    before = snapshot(b)
    with pytest.raises(Illegal) as e:
        b.apply(dataclasses.replace(Command(Action.HOLD, "a"), **fields))
    assert words in str(e.value)
    assert snapshot(b) == before


def test_something_that_is_not_a_command_is_refused():
    b = _two_fighters()
    with pytest.raises(Illegal, match="a command must be a Command, not dict"):
        b.apply({"action": "hold", "unit": "a"})  # type: ignore[arg-type]
    half_made = object.__new__(Command)
    object.__setattr__(half_made, "action", Action.HOLD)
    with pytest.raises(Illegal, match="the command has no 'unit'"):
        b.apply(half_made)


@pytest.mark.parametrize(
    "obj, words",
    [
        ([], "a command must be a JSON object, not list"),
        ({"action": "dance", "unit": "a"}, "unknown action 'dance'"),
        ({"action": "hold"}, "a command needs 'unit'"),
        ({"action": "move", "unit": "a", "path": "north"}, "'path' must be a list of [x, y] squares"),
        (
            {"action": "move", "unit": "a", "path": [[1]]},
            "each square of 'path' must be [x, y] with whole numbers, not [1]",
        ),
        ({"action": "move", "unit": "a", "path": [[1, 2.5]]}, "not [1, 2.5]"),
        ({"action": "turn", "unit": "a", "facing": 3}, "facing must be one of N NE E SE S SW W NW, not 3"),
        ({"action": "turn", "unit": "a", "facing": "up"}, "not 'up'"),
        ({"action": "attack", "unit": "a", "target": 5}, "'target' must be a unit id"),
        (
            {"action": "force_retreat", "unit": "a", "target": "z", "to": "here"},
            "'to' must be [x, y] with whole numbers, not 'here'",
        ),
        (
            {"action": "force_retreat", "unit": "a", "target": "z", "to": [1, 2], "follow": "yes"},
            "'follow' must be true",
        ),
        ({"action": "move", "unit": "a", "into_hazard": 1}, "'into_hazard' must be true or false"),
    ],
)
def test_from_json_gives_one_readable_reason(obj, words):
    with pytest.raises(Illegal) as e:
        from_json(obj)
    assert words in str(e.value)
    assert "\n" not in str(e.value)


def test_to_json_writes_the_contract():
    assert json.dumps(Command(Action.HOLD, "a").to_json()) == '{"action": "hold", "unit": "a"}'
    assert json.dumps(Command("move", "a", path=((1, 2), (2, 2)), facing=2).to_json()) == (  # type: ignore[arg-type]
        '{"action": "move", "unit": "a", "path": [[1, 2], [2, 2]], "facing": "E"}'
    )
    assert json.dumps(Command(Action.FORCE_RETREAT, "a", target="z", to=None).to_json()) == (
        '{"action": "force_retreat", "unit": "a", "target": "z", "to": null, "follow": false}'
    )
    assert json.dumps(Command(Action.MOVE, "a", path=((1, 1),), into_hazard=True).to_json()) == (
        '{"action": "move", "unit": "a", "path": [[1, 1]], "into_hazard": true}'
    )


# -- ill-typed commands on a real battle: always Illegal, never anything else, nothing changed ----


def with_log(b: Battle) -> Battle:
    """A copy of the battle that keeps its event log (Battle.copy starts an empty one)."""
    return b.copy(log=b.events)


@cache
def moments() -> dict[str, Battle]:
    """The default scenario at the start, after some AI moves, at a retreat decision, later on."""
    b = Battle(load_scenario(SKIRMISH), seed=1)
    out = {"start": with_log(b)}
    decisions = 0
    while not b.over and "retreat" not in out:
        if decisions == 10:
            out["after ten moves"] = with_log(b)
        if b.pending().kind == RETREAT:
            out["retreat"] = with_log(b)
            break
        b.apply(ai.decide(b, "baseline"))
        decisions += 1
    assert "retreat" in out, "the default scenario reached no retreat decision"
    for _ in range(20):
        b.apply(ai.decide(b, "baseline"))
    assert not b.over
    out["later"] = with_log(b)
    return out


NOT_TEXT = st.one_of(
    st.integers(), st.floats(), st.booleans(), st.binary(max_size=3), st.lists(st.text(max_size=3), max_size=2)
)
GOOD_SQUARE = st.tuples(st.integers(0, 20), st.integers(0, 20))
BAD_SQUARE = st.one_of(
    st.lists(st.integers(0, 20), min_size=2, max_size=2),  # a list where a square belongs
    st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20)),
    st.tuples(st.integers(0, 20)),
    st.tuples(st.booleans(), st.integers(0, 20)),
    st.tuples(st.integers(0, 20), st.floats()),
    st.tuples(st.text(max_size=2), st.integers(0, 20)),
    st.text(max_size=3),
    st.integers(),
)
NOT_FLAG = st.one_of(st.integers(), st.none(), st.text(max_size=3), st.floats())
BAD_FIELDS = {
    "action": st.one_of(st.text(max_size=14).filter(lambda s: s not in ACTIONS), NOT_TEXT, st.none()),
    "unit": st.one_of(NOT_TEXT, st.none(), st.just("")),
    "path": st.one_of(
        st.lists(GOOD_SQUARE, max_size=3),
        st.tuples(st.lists(GOOD_SQUARE, max_size=2), BAD_SQUARE).map(lambda gb: (*gb[0], gb[1])),
        st.none(),
        st.text(max_size=3),
    ),
    "facing": st.one_of(
        st.integers().filter(lambda f: not 0 <= f < 8), st.booleans(), st.floats(), st.sampled_from(["N", "E"])
    ),
    "target": NOT_TEXT,
    "to": BAD_SQUARE,
    "follow": NOT_FLAG,
    "into_hazard": NOT_FLAG,
    "spell": st.one_of(st.just(""), st.integers(), st.booleans(), st.lists(st.text(max_size=2), max_size=2)),
    "at": BAD_SQUARE,
    "side": st.one_of(NOT_TEXT, st.just("")),  # on any command but wait, a side is refused
}


def half_made(base: Command, unset: str) -> Command:
    """The base command with one field never set (as object.__new__ leaves it)."""
    cmd = object.__new__(Command)
    for f in dataclasses.fields(Command):
        if f.name != unset:
            object.__setattr__(cmd, f.name, getattr(base, f.name))
    return cmd


@st.composite
def ill_typed(draw, base: Command) -> object:
    """The base command with one to three fields of the wrong type, one left unset, or no command at all."""
    how = draw(st.sampled_from(["wrong types", "wrong types", "wrong types", "a field unset", "not a command"]))
    if how == "not a command":
        return draw(st.one_of(st.none(), st.text(max_size=5), st.just(base.to_json()), st.just(tuple(base.to_json()))))
    names = [f.name for f in dataclasses.fields(Command)]
    if how == "a field unset":
        # Built when the test runs: a half-made command has no repr for hypothesis to print.
        return functools.partial(half_made, base, draw(st.sampled_from(names)))
    chosen = draw(st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True))
    return dataclasses.replace(base, **{name: draw(BAD_FIELDS[name]) for name in chosen})


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moment=st.sampled_from(["start", "after ten moves", "retreat", "later"]), data=st.data())
def test_an_ill_typed_command_is_refused_and_changes_nothing(moment, data):
    b = with_log(moments()[moment])
    base = data.draw(st.sampled_from(legal_commands(b)), label="legal base")
    drawn = data.draw(ill_typed(base), label="ill-typed")
    cmd = drawn() if isinstance(drawn, functools.partial) else drawn
    before = snapshot(b)
    with pytest.raises(Illegal):
        b.apply(cmd)  # type: ignore[arg-type]
    assert snapshot(b) == before, f"{cmd!r} was refused but changed the battle"


@pytest.mark.parametrize("moment", ["start", "after ten moves", "retreat", "later"])
def test_every_legal_command_survives_its_json_round_trip(moment):
    b = moments()[moment]
    for c in legal_commands(b):
        assert from_json(json.loads(json.dumps(c.to_json()))) == c


@pytest.mark.parametrize(
    "fields",
    [
        {"action": "north"},
        {"action": "x" * 300},
        {"action": {"a": 1}},
        {"action": "turn", "facing": "x" * 300},
        {"action": "move", "to": "élan" * 50},
        {"action": "cast", "at": ["x" * 300, 1]},
        {"action": "move", "path": [["x" * 300, 1]]},
    ],
)
def test_a_refusal_of_a_malformed_command_is_one_line_of_at_most_160_characters(fields):
    # Issue 25.6: 1,984 of 16,278 refusals through the Python API were longer (the list of the
    # actions after an unknown one, a long value repeated whole).
    with pytest.raises(Illegal) as refused:
        from_json({"unit": "a", **fields})
    text = str(refused.value)
    assert len(text) <= REFUSAL_MAX and "\n" not in text, text


def test_a_refusal_under_group_initiative_is_one_short_line():
    """'Refused with a reason the player can read': the whole group used to be listed (424
    characters on the battle map); now the side whose turn it is and a few of its units."""
    b = Battle(load_scenario(SKIRMISH.with_name("battle.tmx")), seed=1, options={"initiative": "group"})
    side = b.pending().side
    other = next(u for u in b.world.units.values() if u.side != side)
    before = snapshot(b)
    with pytest.raises(Illegal) as refused:
        b.apply(Command(Action.HOLD, other.id))
    text = str(refused.value)
    assert len(text) <= 160 and "\n" not in text, text
    assert text.startswith(f"it is not {other.id}'s turn: it is {side}'s group's turn (") and text.endswith(" more)")
    assert snapshot(b) == before
    with pytest.raises(Illegal, match=r"^there is no unit 'x{29}…'$"):
        b.apply(Command(Action.HOLD, "x" * 5000))
