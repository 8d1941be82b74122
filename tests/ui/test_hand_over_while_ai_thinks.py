"""A side handed to the AI while the AI's worker thinks on a copy of the battle stays the AI's
when the worker's command is taken in (the bug: a campaign's "Let the AI fight on", chosen while
the enemy thought, was handed back to the player by the worker's copy, and the battle waited for a
player who had left it)."""

from __future__ import annotations

from game import ai
from game.scenario.tiled import load_scenario
from game.ui.battle.session import Session
from tests.command_line import ROOT


def test_the_worker_s_copy_does_not_hand_a_side_back():
    scenario = load_scenario(ROOT / "maps" / "skirmish.tmx")
    human = scenario.sides[0]
    session = Session(
        scenario, seed=3, options={}, controllers={human: "human"}, ai_level="baseline", threaded=True, battle=None
    )
    while session.battle.pending().side == human:  # to where the AI's side is to act
        session.play(ai.decide(session.battle.copy(), "baseline"), human=True)
    copy = session.battle.copy()  # what the worker was sent
    cmd = ai.decide(copy.copy(), "baseline")
    events = copy.apply(cmd)
    session.battle.hand_sides({human: "ai"})  # the player leaves the battle to the AI meanwhile
    session.adopt(session.battle.adopt(copy, events), events, cmd)
    assert session.controllers[human] == "ai" and session.battle.pending().controller in ("ai", None)
