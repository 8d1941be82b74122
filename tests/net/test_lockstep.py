"""Lockstep in one process (a host thread, a joiner thread): a whole battle, a desync found and
explained, a map of the host's own sent and stored under the data folder, a spectator."""

from __future__ import annotations

import os
import shutil
import threading

from game.core.battle import Battle
from game.core.commands import Command
from game.home.bundled import MAPS
from game.home.user_dirs import log_dir
from game.net.map_transfer import received_folder
from game.save.files import event_lines
from tests.net.peers import DEADLINE, HostThread, ai, join_thread

SKIRMISH = str(MAPS / "skirmish.tmx")


def test_a_joiner_thread_and_a_host_thread_play_the_skirmish_to_one_log(tmp_path):
    host = HostThread(SKIRMISH, seed=4).start()
    t, out, lines = join_thread(host.address, host.code, str(tmp_path / "join.jsonl"))
    t.join(DEADLINE)
    assert out == [0], lines
    assert host.finish() == 0, host.lines
    assert host.host.lock.battle.over
    assert (tmp_path / "join.jsonl").read_text() == event_lines(host.host.lock.battle.events)


class _Drifting(Battle):
    """A battle whose dice slip by one roll when round 3 begins: the logs part from there."""

    def apply(self, cmd):  # type: ignore[no-untyped-def]
        before = self.round
        out = super().apply(cmd)
        if before == 2 and self.round == 3:
            self.ctx.rng.next64()
        return out


class _Garbling(Battle):
    """A battle that writes one event in place of the next when round 3 begins: the logs differ
    there, the dice alike."""

    def apply(self, cmd):  # type: ignore[no-untyped-def]
        before = self.round
        out = super().apply(cmd)
        if before == 2 and self.round == 3:
            self.events[-1] = self.events[-2]
        return out


def test_dice_that_part_are_caught_at_the_command_before_any_roll_shows_it(tmp_path):
    """Issue 39: the per-command digest takes in the dice generator's position, so a battle whose
    dice slipped is stopped at the command that ended round 2, with both logs still alike."""
    host = HostThread(SKIRMISH, seed=4).start()
    t, out, lines = join_thread(host.address, host.code, make_battle=_Drifting)
    t.join(DEADLINE)
    assert host.finish() == 1 and out == [1]
    said = host.said("desync in round")
    for line in (said, lines[-1]):
        assert "the event logs agree, but the dice have parted: here dice " in line, line
    for folder in sorted(log_dir().glob("desync-*")):
        here, there = (folder / "here.jsonl").read_text(), (folder / "there.jsonl").read_text()
        assert here == there
        report = (folder / "report.txt").read_text()
        assert "the dice here: dice " in report and "; there: dice " in report and "?" not in report


def test_a_desync_stops_both_with_the_round_and_the_first_differing_event(tmp_path):
    host = HostThread(SKIRMISH, seed=4).start()
    t, out, lines = join_thread(host.address, host.code, make_battle=_Garbling)
    t.join(DEADLINE)
    assert host.finish() == 1 and out == [1]
    said = host.said("desync in round")
    assert "desync in round" in lines[-1]
    for line in (said, lines[-1]):
        assert "differs: here {" in line and ", there {" in line  # the first differing event, both ways
    event = said.split("event ")[1].split(" ")[0]
    assert event == lines[-1].split("event ")[1].split(" ")[0]
    folders = sorted(log_dir().glob("desync-*"))
    assert len(folders) == 2  # one each
    for folder in folders:
        here, there = (folder / "here.jsonl").read_text(), (folder / "there.jsonl").read_text()
        n = int(event) - 1
        assert here.splitlines()[:n] == there.splitlines()[:n]
        assert here.splitlines()[n] != there.splitlines()[n]
        assert "desync in round" in (folder / "report.txt").read_text()


def test_a_map_of_the_hosts_own_is_sent_and_kept_under_the_data_folder(tmp_path, monkeypatch):
    own = tmp_path / "mine" / "maps"
    own.mkdir(parents=True)
    shutil.copy(MAPS / "duel.tmx", own / "my_duel.tmx")
    shutil.copy(MAPS / "terrain.tsx", own / "terrain.tsx")
    shutil.copytree(MAPS.parent / "assets" / "tiles", tmp_path / "mine" / "assets" / "tiles")
    elsewhere = tmp_path / "joiner"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    host = HostThread(str(own / "my_duel.tmx"), seed=2).start()
    t, out, lines = join_thread(host.address, host.code)
    t.join(DEADLINE)
    assert out == [0], lines
    assert host.finish() == 0, host.lines
    stored = [p for p in received_folder().rglob("*") if p.is_file()]
    names = sorted(p.relative_to(received_folder()).as_posix().split("/", 1)[1] for p in stored)
    assert names == ["assets/tiles/terrain.png", "maps/my_duel.tmx", "maps/terrain.tsx"]
    for p in stored:  # byte for byte the host's files
        name = p.relative_to(received_folder()).as_posix().split("/", 1)[1]
        assert p.read_bytes() == (tmp_path / "mine" / name).read_bytes()
    assert os.listdir(elsewhere) == []


def test_a_spectator_who_comes_late_catches_up_and_sees_the_same_battle(tmp_path):
    host = HostThread(SKIRMISH, seed=5).start()
    decided, watching, count = threading.Event(), threading.Event(), [0]

    def joiner_ai(battle: Battle, level: str) -> Command:
        count[0] += 1
        if count[0] == 4:  # the battle is under way: the spectator comes now, and catches up
            decided.set()
            assert watching.wait(DEADLINE)
        return ai(battle, level)

    t, out, lines = join_thread(host.address, host.code, str(tmp_path / "join.jsonl"), decide=joiner_ai)
    assert decided.wait(DEADLINE)
    w, seen, words = join_thread(host.address, host.code, str(tmp_path / "watch.jsonl"), watch=True)
    assert "watching from round" in host.said("watching from round")
    watching.set()
    t.join(DEADLINE)
    w.join(DEADLINE)
    assert out == [0] and seen == [0], (lines, words)
    assert host.finish() == 0
    assert (tmp_path / "watch.jsonl").read_text() == (tmp_path / "join.jsonl").read_text()
    assert (tmp_path / "watch.jsonl").read_text() == event_lines(host.host.lock.battle.events)


def test_a_host_that_refuses_spectators_says_so():
    host = HostThread(SKIRMISH, watchers=0).start()
    w, seen, words = join_thread(host.address, host.code, watch=True)
    w.join(DEADLINE)
    assert seen == [1] and words == ["the host refused: this host takes no spectators"]
    assert "refused: this host takes no spectators" in host.said("spectators")
    host.host.listener.close()
