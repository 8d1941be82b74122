"""Saves (docs/formats.md#saves): a save is a replay file that records every command
and the digests of its map and log; loading replays the commands and proves the battle is the one
played. A bad save is refused in one line and never touched."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.history.saved_battle import load_save
from game.save.errors import SaveError
from game.save.files import event_lines
from game.save.savefile import write_save
from tests.save.played import DUEL, ROOT, arena_copy, played


def same_battle(a, b) -> None:
    assert event_lines(a.events) == event_lines(b.events)
    assert a.world.units == b.world.units
    assert (a.round, a.pending()) == (b.round, b.pending())


def test_a_loaded_save_is_the_battle_that_was_saved(tmp_path):
    b, commands = played(decisions=15)
    assert not b.over and b.round > 1  # in mid-battle, some rounds in
    path = write_save(tmp_path / "s.json", b, commands, ai={"red": "baseline"})
    loaded, record = load_save(path)
    same_battle(loaded, b)
    assert record.commands == commands and record.ai == {"red": "baseline"}
    assert record.controllers == {"blue": "human", "red": "ai"} and record.is_save


@pytest.mark.slow
def test_a_save_loads_alike_in_a_fresh_process(tmp_path):
    b, commands = played(decisions=40)
    assert not b.over
    path = write_save(tmp_path / "s.json", b, commands)
    code = (
        "import sys\n"
        "from game.history.saved_battle import load_save\n"
        "from game.save.files import event_lines\n"
        "b, _ = load_save(sys.argv[1])\n"
        "sys.stdout.write(event_lines(b.events) + '---\\n' + repr(sorted(b.world.units.items())))\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # this checkout's code, from any folder
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    log, units = r.stdout.split("---\n")
    assert log == event_lines(b.events)
    assert units == repr(sorted(b.world.units.items()))


def test_a_save_records_the_versions_and_digests_the_contract_names(tmp_path):
    b, commands = played()
    data = json.loads(write_save(tmp_path / "s.json", b, commands, ai={"red": "hard"}).read_text())
    assert data["format"] == 3 and data["dice"] == 2 and data["game_version"] and data["ai"] == {"red": "hard"}
    assert len(data["map_sha256"]) == 64 and len(data["log_sha256"]) == 64
    assert len(data["commands"]) == len(commands)


def test_a_save_and_its_map_moved_to_another_folder_load_from_a_third(tmp_path, monkeypatch):
    """'The map path is stored relative to the save file ... so a save or replay opens from any folder.'"""
    game_map = arena_copy(tmp_path / "a")
    b, commands = played(game_map)
    (tmp_path / "a" / "saves").mkdir()
    write_save(tmp_path / "a" / "saves" / "s.json", b, commands)
    assert json.loads((tmp_path / "a" / "saves" / "s.json").read_text())["map"] == "../maps/arena.tmx"
    shutil.move(tmp_path / "a", tmp_path / "b")
    (tmp_path / "c").mkdir()
    monkeypatch.chdir(tmp_path / "c")
    loaded, record = load_save(Path("..") / "b" / "saves" / "s.json")
    same_battle(loaded, b)
    assert Path(record.map).resolve() == (tmp_path / "b" / "maps" / "arena.tmx").resolve()


def test_a_save_of_a_shipped_map_names_it_and_loads_anywhere(tmp_path, monkeypatch):
    b, commands = played(DUEL)
    path = write_save(tmp_path / "s.json", b, commands)
    assert json.loads(path.read_text())["map"] == "duel.tmx"
    monkeypatch.chdir(tmp_path)
    same_battle(load_save("s.json")[0], b)


def test_an_older_replay_with_its_map_relative_to_the_working_folder_still_loads(tmp_path, monkeypatch):
    b, commands = played(decisions=6, dice=1)  # format 1: Rout 0.3's dice
    rep = tmp_path / "old.json"
    rep.write_text(
        json.dumps(
            {
                "format": 1,
                "map": "maps/duel.tmx",
                "seed": 5,
                "controllers": {"blue": "human", "red": "ai"},
                "commands": [c.to_json() for c in commands],
            }
        )
    )
    monkeypatch.chdir(ROOT)
    loaded, record = load_save(rep)
    assert not record.is_save
    assert event_lines(loaded.events) == event_lines(b.events)


def edited(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def _set(key, value):
    return lambda d: d.__setitem__(key, value)


def _command(i, key, value):
    return lambda d: d["commands"][i].__setitem__(key, value)


BAD = [
    ("not json", lambda t: "{not json", ["not valid JSON"]),
    ("empty", lambda t: "", ["the file is empty"]),
    ("truncated", lambda t: t[: len(t) // 2], ["not valid JSON", "ends before the JSON does"]),
    ("foreign json", lambda t: '{"name": "left-pad", "version": "1.3.0"}', ["not a Rout replay or save"]),
    ("a list", lambda t: "[1, 2, 3]", ["not a Rout replay or save", "a list"]),
    ("newer format", lambda t: edited(t, _set("format", 4)), ["format 4 is newer than this Rout reads"]),
    ("format true", lambda t: edited(t, _set("format", True)), ["format must be 1, 2 or 3, not true"]),
    ("seed a string", lambda t: edited(t, _set("seed", "5")), ["'seed' must be a whole number"]),
    # Issue 25.1: Python reads no whole number over 4,300 digits, and raised a traceback here.
    ("seed of 5,000 digits", lambda t: t.replace('"seed": 5', '"seed": ' + "7" * 5000), ["a number too long"]),
    # Issue 26.11: a seed the generator would wrap, a format written as a fraction.
    ("seed above 64 bits", lambda t: edited(t, _set("seed", 2**64)), ["'seed' must be a whole number from 0 to"]),
    ("negative seed", lambda t: edited(t, _set("seed", -1)), ["'seed' must be a whole number from 0 to"]),
    ("format 1.0", lambda t: edited(t, _set("format", 1.0)), ["format must be 1, 2 or 3, not 1.0"]),
    # Issue 26.10: the 5,000-character path was the whole error, blamed on itself.
    ("map path 5,000 long", lambda t: edited(t, _set("map", "a" * 5000 + ".tmx")), ["'map' must be a path of at most"]),
    ("map path of two lines", lambda t: edited(t, _set("map", "duel.tmx\nrout: fine")), ["'map' must be a path"]),
    ("commands an object", lambda t: edited(t, _set("commands", {})), ["'commands' must be a list"]),
    ("digest not hex", lambda t: edited(t, _set("log_sha256", "abc")), ["'log_sha256' must be 64 hexadecimal"]),
    ("version a number", lambda t: edited(t, _set("game_version", 2)), ["'game_version' must be a string"]),
    ("version not one", lambda t: edited(t, _set("game_version", "not a version")), ["'game_version' must be a"]),
    ("unknown ai level", lambda t: edited(t, _set("ai", {"red": "godlike"})), ["red's level 'godlike' is unknown"]),
    ("ai of no side", lambda t: edited(t, _set("ai", {"green": "hard"})), ["ai: the map has no side 'green'"]),
    (
        "controllers of no side",
        lambda t: edited(t, _set("controllers", {"green": "human"})),
        ["controllers: the map has no side 'green'"],
    ),
    ("option of no side", lambda t: edited(t, _set("options", {"surprised": "green"})), ["surprised", "'green'"]),
    ("illegal command", lambda t: edited(t, _command(0, "unit", "nobody")), ["command 1", "refused", "no unit"]),
    (
        "log digest",
        lambda t: edited(t, _set("log_sha256", "0" * 64)),
        ["the replayed battle differs from the one saved"],
    ),
]


@pytest.mark.parametrize("case, spoil, words", BAD, ids=[c[0] for c in BAD])
def test_a_bad_save_is_refused_in_one_line_and_left_as_it_was(tmp_path, case, spoil, words):
    b, commands = played()
    path = write_save(tmp_path / "s.json", b, commands)
    path.write_text(spoil(path.read_text()))
    before = path.read_bytes()
    with pytest.raises(SaveError) as e:
        load_save(path)
    message = str(e.value)
    assert "\n" not in message and message.startswith(str(path))
    for w in words:
        assert w in message, message
    assert path.read_bytes() == before


def test_a_save_whose_map_has_changed_says_so(tmp_path):
    game_map = arena_copy(tmp_path)
    b, commands = played(game_map)
    path = write_save(tmp_path / "s.json", b, commands)
    game_map.write_text(game_map.read_text().replace("</map>", "<!-- edited -->\n</map>"))
    with pytest.raises(SaveError, match="the map has changed since the save") as e:
        load_save(path)
    assert str(game_map) in str(e.value) or "arena.tmx" in str(e.value)


def test_a_save_whose_map_is_gone_says_where_it_looked(tmp_path):
    game_map = arena_copy(tmp_path)
    b, commands = played(game_map)
    path = write_save(tmp_path / "s.json", b, commands)
    game_map.unlink()
    with pytest.raises(SaveError, match="map 'maps/arena.tmx' not found") as e:
        load_save(path)
    assert str(tmp_path / "maps" / "arena.tmx") in str(e.value)


def test_deep_nesting_is_refused_before_parsing(tmp_path):
    """A 100,000-deep array would exhaust the parser's stack (RecursionError): one line instead."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveError, match="nested 100000 deep; a replay or save nests at most 32 deep"):
        load_save(path)


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path):
    b, commands = played()
    path = write_save(tmp_path / "s.json", b, commands, options={})
    path.write_text(edited(path.read_text(), _set("note", "[" * 100 + '\\"{' * 100)))
    same_battle(load_save(path)[0], b)


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(65 * 1024 * 1024)  # sparse: no disk used, nothing read
    with pytest.raises(SaveError, match="68,157,440 bytes is too large; a replay or save is at most 16,777,216 bytes"):
        load_save(path)


