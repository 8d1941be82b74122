"""A side's choice to wait when the battle starts (seed 002's 'Waiting'; docs/decisions.md#waiting):
the command `wait`, where the map offers it, before any creature acts; its -1 as the waiting
option's; the AI's rule; the choice carried by a replay and a save."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game import ai
from game.ai import waiting
from game.core.battle import Battle
from game.core.commands import Action, Command, Illegal, from_json
from game.history.saved_battle import load_save
from game.home.bundled import MAPS
from game.play.runner import apply_all, play
from game.save.savefile import write_save
from game.scenario.tiled import load_scenario
from tests.helpers import ScriptedRng, as_json, board, cmd, events_of, unit

WAIT_RED = Command(Action.WAIT, "", side="red")


def meeting_board(script: list[int], offered: bool = True, options: dict | None = None) -> Battle:
    """Blue a (d10 9) and b (5, Dex 12); red r (6, Dex 10). Far apart but for a and r."""
    units = [
        unit("a", "blue", "fighter1", (4, 4), "E"),
        unit("b", "blue", "fighter1", (0, 9), "E", kind_changes={"dex": 12}),
        unit("r", "red", "orc", (5, 4), "W", kind_changes={"dex": 10}),
    ]
    scenario = replace(board(units, options=options), wait_choice=offered)
    return Battle(scenario, seed=1, rng=ScriptedRng(script))


def test_a_side_that_chose_to_wait_takes_minus_one_once_the_other_side_attacks():
    """'Waiting ... causes a -1 penalty to the first initiative roll for your group, if the other side
    attacks' (seed 002): chosen with `wait`, it plays as the option `waiting` does. r falls from 6 to
    5 when a attacks, ties b and loses on Dex."""
    b = meeting_board([9, 5, 6, 1])  # a's attack: d20 1, a miss
    assert as_json(b.apply(WAIT_RED)) == [{"type": "wait", "round": 1, "side": "red"}]
    assert b.pending().units == ["a"]  # the choice is no creature's turn
    adjusted = events_of(b.apply(cmd("attack", "a", target="r")), "initiative")
    assert len(adjusted) == 1 and adjusted[0]["adjusted"] is True
    assert adjusted[0]["order"] == [["a"], ["b"], ["r"]]
    r = next(e for e in adjusted[0]["entries"] if e["id"] == "r")
    assert r["total"] == 5 and r["modifiers"] == [{"name": "waiting", "value": -1}]


def test_a_side_that_did_not_choose_keeps_its_roll_when_attacked():
    """Without the choice the same attack costs red nothing: the -1 is the waiting side's alone."""
    b = meeting_board([9, 5, 6, 1])
    assert not events_of(b.apply(cmd("attack", "a", target="r")), "initiative")


@pytest.mark.parametrize(
    ("setup", "command", "says"),
    [
        ("not offered", WAIT_RED, "this map offers no choice to wait"),
        ("after a hold", WAIT_RED, "before any creature acts in round 1"),
        ("red waits", WAIT_RED, "red already waits"),
        ("blue waits by the map", WAIT_RED, "only one side waits in a battle, and blue already does"),
        ("start", Command(Action.WAIT, "", side="green"), "there is no side 'green'"),
    ],
)
def test_a_wait_the_rules_refuse_says_why_and_changes_nothing(setup, command, says):
    b = meeting_board([9, 5, 6], offered=setup != "not offered", options={"waiting": "blue"} if "map" in setup else {})
    if setup == "after a hold":
        b.apply(cmd("hold", "a"))
    if setup == "red waits":
        b.apply(WAIT_RED)
    before, draws, options = len(b.events), b.draws, b.ctx.options
    with pytest.raises(Illegal, match=says):
        b.apply(command)
    assert (len(b.events), b.draws, b.ctx.options) == (before, draws, options)


def test_a_wait_names_its_side_and_no_unit():
    """The contract (docs/formats.md#commands): {"action": "wait", "side": SIDE}."""
    assert from_json({"action": "wait", "side": "red"}) == WAIT_RED
    assert WAIT_RED.to_json() == {"action": "wait", "side": "red"}
    with pytest.raises(Illegal, match="'wait' needs 'side'"):
        from_json({"action": "wait"})
    with pytest.raises(Illegal, match="names 'side', not 'unit'"):
        from_json({"action": "wait", "side": "red", "unit": "r"})
    with pytest.raises(Illegal, match="only 'wait' names a 'side'"):
        from_json({"action": "hold", "unit": "r", "side": "red"})


# -- the AI's rule ---------------------------------------------------------------------------


def outmatched_board(red_orcs: int, controllers: dict[str, str] | None = None, offered: bool = True) -> Battle:
    """Blue: two fighters (strength 2); red: `red_orcs` orcs (1 each)."""
    units = [unit("a", "blue", "fighter1", (1, 1), "E"), unit("b", "blue", "fighter1", (1, 3), "E")]
    units += [unit(f"r{i}", "red", "orc", (8, 1 + 2 * i), "W") for i in range(red_orcs)]
    return Battle(replace(board(units), wait_choice=offered), seed=2, controllers=controllers)


def test_the_ai_waits_with_a_side_the_others_outmatch_half_again():
    """Decision (docs/decisions.md#waiting): an AI side waits when the other sides' strength is at
    least 1.5 times its own. Against three orcs blue's two fighters wait; against two they do not."""
    assert ai.decide(outmatched_board(3), "normal") == Command(Action.WAIT, "", side="blue")
    assert ai.decide(outmatched_board(2), "normal").action != Action.WAIT
    assert not waiting.wants_to_wait(outmatched_board(3), "red")


def test_the_ai_never_chooses_for_a_human_side_nor_where_the_map_does_not_offer_it():
    assert waiting.choice(outmatched_board(3, controllers={"blue": "human"})) is None
    assert waiting.choice(outmatched_board(3, offered=False)) is None


def test_the_ai_chooses_once_then_plays_on():
    b = outmatched_board(3)
    b.apply(ai.decide(b, "baseline"))
    assert b.ctx.options.waiting == "blue" and waiting.choice(b) is None
    assert ai.decide(b, "baseline").action != Action.WAIT


# -- replays and saves -----------------------------------------------------------------------


def test_a_replay_of_the_commands_gives_the_same_log_wait_included():
    """A replay is the map, the seed and the commands: the wait is one of them (docs/formats.md)."""
    scenario = load_scenario(MAPS / "meeting.tmx")
    played: list[Command] = []
    first = play(Battle(scenario, seed=3), {"blue": "normal", "red": "normal"}, played=played)
    assert played[0] == Command(Action.WAIT, "", side="blue")
    again = Battle(scenario, seed=3)
    apply_all(again, [from_json(c.to_json()) for c in played])
    assert as_json(again.events) == as_json(first.events)


def test_a_save_carries_the_choice(tmp_path):
    scenario = load_scenario(MAPS / "meeting.tmx")
    b = Battle(scenario, seed=5, controllers={"blue": "human"})
    commands = [Command(Action.WAIT, "", side="blue")]
    apply_all(b, commands)
    path = write_save(tmp_path / "waiting.json", b, commands)
    back, rep = load_save(path)
    assert rep.commands == commands
    assert events_of(back.events, "wait") == [{"type": "wait", "round": 1, "side": "blue"}]
    assert back.ctx.options.waiting == "blue"
