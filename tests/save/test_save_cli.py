"""The command line and saves: `rout play --load`, `rout replay` on saves, and replay files that
open from any folder (docs/formats.md#saves)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.save.autosave import named_save, saves_folder
from game.save.files import event_lines
from game.save.savefile import write_save
from tests.command_line import one_line_error, rout, rout_here
from tests.save.played import ARENA, arena_copy, played


def test_a_replay_and_its_map_moved_elsewhere_replay_from_a_third_folder(tmp_path):
    game_map = arena_copy(tmp_path / "a")
    (tmp_path / "a" / "replays").mkdir()
    r = rout_here(
        "simulate",
        str(game_map),
        "--seed",
        "4",
        "--log",
        "log.jsonl",
        "--save-replay",
        "replays/r.json",
        cwd=tmp_path / "a",
    )
    assert r.returncode == 0, r.stderr
    assert json.loads((tmp_path / "a" / "replays" / "r.json").read_text())["map"] == "../maps/arena.tmx"
    shutil.move(tmp_path / "a", tmp_path / "b")
    (tmp_path / "c").mkdir()
    r = rout_here("replay", "../b/replays/r.json", "--verify", cwd=tmp_path / "c")
    assert r.returncode == 0 and "verified" in r.stdout, r.stderr
    r = rout_here("replay", "r.json", "--log", "again.jsonl", cwd=tmp_path / "b" / "replays")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "b" / "replays" / "again.jsonl").read_bytes() == (tmp_path / "b" / "log.jsonl").read_bytes()


def test_rout_replay_runs_a_save_to_where_it_was_saved_and_verifies_it(tmp_path):
    b, commands = played(decisions=8)
    assert not b.over
    write_save(tmp_path / "s.json", b, commands)
    r = rout_here("replay", "s.json", "--log", "s.jsonl", cwd=tmp_path)
    assert r.returncode == 0 and f"saved in round {b.round}" in r.stdout, r.stderr
    assert (tmp_path / "s.jsonl").read_text() == event_lines(b.events)
    r = rout_here("replay", "s.json", "--verify", cwd=tmp_path)
    assert r.returncode == 0 and "verified" in r.stdout, r.stderr


def test_rout_replay_says_when_a_save_does_not_match_its_log(tmp_path):
    b, commands = played(decisions=14)
    path = write_save(tmp_path / "s.json", b, commands)
    data = json.loads(path.read_text())
    data["log_sha256"] = "f" * 64
    path.write_text(json.dumps(data))
    r = rout_here("replay", "s.json", "--verify", cwd=tmp_path)
    assert r.returncode == 1 and "the log differs from the one recorded" in r.stderr


def test_play_load_refuses_a_bad_save_in_one_line_before_any_window(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "map": "nowhere.tmx", "seed": 1}')
    one_line_error(rout_here("play", "--load", str(bad)), "bad.json", "map 'nowhere.tmx' not found")
    assert bad.read_text() == '{"format": 1, "map": "nowhere.tmx", "seed": 1}'
    one_line_error(rout_here("play", "--load", str(tmp_path / "none.json")), "none.json", "not found")


def test_play_load_with_a_map_or_mode_is_refused(tmp_path):
    path = write_save(tmp_path / "s.json", *played(decisions=2))
    one_line_error(rout_here("play", str(ARENA), "--load", str(path)), "--load opens a saved battle")
    one_line_error(rout_here("play", "--load", str(path), "--mode", "hotseat"), "--load opens a saved battle")


@pytest.mark.slow
def test_play_load_finds_a_save_by_name_in_the_saves_folder(tmp_path):
    """With no display the window cannot open; getting that far means the save was found and loaded."""
    folder = tmp_path / "data" / "rout" / "saves"
    folder.mkdir(parents=True)
    write_save(folder / "mine.json", *played(decisions=2))
    r = rout("play", "--load", "mine.json", cwd=tmp_path, env={"XDG_DATA_HOME": str(tmp_path / "data")})
    one_line_error(r, "cannot open the game window")


def test_load_takes_a_save_by_the_name_the_menus_continue_shows(tmp_path, monkeypatch):
    """Issue 22: the menu's Continue names a save without `.json`; `--load` took only the file name."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = saves_folder()
    folder.mkdir(parents=True)
    saved = write_save(folder / "before the bridge.json", *played(decisions=3))
    assert named_save("before the bridge") == saved
    assert named_save("before the bridge.json") == saved
    assert named_save("elsewhere") == Path("elsewhere")  # not found: the error names what was given
