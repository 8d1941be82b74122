"""Events serialise to the event-log contract (docs/formats.md#the-event-log) and read back from it."""

import dataclasses
import json

import pytest

from game.core import event_log
from game.core import events as ev
from game.core.battle import Battle
from game.core.rules.dice import Modifier, Roll
from game.home.bundled import MAPS
from game.scenario.tiled import load_scenario


def _attack(**changes) -> ev.Attack:
    """A missed flank attack of a on b, with any fields changed."""
    fields = {
        "id": "a",
        "target": "b",
        "kind": "melee",
        "weapon": "long_sword",
        "arc": "flank",
        "roll": Roll("1d20", (9,), 1, 10),
        "modifiers": (Modifier("flank", 1),),
        "needed": 14,
        "hit": False,
        "damage": 0,
        "purpose": "attack",
    }
    return ev.Attack(1, **{**fields, **changes})


def test_retreat_writes_from_and_every_required_field_in_contract_order():
    e = ev.Retreat(
        3, id="b", by="a", from_=(5, 4), to=(6, 4), space="rear", followed=True, follow_to=(5, 4), hazard="none"
    )
    assert json.dumps(e.to_json()) == (
        '{"type": "retreat", "round": 3, "id": "b", "by": "a", "from": [5, 4], "to": [6, 4], "space": "rear", '
        '"followed": true, "follow_to": [5, 4], "hazard": "none"}'
    )


def test_optional_fields_are_left_out_and_nullable_ones_written_as_null():
    miss = _attack()
    out = miss.to_json()
    assert "damage_roll" not in out and "knockdown_roll" not in out
    assert out["roll"] == {"dice": "1d20", "rolls": [9], "mod": 1, "total": 10}
    assert out["modifiers"] == [{"name": "flank", "value": 1}]
    assert ev.Death(2, id="b", by=None).to_json() == {"type": "death", "round": 2, "id": "b", "by": None}


def test_a_log_line_reads_back_to_the_same_event():
    e = ev.Initiative(
        1,
        mode="group",
        entries=(
            ev.InitiativeEntry(side="blue", roll=Roll("1d10", (4,), 0, 4), modifiers=(), total=4, dex=0),
            ev.InitiativeEntry(side="red", roll=Roll("1d10", (7,), 0, 7), modifiers=(), total=7, dex=0),
        ),
        order=(("r1",), ("b1",)),
        sides=("red", "blue"),
        rerolls=(ev.Reroll(tie=(Roll("1d10", (3,), 0, 3), Roll("1d10", (3,), 0, 3))),),
    )
    assert event_log.from_json(json.loads(json.dumps(e.to_json()))) == e
    assert event_log.read_log([{"type": "round_start", "round": 2}]) == [ev.RoundStart(2)]


def test_fields_added_later_are_ignored_by_the_reader():
    """docs/formats.md#compatibility: 'A new version of Rout may add fields to an object, and never drops or renames one'"""
    assert event_log.from_json({"type": "hold", "round": 1, "id": "a", "note": "new"}) == ev.Hold(1, id="a")


@pytest.mark.parametrize(
    ("obj", "says"),
    [
        ([1, 2], "must be a JSON object"),
        ({"type": "teleport", "round": 1}, "unknown event type 'teleport'"),
        ({"type": "turn", "round": 1, "id": "a"}, "missing field 'facing'"),
        ({"type": "turn", "round": "1", "id": "a", "facing": "N"}, "turn.round: expected int"),
        ({"type": "damage", "round": 1, "id": "a", "amount": True, "source": None, "hp": 3}, "expected int"),
        ({"type": "move", "round": 1, "id": "a", "path": [[1, 2, 3]], "facing": "N"}, "expected 2 items"),
    ],
)
def test_a_malformed_event_is_refused_with_what_is_wrong(obj, says):
    with pytest.raises(event_log.BadEvent, match=says):
        event_log.from_json(obj)


def test_involved_names_the_actor_first():
    e = _attack(hit=True, damage=3)
    assert ev.involved(e) == ["a", "b"]
    assert ev.involved(ev.RoundStart(1)) == []


# -- log format versions (docs/formats.md) ---------------------------------------------------


def _start(**changes) -> dict:
    """A battle_start line as this version writes it, with any fields changed."""
    unit = ev.UnitInfo(
        id="a",
        side="blue",
        kind="orc",
        pos=(1, 1),
        facing="N",
        size="M",
        hp=5,
        dex=10,
        mv=9,
        level=1,
        morale=11,
        hero=False,
        leader=False,
        fatigue=10,
        force_marched=False,
    )
    start = ev.BattleStart(0, scenario="s", seed=1, options={}, units=(unit,), width=4, height=4)
    return {**start.to_json(), **changes}


def test_battle_start_writes_the_log_format_after_the_round():
    """docs/formats.md: battle_start carries the log format; this version writes 2, or 3 where the
    map offers the choice to wait (format 3 brought the wait event), and reads up to 3."""
    assert list(_start())[:3] == ["type", "round", "format"] and _start()["format"] == ev.FORMAT_WITHOUT_WAIT == 2
    assert ev.LOG_FORMAT == 3
    meeting = Battle(load_scenario(MAPS / "meeting.tmx"), seed=1)
    assert meeting.events[0].to_json()["format"] == 3
    assert event_log.from_json(meeting.events[0].to_json()) == meeting.events[0]
    assert Battle(load_scenario(MAPS / "starter.tmx"), seed=1).events[0].to_json()["format"] == 2


def test_a_log_written_before_the_format_field_reads_as_format_1():
    """docs/formats.md: a reader accepts older logs; a battle_start without the field is format 1."""
    old = {k: v for k, v in _start().items() if k != "format"}
    assert event_log.from_json(old) == dataclasses.replace(event_log.from_json(_start()), format=1)


@pytest.mark.parametrize(
    ("fmt", "says"),
    [
        (4, "the log is format 4, newer than this version of Rout reads \\(up to 3\\)"),
        (0, "battle_start.format: expected a whole number from 1, not 0"),
        ("2", "battle_start.format: expected a whole number from 1, not '2'"),
        (True, "battle_start.format: expected a whole number from 1, not True"),
    ],
)
def test_a_log_of_a_newer_or_no_real_format_is_refused_in_one_line(fmt, says):
    with pytest.raises(event_log.BadEvent, match=says) as refused:
        event_log.from_json(_start(format=fmt))
    assert "\n" not in str(refused.value)
