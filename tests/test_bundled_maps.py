"""A command names a shipped map by its name from any folder, and a file of the user's always
comes first (issue: installs like a real game: `rout simulate` must not look for maps beside
site-packages)."""

from __future__ import annotations

import shutil
from pathlib import Path

from game import bundled
from game.bundled import map_path
from game.cli import main


def test_a_shipped_map_is_found_by_its_name_with_or_without_tmx(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert map_path("battle") == str(bundled.MAPS / "battle.tmx")
    assert map_path("battle.tmx") == str(bundled.MAPS / "battle.tmx")


def test_a_file_of_the_users_comes_before_a_shipped_map_of_the_same_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(bundled.MAPS / "starter.tmx", tmp_path / "battle.tmx")
    assert map_path("battle.tmx") == "battle.tmx"


def test_a_path_with_a_folder_or_an_unknown_name_is_left_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert map_path("elsewhere/battle.tmx") == "elsewhere/battle.tmx"
    assert map_path("no_such_map") == "no_such_map"


def test_simulate_and_check_play_shipped_maps_from_another_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "starter", "--seed", "2", "--json"]) == 0
    assert '"games": 1' in capsys.readouterr().out
    assert main(["check", "duel", "melee3.tmx"]) == 0
    assert main(["check", "no_such_map"]) == 2
    assert capsys.readouterr().out.strip() == "no_such_map: file: not found"


def test_simulate_without_a_map_plays_the_default_one(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert Path(bundled.DEFAULT_MAP).is_file()
    assert main(["simulate", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("Skirmish")


def test_what_the_menu_says_of_a_shipped_map_is_in_words_a_player_sees_not_event_names():
    """Issue 13: 'lesson descriptions use event names (retreat_refused, stood_fast) the window
    never shows'."""
    import re  # noqa: PLC0415

    from game.scenario.tiled import load_scenario  # noqa: PLC0415

    for path in sorted(bundled.MAPS.glob("*.tmx")):
        sc = load_scenario(path)
        names = re.findall(r"\b[a-z]+_[a-z_]+\b", sc.title + " " + sc.description)
        assert not names, (path.name, names)
