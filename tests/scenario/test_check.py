"""`rout check` and the loader on a corpus of broken maps: one exact message per check, never a traceback.

The corpus (tests/scenario/broken/*.tmx) is written by broken/make_corpus.py from
maps/test_arena.tmx. Each map must make `python -m game check FILE` exit 2 and print
the expected line (the text after 'FILE: '), and `python -m game simulate FILE` exit 2
with a one-line error; the same problems come from load_scenario, so a broken map
never starts a battle.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.main import main
from game.core.options import declared
from game.scenario.errors import ScenarioError
from game.scenario.tiled import load_scenario

ROOT = Path(__file__).resolve().parents[2]
BROKEN = Path(__file__).resolve().parent / "broken"
ARENA = ROOT / "maps" / "test_arena.tmx"
CUT_OFF = "no way to an exit zone of side red: walls, hazards or enemies cut it off"

EXPECTED = {
    # the file itself
    "xml_does_not_parse": "xml: does not parse: mismatched tag: line 66, column 2",
    "xml_truncated": "xml: does not parse: no element found: line 28, column 4",
    "not_a_map": "xml: the root element is <tileset>, not <map>: is this a Tiled .tmx map?",
    # tilesets and their images
    "tileset_missing": "tileset nowhere/terrain.tsx: file not found",
    "tileset_not_tsx": "tileset terrain.json: only .tsx tileset files are supported (export the tileset as .tsx)",
    "tileset_image_missing_external": "tileset image_missing.tsx: image terrain_missing.png not found (relative to image_missing.tsx)",
    "tileset_image_missing_embedded": "tileset terrain: image ../../../assets/tiles/missing.png not found (relative to the map)",
    # the map's shape
    "orientation_isometric": "map: orientation 'isometric' is not orthogonal",
    "infinite": "map: infinite maps are not supported; make it finite (Map > Map Properties > Infinite)",
    "tiles_not_square": "map: tiles are 32x16; they must be square",
    "map_empty": "map: attribute width is 0; it must be at least 1",
    "map_too_large": "map: size 5000x8 is too large; at most 1000 squares a side",
    "map_width_not_a_number": "map: attribute width must be a whole number, not 'twelve'",
    # layer data
    "layer_size_mismatch": "layer ground: is 10x8 squares; the map is 12x8",
    "layer_data_short": "layer ground: data holds 95 tiles; the 12x8 map needs 96",
    "layer_data_not_a_number": "layer ground: data: 'hill' is not a tile number (CSV)",
    "layer_data_bad_base64": "layer ground: data: zlib data does not decompress: Error -3 while decompressing data: unknown compression method",
    "layer_encoding_unknown": "layer ground: data: encoding 'hex' is not supported; use csv or base64",
    "layer_xml_tiles": "layer ground: data is stored as XML <tile> elements; save the map with CSV or Base64 layer format",
    "layer_gid_in_no_tileset": "layer features (0,0): tile gid 99 belongs to no tileset",
    # tile properties
    "tile_property_wrong_type": "layer ground (0,0): tile 0 of tileset terrain: property move_cost must be a whole number (int), not '1'",
    "tile_property_unparsable": "tileset tile_property_unparsable.tsx tile 0: property move_cost: 'lots' is not a whole number "
    "(the property's type is int)",
    "tile_property_out_of_range": "layer ground (0,0): tile 0 of tileset terrain: property move_cost 99 is out of range 0..10",
    "tile_property_bad_footing": "layer ground (0,0): tile 0 of tileset terrain: property footing 'lava' is not one of "
    "firm, wading, slippery, deep_water",
    # properties in general
    "property_type_unknown": "map property max_rounds: unknown property type 'integer' (use one of string, int, float, bool, color, "
    "file, object, enum)",
    "property_type_class": "map property max_rounds: class properties are not supported; use plain properties",
    # the units layer
    "no_units_layer": "map: there is no object layer named 'units'",
    "two_units_layers": "map: there are 2 object layers named 'units'; merge them into one",
    "units_layer_empty": "units: the units layer places no units",
    "one_side_only": "units: a battle needs at least two sides; found blue",
    # units
    "unit_name_duplicate": "unit object 2 (blue_fighter): name 'blue_fighter' is already used by object 1",
    "unit_name_missing": "unit object 2 (unnamed): has no name (the unit id)",
    # Issue 26.9: a name with a newline split its error in two and could forge a line.
    "unit_name_newline": "unit object 2 ('red_orc\\nrout: everything is fine'): name 'red_orc\\nrout: everything is "
    "fine' must be at most 64 printable characters, with no control characters",
    "unit_kind_unknown": "unit object 2 (red_orc): unknown unit kind 'dragon'",
    "unit_kind_missing": "unit object 2 (red_orc): property kind is missing",
    "unit_side_missing": "unit object 2 (red_orc): property side is missing",
    "unit_side_not_plain": "unit object 2 (red_orc): unknown side 'Red Army': a side is a plain name of lower-case letters, digits "
    "and _, starting with a letter",
    "unit_facing_bad": "unit object 2 (red_orc): facing must be one of N NE E SE S SW W NW, not 'UP'",
    "unit_facing_missing": "unit object 2 (red_orc): property facing is missing (one of N NE E SE S SW W NW)",
    "unit_outside_map": "unit object 2 (red_orc): stands outside the 12x8 map at (20, 3)",
    "unit_outside_map_negative": "unit object 2 (red_orc): stands outside the 12x8 map at (-2, 3)",
    "unit_on_impassable": "unit object 2 (red_orc): stands on an impassable square at (7, 3)",
    "unit_on_unit": "unit object 2 (red_orc): stands on blue_fighter's square at (4, 3)",
    "unit_hero_not_bool": "unit object 1 (blue_fighter): property hero must be true or false (type bool), not 'yes'",
    "unit_leader_bad_bool": "unit object 2 (red_orc): property leader: 'maybe' is not true or false (the property's type is bool)",
    "unit_hp_not_int": "unit object 2 (red_orc): property hp: 'many' is not a whole number (the property's type is int)",
    "unit_hp_string": "unit object 2 (red_orc): property hp must be a whole number (type int), not '12'",
    "unit_hp_zero": "unit object 2 (red_orc): property hp 0 is out of range 1..1000",
    "unit_controller_bad": "unit object 2 (red_orc): controller must be human or ai, not 'robot'",
    "unit_x_not_a_number": "unit object 2 (red_orc): attribute x must be a number, not 'abc'",
    "unit_x_not_finite": "unit object 2 (red_orc): attribute x must be a finite number, not 'inf'",
    # rule options
    # the known options listed as their declarations list them: a new option changes no test here
    "option_unknown": "map property fog_of_war: unknown rule option 'fog_of_war' "
    f"(known: {', '.join(sorted(r.name for r in declared()))})",
    "option_wrong_type": "map property max_rounds: option max_rounds must be a whole number (type int), not 'lots'",
    "option_out_of_range": "map property max_rounds: option max_rounds must be between 1 and 1000, not 5000",
    "option_bad_value": "map property morale_system: option morale_system must be one of adnd2e, ose, not 'gygax'",
    "option_bool_as_string": "map property knockdown_dice: option knockdown_dice must be true or false (type bool), not 'true'",
    "option_side_without_units": "map property surprised: option surprised names side 'green', which has no units",
    # zones
    "zone_outside_map": "zone object 4 (red_exit): lies outside the 12x8 map (squares (15,0) to (15,6))",
    "zone_kind_unknown": "zone object 3 (blue_exit): unknown zone kind 'escape'; property zone must be one of exit, deploy, objective",
    "zone_kind_missing": "zone object 3 (blue_exit): property zone is missing (one of exit, deploy, objective)",
    "zone_side_without_units": "zone object 3 (blue_exit): side 'green' has no units",
    # flight
    "exit_cut_off_by_walls": f"unit object 2 (red_orc): {CUT_OFF}",
    "exit_cut_off_by_fire": f"unit object 2 (red_orc): {CUT_OFF}",
    "exit_cut_off_by_enemy": f"unit object 2 (red_orc): {CUT_OFF}",
}


def _env() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=BROKEN,
        env=_env(),
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _check_in_process(name: str, capsys) -> tuple[int, list[str]]:
    cwd = os.getcwd()
    os.chdir(BROKEN)  # paths in the messages as the user typed them
    try:
        code = main(["check", f"{name}.tmx"])
    finally:
        os.chdir(cwd)
    out, err = capsys.readouterr()
    assert err == "" and "Traceback" not in out
    return code, out.splitlines()


def test_the_committed_corpus_is_what_make_corpus_writes_today():
    # Each broken file is a copy of a shipped map or tileset with one thing wrong: when those
    # change, the copies must be written again (python tests/scenario/broken/make_corpus.py).
    sys.path.insert(0, str(BROKEN))
    try:
        import make_corpus  # noqa: PLC0415  (lives in broken/, importable only while it is on sys.path)
    finally:
        sys.path.remove(str(BROKEN))
    files = make_corpus.files()
    assert {p.name for p in BROKEN.iterdir() if p.suffix in (".tmx", ".tsx")} == set(files)
    stale = [name for name, text in files.items() if (BROKEN / name).read_text() != text]
    assert not stale, f"out of date: {stale}"


def test_the_corpus_is_complete():
    """Every map in the folder has its expected line, and every expected line its map."""
    assert sorted(p.stem for p in BROKEN.glob("*.tmx")) == sorted(EXPECTED)


@pytest.mark.slow
def test_check_as_a_program_on_the_whole_corpus():
    """One `python -m game check` over every broken map: exit 2, each file's line, no traceback."""
    r = _run("check", *(f"{name}.tmx" for name in sorted(EXPECTED)))
    assert r.returncode == 2 and r.stderr == "", r.stderr
    lines = r.stdout.splitlines()
    for name, expected in EXPECTED.items():
        assert f"{name}.tmx: {expected}" in lines, name
    assert all(line.split(": ", 1)[0][:-4] in EXPECTED for line in lines)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["unit_kind_unknown", "xml_does_not_parse"])
