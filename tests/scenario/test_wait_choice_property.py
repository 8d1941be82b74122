"""The map property `wait_choice` (docs/formats.md#maps): a bool that lets each side choose to wait
as the battle starts; anything else is a problem `rout check` names, one line, a non-zero exit."""

from __future__ import annotations

import shutil

from game.cli.main import main
from game.home.bundled import MAPS
from game.scenario.tiled import load_scenario


def arena_with(tmp_path, prop: str):
    """test_arena.tmx with one more map property, beside the shipped tileset and its art."""
    (tmp_path / "maps").mkdir()
    shutil.copy(MAPS / "terrain.tsx", tmp_path / "maps" / "terrain.tsx")
    shutil.copytree(MAPS.parent / "assets" / "tiles", tmp_path / "assets" / "tiles")
    text = (MAPS / "test_arena.tmx").read_text(encoding="utf-8")
    path = tmp_path / "maps" / "arena.tmx"
    path.write_text(text.replace("<properties>", "<properties>\n  " + prop, 1), encoding="utf-8")
    return path


def test_a_bool_wait_choice_offers_the_choice_and_no_property_offers_none(tmp_path):
    path = arena_with(tmp_path, '<property name="wait_choice" type="bool" value="true"/>')
    assert load_scenario(path).wait_choice is True
    assert load_scenario(MAPS / "test_arena.tmx").wait_choice is False
    assert "wait_choice" not in load_scenario(path).options  # not a rule option


def test_a_wait_choice_that_is_not_a_bool_is_a_problem_check_names(tmp_path, capsys):
    path = arena_with(tmp_path, '<property name="wait_choice" value="yes"/>')
    assert main(["check", str(path)]) != 0
    out = capsys.readouterr()
    assert "map property wait_choice: must be a bool property (true or false)" in out.out + out.err
