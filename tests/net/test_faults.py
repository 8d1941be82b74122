"""Faults (issue 21): a joiner killed mid-battle joins again and the battle ends with both logs
identical; a host that drops leaves the joiner saying so, its battle autosaved, trying to join
again; a joiner silent past the timeout is reported in one line and waited for, and a player
who only thinks that long is not. Every wait is on a condition (a line said, a process ended)
with a deadline."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from game.core.battle import Battle
from game.core.commands import Command
from game.home.bundled import MAPS
from game.net import peer
from game.net.hosting import Host, HostPlan
from game.net.link import Link
from game.save.autosave import saves_folder
from game.save.files import event_lines
from game.scenario.tiled import load_scenario
from tests.net.peers import DEADLINE, HostThread, Proc, ai, join_thread, raw_player, until_my_turn

SKIRMISH = str(MAPS / "skirmish.tmx")
_SAVED = re.compile(r"autosaved at (\S+\.json)")


def _rout(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], check=False, capture_output=True, text=True, timeout=DEADLINE
    )


def _autosave_in(line: str) -> Path:
    found = _SAVED.search(line)
    assert found, line
    path = Path(found.group(1))
    assert path.parent == saves_folder() and path.is_file(), line
    return path


@pytest.mark.slow  # a whole network session between processes
def test_a_joiner_killed_mid_battle_joins_again_and_both_logs_end_identical(tmp_path):
    code = "T-KILL"
    host = Proc(
        *("host", "battle", "--headless", "--listen", "127.0.0.1", "--port", "0", "--code", code, "--seed", "3"),
        *("--log", str(tmp_path / "host.jsonl"), "--save", str(tmp_path / "host.json"), "--wait", str(DEADLINE)),
    )
    address = "127.0.0.1:" + host.said("listening on 127.0.0.1:").split("127.0.0.1:")[1].split(";")[0]
    first = Proc("join", address, "--code", code, "--headless")
    host.said("round 1: both logs agree")  # the battle is under way
    first.p.send_signal(signal.SIGKILL)
    assert first.p.wait(DEADLINE) == -signal.SIGKILL
    dropped = host.said("closed the connection")
    assert "waiting" in dropped and "\n" not in dropped
    saved = _autosave_in(dropped)
    verify = _rout("replay", str(saved), "--verify")  # the autosave is a whole, sound save
    assert verify.returncode == 0 and "verified" in verify.stdout, verify.stderr

    again = Proc("join", address, "--code", code, "--headless", "--log", str(tmp_path / "join.jsonl"))
    rejoined = host.said("playing red from round")
    assert int(rejoined.rsplit(" ", 1)[1]) >= 2  # taken back mid-battle, not from the start
    assert again.wait() == 0, again.seen
    assert host.wait() == 0, host.seen
    host_log = (tmp_path / "host.jsonl").read_bytes()
    assert b'"battle_end"' in host_log
    assert (tmp_path / "join.jsonl").read_bytes() == host_log
    verify = _rout("replay", str(tmp_path / "host.json"), "--verify")
    assert verify.returncode == 0 and "verified" in verify.stdout, verify.stderr


@pytest.mark.slow  # a whole network session between processes
def test_a_host_that_drops_leaves_the_joiner_saying_so_autosaved_and_trying_again(tmp_path):
    code = "T-GONE"
    host = Proc("host", "battle", "--headless", "--listen", "127.0.0.1", "--port", "0", "--code", code)
    address = "127.0.0.1:" + host.said("listening on 127.0.0.1:").split("127.0.0.1:")[1].split(";")[0]
    t, out, lines = join_thread(address, code, str(tmp_path / "join.jsonl"), wait=1.0)
    host.said("round 1: both logs agree")
    host.p.send_signal(signal.SIGKILL)
    assert host.p.wait(DEADLINE) == -signal.SIGKILL
    t.join(DEADLINE)
    assert out == [1], lines  # the host never came back within --wait
    dropped = next(line for line in lines if "trying to join again" in line)
    assert dropped.startswith("the host closed the connection in round ")
    saved = _autosave_in(dropped)
    assert _rout("replay", str(saved), "--verify").returncode == 0
    assert lines[-1].startswith("cannot reach 127.0.0.1:")  # its last try, after the wait
    assert len((tmp_path / "join.jsonl").read_text().splitlines()) > 10  # the log so far, kept


def test_a_silent_joiner_is_reported_in_one_line_and_waited_for(tmp_path):
    host = HostThread(SKIRMISH, seed=6, timeout=0.5).start()
    link, lock = raw_player(host.address, host.code)
    until_my_turn(link, lock)  # and then says nothing
    line = host.said("has been silent")
    assert line.startswith("127.0.0.1 has been silent for 0.5 s in round 1; the battle is autosaved at ")
    assert line.endswith(f"; waiting {DEADLINE:g} s for the player")
    _autosave_in(line)
    host.host.plan.timeout = DEADLINE  # the honest player who takes its place is not hurried
    t, out, lines = join_thread(host.address, host.code, str(tmp_path / "join.jsonl"))
    t.join(DEADLINE)
    assert out == [0], lines
    assert host.finish() == 0, host.lines
    assert (tmp_path / "join.jsonl").read_text() == event_lines(host.host.lock.battle.events)


class _Clock:
    """The clock peer.py reads its --timeout by (its `time.monotonic`): it stands still, and only a
    thinking player moves it on, a quarter of a timeout at a time, and only once every other party
    (the one waiting on it, the spectator) has heard a `thinking` beat since the last move. A wait
    for the beat may take as long as a loaded machine needs: the timeout never sees it, only the
    moves, so the margin is in the steps (two moves between resets stay short of a timeout), not
    in how fast the machine is."""

    STEP = DEADLINE / 4

    def __init__(self) -> None:
        self.now = 0.0
        self.heard: dict[int, int] = {}  # thinking beats each receiving link has read
        self.changed = threading.Condition()

    def monotonic(self) -> float:
        return self.now

    def beat_read(self, link: object) -> None:
        with self.changed:
            self.heard[id(link)] = self.heard.get(id(link), 0) + 1
            self.changed.notify_all()

    def think(self, timeouts: int) -> None:
        """Think for `timeouts` timeouts by this clock, moving it only after beats were heard."""
        for _ in range(timeouts * 4 + 1):
            with self.changed:
                before = dict(self.heard)
                assert self.changed.wait_for(lambda was=before: self._both_heard(was), DEADLINE), (
                    f"the other two parties did not both hear a thinking beat in {DEADLINE:g} s"
                )
                self.now += self.STEP

    def _both_heard(self, before: dict[int, int]) -> bool:
        return sum(n > before.get(k, 0) for k, n in self.heard.items()) >= 2


def _thinks_first(decide: Callable[..., Command], clock: _Clock, timeouts: int) -> Callable[..., Command]:
    """`decide`, but its first decision is thought over for `timeouts` timeouts, as a player might."""
    first = [True]

    def slow(*args: object) -> Command:
        if first[0]:
            first[0] = False
            clock.think(timeouts)  # the long think is what this test is about
        return decide(*args)

    return slow


@pytest.mark.slow  # a whole network session between processes
def test_a_player_who_thinks_past_the_timeout_is_not_taken_for_lost(monkeypatch):
    # Issue 21, faults: "a peer silent past the timeout" is a lost connection; a player thinking
    # for three timeouts is not one (the side deciding sends `thinking`, relayed to spectators).
    # The timeouts run on a clock of the test's (_Clock), so no wait of a loaded machine counts.
    clock = _Clock()
    monkeypatch.setattr(peer, "time", clock)
    read = Link.poll

    def poll(self: Link, timeout: float) -> dict[str, object] | None:
        msg = read(self, timeout)
        if msg is not None and msg["type"] == "thinking":
            clock.beat_read(self)
        return msg

    monkeypatch.setattr(Link, "poll", poll)
    monkeypatch.setattr(peer, "BEAT_SECONDS", 0.1)
    host = HostThread(SKIRMISH, seed=6, timeout=DEADLINE).start()
    host.host.plan.decide = _thinks_first(ai, clock, 3)
    w, watched, watch_lines = join_thread(host.address, host.code, watch=True)
    host.said("watching from round 1")
    j, joined, join_lines = join_thread(host.address, host.code, decide=_thinks_first(ai, clock, 3))
    j.join(DEADLINE)
    w.join(DEADLINE)
    assert host.finish() == 0, host.lines
    assert joined == [0] and watched == [0], (join_lines, watch_lines)
    said = host.lines + join_lines + watch_lines
    assert not [line for line in said if "silent" in line or "autosaved" in line], said
    assert clock.now >= 2 * 3 * DEADLINE  # both players thought for three timeouts by the timeouts' clock


def test_a_host_saves_an_abandoned_battle_where_it_was_told_when_it_started(tmp_path, monkeypatch):
    # The saves folder is fixed when the host starts: the player's folders seen later (a test's
    # private home gone when the test ends) must not take the autosave elsewhere.
    told = tmp_path / "told"
    scenario = load_scenario(SKIRMISH)
    blue, red = scenario.sides[0], scenario.sides[1]
    battle = Battle(scenario, seed=6, controllers={blue: "ai", red: "human"})
    lines: list[str] = []
    plan = HostPlan(
        battle, frozenset({blue}), red, ai, "TEST-CODE", "127.0.0.1", wait=0.05, saves=told, say=lines.append
    )
    host = Host(plan)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "later"))
    assert host.run() == 1
    (saved,) = told.iterdir()
    assert lines[-1] == f"no player joined in 0.05 s; the battle is saved at {saved}"
    assert not (tmp_path / "later").exists()