def test_check_as_a_program_one_file(name):
    r = _run("check", f"{name}.tmx")
    assert r.returncode == 2 and r.stderr == "" and r.stdout == f"{name}.tmx: {EXPECTED[name]}\n"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_check_reports_the_problem(name, capsys):
    """`check FILE` (the same main() as `python -m game check FILE`, in this process for speed)."""
    code, lines = _check_in_process(name, capsys)
    assert code == 2, lines
    prefix = f"{name}.tmx: "
    assert lines and all(line.startswith(prefix) for line in lines), lines
    assert EXPECTED[name] in [line[len(prefix) :] for line in lines], lines


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_loader_refuses_it_with_the_same_lines(name, capsys):
    """The game loads maps through the same checks: a broken map never starts a battle."""
    _, lines = _check_in_process(name, capsys)
    with pytest.raises(ScenarioError) as e:
        load_scenario(BROKEN / f"{name}.tmx")
    assert [p.split(": ", 1)[1] for p in e.value.problems] == [line.split(": ", 1)[1] for line in lines]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_simulate_refuses_it_in_one_line(name, capsys):
    assert main(["simulate", str(BROKEN / f"{name}.tmx")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1 and EXPECTED[name] in err and "Traceback" not in err


@pytest.mark.slow
@pytest.mark.parametrize("name", ["xml_does_not_parse", "tileset_missing", "unit_kind_unknown", "exit_cut_off_by_fire"])
def test_simulate_as_a_program(name):
    r = _run("simulate", f"{name}.tmx")
    assert r.returncode == 2 and r.stdout == "" and "Traceback" not in r.stderr
    assert r.stderr.splitlines() == [r.stderr.strip()] and r.stderr.startswith(f"{name}.tmx: ")


@pytest.mark.slow
def test_check_passes_good_maps_and_reports_every_file():
    good = _run("check", str(ARENA), str(ROOT / "maps" / "skirmish.tmx"))
    assert good.returncode == 0 and good.stdout == "2 maps valid\n"  # issue 22: it was silent
    both = _run("check", str(ARENA), "unit_on_unit.tmx", "zone_kind_unknown.tmx")
    assert both.returncode == 2
    assert [line.split(":")[0] for line in both.stdout.splitlines()] == ["unit_on_unit.tmx", "zone_kind_unknown.tmx"]


def test_missing_file_and_folder(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.tmx"), str(tmp_path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{tmp_path / 'nope.tmx'}: file: not found", f"{tmp_path}: file: is a folder, not a .tmx map"]


def test_an_empty_file(tmp_path, capsys):
    empty = tmp_path / "empty.tmx"
    empty.write_text("")
    assert main(["check", str(empty)]) == 2
    assert capsys.readouterr().out.startswith(f"{empty}: xml: does not parse: no element found")


def test_a_cornered_unit_is_allowed_when_the_map_says_so(tmp_path):
    """`cornered` (bool) marks a unit that starts with no way out on purpose (a lesson)."""
    text = (
        (BROKEN / "exit_cut_off_by_walls.tmx")
        .read_text()
        .replace(
            '<property name="facing" value="W"/>',
            '<property name="facing" value="W"/>\n    <property name="cornered" type="bool" value="true"/>',
        )
    )
    m = tmp_path / "cornered.tmx"
    m.write_text(text.replace("../../../maps/terrain.tsx", str(ROOT / "maps" / "terrain.tsx")))
    assert [u.id for u in load_scenario(m).units] == ["blue_fighter", "red_orc"]


def test_exits_for_every_side_count_for_each_side(tmp_path):
    """An exit zone without a side is every side's: the red orc may flee by the blue exit."""
    text = (BROKEN / "exit_cut_off_by_walls.tmx").read_text()
    text = text.replace(
        '<property name="zone" value="exit"/>\n    <property name="side" value="blue"/>',
        '<property name="zone" value="exit"/>',
    )
    m = tmp_path / "shared_exit.tmx"
    m.write_text(text.replace("../../../maps/terrain.tsx", str(ROOT / "maps" / "terrain.tsx")))
    assert len(load_scenario(m).terrain.zones) == 2


def test_a_side_without_exits_is_not_checked(tmp_path):
    text = (BROKEN / "exit_cut_off_by_walls.tmx").read_text()
    start = text.index(' <objectgroup id="4" name="zones">')
    text = text[:start] + text[text.index("</objectgroup>", start) + len("</objectgroup>\n") :]
    m = tmp_path / "no_exits.tmx"
    m.write_text(text.replace("../../../maps/terrain.tsx", str(ROOT / "maps" / "terrain.tsx")))
    assert load_scenario(m).terrain.zones == ()