def test_a_file_one_byte_over_the_limit_is_not_called_the_size_of_the_limit(tmp_path):
    # Issue 26.10: "64 MB is too large ... at most 64 MB". Issue 26.7: a 63 MB save cost 1.4 GB
    # to read; the limit is now 16 MB (bench/bench_hostile_memory.py).
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(16 * 1024 * 1024 + 1)
    with pytest.raises(SaveError, match="16,777,217 bytes is too large; a replay or save is at most 16,777,216"):
        load_save(path)


def test_a_save_is_a_replay_file_the_shipped_schema_admits(tmp_path):
    """docs/formats.md#saves: 'A save is a replay file with four more fields'."""
    jsonschema = pytest.importorskip("jsonschema")
    from importlib import resources  # noqa: PLC0415

    schema = json.loads(resources.files("game").joinpath("data/schemas/replay.schema.json").read_text())
    b, commands = played(decisions=30)
    data = json.loads(write_save(tmp_path / "s.json", b, commands, ai={"red": "normal"}).read_text())
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(data)) == []


def test_a_battle_on_a_map_built_in_code_cannot_be_saved(tmp_path):
    from game.core.battle import Battle  # noqa: PLC0415
    from tests.helpers import board, unit  # noqa: PLC0415

    b = Battle(board([unit("a", "blue", "fighter1", (1, 1)), unit("b", "red", "orc", (5, 5))]), seed=1)
    with pytest.raises(ValueError, match="only a battle on a map file can be saved"):
        write_save(tmp_path / "s.json", b, [])
    assert list(tmp_path.iterdir()) == []


def test_a_pipe_given_as_a_save_is_refused_without_waiting(tmp_path):
    # Issue 25.2: opening a pipe for reading waits for a writer that never comes.
    os.mkfifo(tmp_path / "s.json")
    with pytest.raises(SaveError, match="is not a regular file"):
        load_save(tmp_path / "s.json")
