"""The replay viewer's headless core (game/history/timeline.py): the battle at any decision is exactly the
one that playing those commands from scratch gives, and the markers, decisions and rounds name
the moments the log holds (issue: a replay viewer that rewinds)."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from game.core import events as ev
from game.core.battle import Battle
from game.core.commands import Illegal
from game.history.timeline import KINDS, Timeline, load_timeline
from game.save.errors import SaveError
from game.save.files import event_lines
from game.save.savefile import write_save
from game.scenario.tiled import load_scenario

MAPS = Path(__file__).resolve().parents[1] / "maps"
STARTER = MAPS / "starter.tmx"


@cache
def starter() -> Timeline:
    sc = load_scenario(STARTER)
    return Timeline.played(Battle(sc, seed=4), [], {s: "normal" for s in sc.sides}, ai_on=True)


def from_scratch(t: Timeline, i: int) -> Battle:
    b = Battle(t.end.scenario, seed=t.end.seed)
    for cmd in t.commands[:i]:
        b.apply(cmd)
    return b


def test_the_battle_at_any_decision_is_the_one_its_commands_give_from_scratch():
    t = starter()
    rng = random.Random(9)
    for i in [0, 1, t.every, t.every + 1, len(t.commands), *rng.sample(range(len(t.commands)), 12)]:
        got, want = t.battle_at(i), from_scratch(t, i)
        assert event_lines(got.events) == event_lines(want.events), i
        assert got.world.units == want.world.units and got.round == want.round
        assert got.pending() == want.pending() and got.draws == want.draws
        if not got.over:  # it plays on the same: the next command gives the same events
            cmd = t.commands[i]
            assert got.apply(cmd) == want.apply(cmd)


def test_a_battle_taken_from_the_timeline_leaves_the_timeline_as_it_was():
    t = starter()
    before = event_lines(t.events)
    b = t.battle_at(5)
    b.apply(t.commands[5])
    assert event_lines(t.events) == before and len(t.battle_at(5).events) == t.decisions[5]


def test_each_decision_is_where_its_commands_events_begin():
    t = starter()
    for i, cmd in enumerate(t.commands[:40]):
        b = t.battle_at(i)
        assert len(b.events) == t.decisions[i]
        assert b.apply(cmd) == t.events[t.decisions[i] : t.decisions[i + 1]]
        assert t.command_at(t.decisions[i]) == i
        if t.decisions[i + 1] > t.decisions[i] + 1:
            assert t.command_at(t.decisions[i] + 1) == i


def test_markers_are_the_retreats_knockdowns_deaths_and_routs_of_the_log():
    t = starter()
    want = {ev.Retreat: "retreat", ev.Knockdown: "knockdown", ev.Death: "death", ev.Flee: "rout"}
    want |= {ev.Withdraw: "rout", ev.Surrender: "rout"}
    expected = [(want[type(e)], i, e.round) for i, e in enumerate(t.events) if type(e) in want]
    assert [(m.kind, m.event, m.round) for m in t.markers] == expected
    assert {m.kind for m in t.markers} <= set(KINDS) and t.markers


def test_rounds_begin_at_each_rounds_first_decision():
    t = starter()
    assert len(t.rounds) == t.end.round
    for r, moment in enumerate(t.rounds, start=1):
        i = t.command_at(moment)
        assert t.decisions[i] == moment and t.battle_at(i).round == r


def test_steps_by_event_decision_and_round_go_forward_and_back():
    t = starter()
    m = t.decisions[7] + 1
    assert t.step(m, "event", 1) == m + 1 and t.step(m, "event", -1) == m - 1
    assert t.step(m, "decision", 1) == t.decisions[8] and t.step(m, "decision", -1) == t.decisions[7]
    assert t.step(t.decisions[7], "decision", -1) == t.decisions[6]
    assert t.step(t.rounds[1], "round", -1) == t.rounds[0] and t.step(t.rounds[1], "round", 1) == t.rounds[2]
    assert t.step(t.first, "event", -1) == t.first and t.step(t.length, "round", 1) == t.length
    assert t.step(t.first, "round", -1) == t.first == t.rounds[0]


def test_a_save_loads_as_its_timeline_and_a_changed_one_is_refused(tmp_path):
    t = starter()
    mid = len(t.commands) // 2  # a save in the middle of the battle
    b = t.battle_at(mid)
    path = write_save(tmp_path / "s.json", b, t.commands[:mid], ai={"blue": "normal"})
    loaded = load_timeline(path)
    assert event_lines(loaded.events) == event_lines(b.events) and loaded.commands == t.commands[:mid]
    text = path.read_text().replace('"seed": 4', '"seed": 5')
    (tmp_path / "bad.json").write_text(text)
    with pytest.raises(SaveError, match="bad.json"):
        load_timeline(tmp_path / "bad.json")


def test_a_command_after_the_end_is_refused():
    t = starter()
    assert t.end.over
    with pytest.raises(Illegal, match="after the battle ended"):
        t.add(t.commands[-1])


def test_a_timeline_grown_a_decision_at_a_time_is_the_one_played_at_once():
    # Issue 23: the viewer shows a replay's start while the AI replays the rest a slice a frame;
    # what it ends with must be the timeline played at once, moment for moment.
    sc = load_scenario(STARTER)
    t = Timeline.begun(Battle(sc, seed=4), [], {s: "normal" for s in sc.sides}, ai_on=True)
    assert not t.complete and t.length == t.first and t.commands == []
    slices = 0
    while not t.complete:
        before = len(t.commands)
        t.grow(until=0.0)  # a deadline long past: one decision a slice
        assert len(t.commands) == before + 1 or t.complete
        slices += 1
    whole = starter()
    assert slices >= len(whole.commands) > 10
    assert event_lines(t.events) == event_lines(whole.events) and t.commands == whole.commands
    assert (t.decisions, t.rounds, t.round_events, t.markers) == (
        whole.decisions,
        whole.rounds,
        whole.round_events,
        whole.markers,
    )
    assert not t.grow() and t.complete  # a complete timeline grows no more


def test_a_timeline_of_commands_only_is_complete_from_the_start():
    sc = load_scenario(STARTER)
    whole = starter()
    t = Timeline.begun(Battle(sc, seed=4), whole.commands[:20], {s: "normal" for s in sc.sides}, ai_on=False)
    assert t.complete and len(t.commands) == 20 and not t.grow()
