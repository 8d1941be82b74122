"""Network play in the window (issue 21), under SDL's dummy drivers: the host's window against a
headless joiner in a `rout` subprocess, and a joiner's window against a host in this process.
The window's player ends its side's turns by keys (Shift+E, Enter); the other side comes from
the network; both machines' logs stay identical, a late spectator's too. Every wait is on a
condition, with a deadline."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pytest

import tests.helpers  # noqa: F401  (the SDL dummy drivers first)
from game.core.battle import Battle
from game.core.phases import Phase
from game.home.bundled import MAPS
from game.net.hosting import HostPlan
from game.net.joining import JoinPlan
from game.save.files import event_lines
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.net_window import host_screen, join_screen
from tests.net.peers import DEADLINE, HostThread, Proc, ai, join_thread
from tests.save.played import played
from tests.ui.drive import app as make_app
from tests.ui.drive import frames_until, key

SKIRMISH = MAPS / "skirmish.tmx"


def _until(a: App, done: Callable[[], bool], what: str) -> None:
    frames_until(a, done, what, DEADLINE)


def _play_to_round(a: App, s: BattleScreen, last: int) -> int:
    """The window's player ends its side's turn each round until round `last`, and stops there on
    its turn (the other machine then waits on it); how many turns it ended."""
    ended = 0
    end = time.monotonic() + 4 * DEADLINE  # a turn the keys below cannot end fails, never spins
    while time.monotonic() < end:
        _until(a, lambda: s.battle.over or (s.human_turn() and s.decision_key == len(s.battle.events)), "my turn")
        if s.battle.over or s.battle.round >= last:
            return ended
        if s.battle.pending().kind == Phase.RETREAT:  # the player's creature may force a foe back: it declines
            key(a, pygame.K_d)
            continue
        key(a, pygame.K_e, pygame.KMOD_SHIFT)
        key(a, pygame.K_RETURN)
        ended += 1
    raise AssertionError(f"the player's turns never reached round {last}")


@pytest.mark.slow  # a window playing a whole network session
@pytest.mark.lowest  # no other test drives websockets from the window
def test_the_hosts_window_and_a_headless_joiner_keep_one_log_and_a_late_spectator_sees_it(tmp_path):
    a = make_app()
    scenario = load_scenario(SKIRMISH)
    side, other = scenario.sides[0], scenario.sides[1]
    battle = Battle(scenario, seed=2, controllers={side: "ai", other: "human"})
    plan = HostPlan(battle, frozenset({side}), other, ai, "T-WIN", "127.0.0.1", 0, DEADLINE, DEADLINE)
    s, host, thread = host_screen(a, plan, side, ai)
    a.show(s)
    address = f"127.0.0.1:{host.listener.port}"
    joiner = Proc(
        "join", address, "--code", "T-WIN", "--headless", "--log", str(tmp_path / "join.jsonl"), "--wait", "1"
    )
    assert _play_to_round(a, s, 2) >= 1
    w, seen, words = join_thread(address, "T-WIN", str(tmp_path / "watch.jsonl"), watch=True, wait=1.0)
    _until(a, lambda: any("watching from round" in line for line in s.net.said), "the spectator came in")
    assert _play_to_round(a, s, 4) >= 1
    assert any(line.startswith("round 2: both logs agree") for line in s.net.said), s.net.said
    # 'Undo is offered only for what the opponent has not yet seen': each command went out as it
    # was played, so Ctrl+Z takes nothing back and says why.
    before = event_lines(s.battle.events)
    key(a, pygame.K_z, pygame.KMOD_LCTRL)
    assert event_lines(s.battle.events) == before
    assert s.message.startswith("Cannot undo: ")
    assert s.session.history.floor == "it was sent to the player who joins: what the other player has seen stands"
    here = event_lines(s.battle.events)
    assert here == event_lines(host.lock.battle.events)  # the window's copy is the host's battle
    s.close()  # the window goes: the host stops, the joiner and the spectator say so and give up
    thread.join(DEADLINE)
    assert not thread.is_alive()
    assert joiner.wait() == 1, joiner.seen
    assert (tmp_path / "join.jsonl").read_text() == here
    w.join(DEADLINE)
    assert seen == [1] and any("trying to join again" in line for line in words), words
    assert (tmp_path / "watch.jsonl").read_text() == here


@pytest.mark.slow  # a window playing a whole network session
@pytest.mark.lowest  # no other test drives websockets from the window
def test_a_joiners_window_plays_against_a_host_and_keeps_its_log(tmp_path):
    host = HostThread(str(SKIRMISH), seed=3).start()  # waits for the window as long as a loaded machine may need
    a = make_app()
    plan = JoinPlan(host.address, host.code, timeout=DEADLINE, wait=1.0)
    s = join_screen(a, plan, DEADLINE)
    assert isinstance(s, BattleScreen), s
    a.show(s)
    mine = load_scenario(SKIRMISH).sides[1]
    assert s.session.controllers[mine] == "human"
    assert _play_to_round(a, s, 3) >= 1
    host.said("round 2: both logs agree")
    assert event_lines(s.battle.events) == event_lines(host.host.lock.battle.events)
    host.host.plan.wait = 1.0  # once the window goes, the host waits this long for it to come back
    s.close()
    assert "closed the connection" in host.said("closed the connection")
    assert host.finish() == 1  # no player came back within its wait


def test_a_wrong_code_leaves_no_window_and_one_line():
    host = HostThread(str(SKIRMISH))
    host.start()
    a = make_app()
    said: list[str] = []
    opened = join_screen(a, JoinPlan(host.address, "WRONG", timeout=DEADLINE, wait=1.0), DEADLINE, said.append)
    assert opened == "" and said == ["the host refused: wrong join code"]
    host.host.listener.close()


@pytest.mark.slow  # a window playing a whole network session
@pytest.mark.lowest  # no other test drives websockets from the window
def test_the_hosts_window_on_a_saved_battle_opens_where_it_stands_and_keeps_one_log(tmp_path):
    # rout host --load: the window's copy starts from the saved commands, played once, not twice
    a = make_app()
    battle, commands = played(SKIRMISH, seed=2, decisions=15)
    side, other = battle.scenario.sides[0], battle.scenario.sides[1]
    battle.hand_sides({side: "ai", other: "human"})
    saved = event_lines(battle.events)
    plan = HostPlan(battle, frozenset({side}), other, ai, "T-LOADW", "127.0.0.1", 0, DEADLINE, DEADLINE)
    plan.commands = commands
    s, host, thread = host_screen(a, plan, side, ai)
    a.show(s)
    assert event_lines(s.battle.events) == saved
    start = s.battle.round
    joiner = Proc(
        "join", f"127.0.0.1:{host.listener.port}", "--code", "T-LOADW", "--headless", "--wait", "1",
        "--log", str(tmp_path / "join.jsonl"),
    )  # fmt: skip
    assert _play_to_round(a, s, start + 2) >= 1
    here = event_lines(s.battle.events)
    assert here.startswith(saved) and here == event_lines(host.lock.battle.events)
    s.close()
    thread.join(DEADLINE)
    assert joiner.wait() == 1, joiner.seen
    assert (tmp_path / "join.jsonl").read_text() == here
