"""The card that asks a human side whether it waits, where the map offers it (seed 002's
'Waiting'; docs/decisions.md#waiting), driven with synthetic input."""

from __future__ import annotations

import pygame

from game.home.bundled import MAPS
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.since import restore_mark
from tests.helpers import events_of
from tests.ui.drive import app, click, key

CTRL = pygame.KMOD_LCTRL


def meeting(controllers: dict[str, str], seed: int = 1) -> tuple[App, BattleScreen]:
    """meeting.tmx under Rout 0.3's dice (scheme 1), which these seeds were chosen with; seed 1:
    blue's archer has the first turn (d10 10), seed 3: red's orc leader."""
    a = app()
    scenario = load_scenario(MAPS / "meeting.tmx")
    s = BattleScreen(a, scenario, seed=seed, controllers=controllers, threaded=False, dice=1)
    a.show(s)
    for _ in range(40):
        a.step(0.05)
    return a, s


def test_the_card_asks_and_the_battle_waits_for_the_answer_then_w_waits_and_undo_asks_again():
    a, s = meeting({"blue": "human", "red": "ai"})
    assert s.waits.asking(s) == "blue"
    assert s.battle.pending().side == "blue" and not s.battle.ctx.rs.acted
    key(a, pygame.K_m)  # an action key does nothing while the card asks
    assert s.waits.asking(s) == "blue" and not events_of(s.battle.events, "wait")
    key(a, pygame.K_w)
    assert events_of(s.battle.events, "wait") == [{"type": "wait", "round": 1, "side": "blue"}]
    assert s.waits.asking(s) is None and s.battle.ctx.options.waiting == "blue"
    key(a, pygame.K_z, CTRL)
    assert not events_of(s.battle.events, "wait") and s.battle.ctx.options.waiting == ""
    assert s.message == "Undone: blue's choice to wait"
    assert s.waits.asking(s) == "blue"


def test_the_ai_does_not_act_before_the_human_side_has_answered():
    a, s = meeting({"blue": "human", "red": "ai"}, seed=3)
    assert s.battle.pending().side == "red"  # red's orc leader is first, and waits for blue's answer
    assert s.waits.asking(s) == "blue" and not s.battle.ctx.rs.acted
    key(a, pygame.K_f)
    for _ in range(40):
        a.step(0.05)
    assert s.battle.ctx.rs.acted and not events_of(s.battle.events, "wait")


def test_fight_is_no_command_and_the_card_does_not_ask_again():
    a, s = meeting({"blue": "human", "red": "ai"})
    fight = s.waits.buttons(s, "blue")[1]
    click(a, fight.rect.center)
    assert s.waits.asking(s) is None
    assert not events_of(s.battle.events, "wait") and s.session.played == []
    for _ in range(10):
        a.step(0.05)
    assert s.waits.asking(s) is None and s.battle.pending().side == "blue"


def test_the_ai_side_chooses_by_its_rule_and_no_card_is_asked_once_a_side_waits():
    """Blue, four against nine, is the AI's and waits; red's player is not asked: one side waits."""
    _, s = meeting({"blue": "ai", "red": "human"})
    assert events_of(s.battle.events, "wait") == [{"type": "wait", "round": 1, "side": "blue"}]
    assert s.waits.asking(s) is None


def test_a_map_that_does_not_offer_the_choice_asks_nothing():
    a = app()
    s = BattleScreen(
        a, load_scenario(MAPS / "starter.tmx"), seed=1, controllers={"blue": "human", "red": "ai"}, threaded=False
    )
    a.show(s)
    a.step(0.05)
    assert s.waits.asking(s) is None


def test_a_wait_is_its_own_sides_command_for_undo_and_the_hand_over():
    """Red's orc leader is first to act when blue's player waits: the wait is still blue's (its
    undo, its player's mark for the hot-seat recap), not the side whose creature is to act."""
    a, s = meeting({"blue": "human", "red": "human"}, seed=3)
    assert s.battle.pending().side == "red" and s.waits.asking(s) == "blue"
    key(a, pygame.K_w)
    assert list(s.session.marks) == ["blue"] and s.session.history.done[-1].side == "blue"
    s.session.marks.clear()  # as a battle opened from a save keeps no marks
    mark = restore_mark(s.session, "blue")
    assert mark is not None and mark.commands == 1 and mark.cmd.action == "wait"
