"""`rout host --load SAVE`: a saved battle hosted over the network from where it stands (a host
gone for good leaves the joiner its autosave, and either player can host it again). The joiner
is welcomed with the whole command log, the saved commands first, and the battle ends with both
logs identical; a bad --load is one line, before anything listens or is written."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from game.core.battle import Battle
from game.history.saved_battle import replay_battle
from game.home.bundled import MAPS
from game.play.runner import play
from game.save.files import event_lines
from game.save.replay import load_replay
from game.save.savefile import write_save
from game.scenario.tiled import load_scenario
from tests.command_line import one_line_error, rout_here
from tests.net.peers import DEADLINE, Proc, join_thread
from tests.save.played import DUEL, played

SKIRMISH = MAPS / "skirmish.tmx"


@pytest.mark.slow
def test_a_saved_battle_is_hosted_from_where_it_stands_and_both_logs_end_identical(tmp_path):
    battle, commands = played(DUEL, seed=5, decisions=20)
    assert not battle.over and battle.round >= 2
    saved = tmp_path / "mid-battle.json"
    write_save(saved, battle, commands)
    host_log, out = tmp_path / "host.jsonl", tmp_path / "ended.json"
    host = Proc(
        *("host", "--load", str(saved), "--headless", "--listen", "127.0.0.1", "--port", "0", "--code", "T-LOAD"),
        *("--log", str(host_log), "--save", str(out), "--wait", str(DEADLINE)),
    )
    t, result, lines = join_thread(_address(host), "T-LOAD", str(tmp_path / "join.jsonl"))
    joined = host.said("playing red from round")
    assert int(joined.rsplit(" ", 1)[1]) == battle.round  # from where it was saved, not from the start
    t.join(DEADLINE)
    assert result == [0], lines
    assert host.wait() == 0, host.seen
    log = host_log.read_text()
    assert (tmp_path / "join.jsonl").read_text() == log
    assert log.startswith(event_lines(battle.events)) and '"battle_end"' in log
    ended = load_replay(out)
    assert ended.commands[: len(commands)] == commands and len(ended.commands) > len(commands)
    verify = rout_here("replay", str(out), "--verify")
    assert verify.returncode == 0 and "verified" in verify.stdout, verify.stderr


def test_a_bad_load_is_refused_in_one_line_before_anything_listens(tmp_path):
    battle, commands = played(DUEL, seed=5, decisions=6)
    saved = tmp_path / "saved.json"
    write_save(saved, battle, commands)
    saved_bytes = saved.read_bytes()
    one_line_error(rout_here("host", str(DUEL), "--load", str(saved), "--headless"), "leave out the map")
    one_line_error(rout_here("host", "--load", str(saved), "--seed", "4", "--headless"), "leave out the map, --seed")
    one_line_error(rout_here("host", str(DUEL), "--trust", "--headless"), "--trust goes with --load")
    one_line_error(
        rout_here("host", "--load", str(saved), "--headless", "--save", str(saved)),
        "refusing to overwrite an input file",
    )
    one_line_error(rout_here("host", "--load", str(tmp_path / "nowhere.json"), "--headless"), "nowhere.json")
    every: list = []
    over = play(Battle(load_scenario(DUEL), seed=5), levels={"blue": "baseline", "red": "baseline"}, played=every)
    assert over.over
    finished = tmp_path / "finished.json"
    write_save(finished, over, every)
    one_line_error(rout_here("host", "--load", str(finished), "--headless"), "the saved battle is over")
    assert saved.read_bytes() == saved_bytes  # the save named twice is untouched


@pytest.mark.slow  # a whole network session between processes
def test_the_joiners_autosave_of_a_host_gone_for_good_is_hosted_again_by_the_joiner(tmp_path):
    first = Proc("host", str(SKIRMISH), "--headless", "--listen", "127.0.0.1", "--port", "0", "--code", "T-GONE")
    t, out, lines = join_thread(_address(first), "T-GONE", wait=1.0)
    first.said("round 1: both logs agree")
    first.p.send_signal(signal.SIGKILL)
    assert first.p.wait(DEADLINE) == -signal.SIGKILL
    t.join(DEADLINE)
    assert out == [1], lines  # the host never came back
    autosave = Path(
        next(line for line in lines if "trying to join again" in line).split("autosaved at ")[1].split(";")[0]
    )
    kept = load_replay(autosave)
    again = Proc(
        *("host", "--load", str(autosave), "--side", "red", "--headless", "--listen", "127.0.0.1", "--port", "0"),
        *("--code", "T-AGAIN", "--log", str(tmp_path / "host.jsonl"), "--wait", str(DEADLINE)),
    )
    t, out, lines = join_thread(_address(again), "T-AGAIN", str(tmp_path / "join.jsonl"))
    assert again.said("playing blue from round")
    t.join(DEADLINE)
    assert out == [0], lines
    assert again.wait() == 0, again.seen
    log = (tmp_path / "host.jsonl").read_text()
    assert (tmp_path / "join.jsonl").read_text() == log and '"battle_end"' in log
    assert log.startswith(event_lines(replay_battle(autosave, kept, load_scenario(kept.map)).events))


def _address(host: Proc) -> str:
    return "127.0.0.1:" + host.said("listening on 127.0.0.1:").split("127.0.0.1:")[1].split(";")[0]
