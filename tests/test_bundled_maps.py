"""A command names a shipped map by its name from any folder, and a file of the user's always
comes first (issue: installs like a real game: `rout simulate` must not look for maps beside
site-packages)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from game.cli.main import main
from game.core.events import TYPES
from game.home import bundled
from game.home.bundled import map_path
from game.scenario.tiled import load_scenario


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
    assert capsys.readouterr().out == "2 maps valid\n"
    assert main(["check", "no_such_map"]) == 2
    assert capsys.readouterr().out.strip() == "no_such_map: file: not found"


def test_simulate_without_a_map_plays_the_default_one(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert Path(bundled.DEFAULT_MAP).is_file()
    assert main(["simulate", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("Skirmish")


# What a map's title and description must not hold: an event's name (retreat_refused), the word
# "event", or an event's type opening a parenthesis, then a field ("(save, vs poison)").
JARGON = re.compile(
    rf"\b[a-z]+_[a-z_]+\b|\bevents?\b|\((?:{'|'.join(sorted(TYPES, key=len, reverse=True))}),", re.IGNORECASE
)


def test_what_the_menu_says_of_a_shipped_map_is_in_words_a_player_sees_not_event_names():
    """Issue 13: 'lesson descriptions use event names (retreat_refused, stood_fast) the window
    never shows', nor the JSON log's terms ('attack events, arc flank', 'save, vs poison'): a
    player reads the combat log."""
    for path in sorted(bundled.MAPS.glob("*.tmx")):
        sc = load_scenario(path)
        found = JARGON.findall(sc.title + " " + sc.description)
        assert not found, (path.name, found)


def test_the_jargon_check_catches_the_old_descriptions_and_passes_player_words():
    for old in (
        "(attack events, arc flank or rear)",
        "(fatigue and recover events)",
        "(save, vs poison)",
        "stood_fast",
    ):
        assert JARGON.search(old), old
    assert not JARGON.search("a save vs poison (the log says it saves or fails against the poison)")
