"""A map may name its own catalogue (map property `catalogue`, maps/README.md): its weapons and units
extend or replace the shipped ones for that map only, checked as the shipped catalogue is, and every
problem in it is one line naming that file, the unit or weapon and the key, with exit 2."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.main import main
from game.scenario.errors import ScenarioError
from game.scenario.tiled import load_scenario

ROOT = Path(__file__).resolve().parents[2]
ARENA = ROOT / "maps" / "test_arena.tmx"

TROLL = """
[weapons.troll_claws]
name = "claws and bite"
kind = "melee"
damage = "2d6+2"
reach_ft = 3
knockdown = "d8"

[units.troll]
name = "Troll"
description = "A gangling green troll."
size = "L"
class = "monster"
hd = 6
hd_bonus = 6
hp = 33
dex = 12
con = 16
ac = 4
mv = 12
weapons = ["troll_claws", "javelin"]
morale = 14
morale_ose = 10
alignment = "CE"
int = 6
"""

TOUGH_ORC = """
[units.orc]
name = "Orc (tough)"
size = "M"
class = "monster"
hd = 1
hp = 12
dex = 11
ac = 6
mv = 9
weapons = ["battle_axe"]
morale = 13
morale_ose = 8
"""


def arena_with(tmp_path: Path, catalogue_text: str | None, red_kind: str = "orc", name: str = "monsters.toml") -> Path:
    """A playable copy of the test arena (map, tileset, art where it looks) naming its own catalogue."""
    (tmp_path / "maps").mkdir(exist_ok=True)
    if not (tmp_path / "assets").exists():
        (tmp_path / "assets").symlink_to(ROOT / "assets")
    shutil.copy(ROOT / "maps" / "terrain.tsx", tmp_path / "maps" / "terrain.tsx")
    text = ARENA.read_text()
    text = text.replace(
        "<properties>\n", f'<properties>\n  <property name="catalogue" type="file" value="{name}"/>\n', 1
    )
    text = text.replace('<property name="kind" value="orc"/>', f'<property name="kind" value="{red_kind}"/>')
    out = tmp_path / "maps" / "arena.tmx"
    out.write_text(text)
    if catalogue_text is not None:
        (tmp_path / "maps" / name).write_text(catalogue_text)
    return out


def _battle_start(log: Path) -> dict:
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0]["type"] == "battle_start" and lines[-1]["type"] == "battle_end"
    return lines[0]


def test_a_new_monster_with_its_own_weapon_plays_to_the_end(tmp_path, capsys):
    m = arena_with(tmp_path, TROLL, red_kind="troll")
    log = tmp_path / "game.jsonl"
    assert main(["simulate", str(m), "--seed", "3", "--log", str(log)]) == 0, capsys.readouterr().err
    troll = next(u for u in _battle_start(log)["units"] if u["id"] == "red_orc")
    assert troll["kind"] == "troll"
    # UnitInfo: size, hp, Dex, MV, HD for a monster, the adnd2e rating, fatigue 8 + HD (docs/rules.md, Fatigue)
    assert (troll["size"], troll["hp"], troll["dex"], troll["mv"], troll["level"], troll["morale"]) == (
        "L",
        33,
        12,
        12,
        6,
        14,
    )
    assert troll["fatigue"] == 14
    kind = next(p.kind for p in load_scenario(m).units if p.id == "red_orc")
    assert [w.key for w in kind.weapons] == ["troll_claws", "javelin"]  # its own weapon and a shipped one
    assert kind.melee is not None and str(kind.melee.damage) == "2d6+2" and kind.melee.knockdown == 8


def test_an_override_changes_that_kind_on_that_map_only(tmp_path, capsys):
    m = arena_with(tmp_path, TOUGH_ORC)
    log = tmp_path / "game.jsonl"
    assert main(["simulate", str(m), "--seed", "2", "--log", str(log)]) == 0, capsys.readouterr().err
    orc = next(u for u in _battle_start(log)["units"] if u["id"] == "red_orc")
    assert (orc["hp"], orc["dex"], orc["morale"]) == (12, 11, 13)
    kind = next(p.kind for p in load_scenario(m).units if p.id == "red_orc")
    assert kind.name == "Orc (tough)" and kind.shield == 0  # the whole entry replaced: no shield unless it says so
    shipped = next(p.kind for p in load_scenario(ARENA).units if p.id == "red_orc")
    assert (shipped.hp, shipped.dex, shipped.morale, shipped.shield) == (5, 10, 11, 1)


def test_an_edited_catalogue_is_read_again(tmp_path):
    m = arena_with(tmp_path, TOUGH_ORC)
    assert next(p.kind.hp for p in load_scenario(m).units if p.id == "red_orc") == 12
    (m.parent / "monsters.toml").write_text(TOUGH_ORC.replace("hp = 12", "hp = 120"))
    os.utime(m.parent / "monsters.toml", ns=(1, 1))  # a new stamp even where the clock is coarse
    assert next(p.kind.hp for p in load_scenario(m).units if p.id == "red_orc") == 120


def test_a_replaced_shipped_weapon_reaches_the_shipped_units_that_carry_it(tmp_path):
    axe = '[weapons.battle_axe]\nkind = "melee"\ndamage = "3d4"\nreach_ft = 4\nknockdown = "d8"\n'
    m = arena_with(tmp_path, axe)
    orc = next(p.kind for p in load_scenario(m).units if p.id == "red_orc")
    assert str(orc.melee.damage) == "3d4"


# (map catalogue text, the entry named, the key named, a word of the reason)
BAD = [
    (TROLL.replace("hp = 33", "hp = -6"), "unit troll", "hp", "not -6"),
    (TROLL.replace("dex = 12", "dex = 99"), "unit troll", "dex", "from 1 to 25, not 99"),
    (TROLL.replace("hp = 33", "hp = 6.7"), "unit troll", "hp", "not 6.7"),
    (TROLL.replace("hp = 33", 'hp = "six"'), "unit troll", "hp", 'not "six"'),
    (TROLL.replace('kind = "melee"', 'kind = "meele"'), "weapon troll_claws", "kind", 'did you mean "melee"'),
    (TROLL.replace("morale = 14", "moral = 14"), "unit troll", 'unknown key "moral"', 'did you mean "morale"'),
    (
        TROLL.replace("int = 6", 'int = 6\nflags = ["regenerates"]'),
        "unit troll",
        "flags",
        '"regenerates" is not one of',
    ),
    (
        TROLL.replace('"troll_claws", "javelin"', '"troll_claw", "javelin"'),
        "unit troll",
        "weapons",
        'unknown weapon "troll_claw"',
    ),
    (TROLL + "\n[monsters.troll]\nhp = 3\n", "unknown table [monsters]", "", ""),
]


@pytest.mark.parametrize(("text", "entry", "key", "why"), BAD)
def test_rout_check_names_the_catalogue_file_entry_and_key(tmp_path, capsys, text, entry, key, why):
    m = arena_with(tmp_path, text, red_kind="troll")
    assert main(["check", str(m)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1, out
    assert out[0].startswith(f"{m.parent / 'monsters.toml'}: {entry}"), out[0]
    assert f": {key}" in out[0] and why in out[0], out[0]


@pytest.mark.parametrize(("text", "entry", "key", "why"), BAD[:5])
def test_rout_simulate_refuses_a_bad_catalogue_in_one_line(tmp_path, capsys, text, entry, key, why):
    m = arena_with(tmp_path, text, red_kind="troll")
    assert main(["simulate", str(m)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1, err
    assert err[0].startswith(f"{m.parent / 'monsters.toml'}: {entry}: {key}") and why in err[0], err[0]


@pytest.mark.slow
def test_a_bad_catalogue_stops_the_command_with_no_traceback(tmp_path):
    m = arena_with(tmp_path, TROLL.replace("hp = 33", 'hp = "six"'), red_kind="troll")
    env = {"PATH": "/usr/bin:/bin", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy"}
    r = subprocess.run(
        [sys.executable, "-m", "game", "simulate", str(m)],
        cwd=ROOT,
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.splitlines() == [
        f'{m.parent / "monsters.toml"}: unit troll: hp must be a whole number from 1 to 1000, not "six"'
    ]


def test_a_missing_catalogue_file_is_named_by_the_map(tmp_path, capsys):
    m = arena_with(tmp_path, None, name="nowhere.toml")
    assert main(["check", str(m)]) == 2
    assert capsys.readouterr().out.splitlines() == [
        f"{m}: map property catalogue: there is no file {str(m.parent / 'nowhere.toml')!r}"
    ]


def test_a_toml_syntax_error_names_the_file_and_line(tmp_path, capsys):
    m = arena_with(tmp_path, TROLL.replace("hp = 33", "hp = 33 33"), red_kind="troll")
    line = TROLL.splitlines().index("hp = 33") + 1
    with pytest.raises(ScenarioError) as err:
        load_scenario(m)
    assert err.value.problems == [
        f"{m.parent / 'monsters.toml'}: line {line}, column 9: not valid TOML: expected newline or end of document after a statement"
    ]


def test_an_unknown_kind_on_the_map_is_still_the_maps_problem(tmp_path):
    m = arena_with(tmp_path, TROLL, red_kind="trol")
    with pytest.raises(ScenarioError) as err:
        load_scenario(m)
    assert err.value.problems == [f"{m}: unit object 2 (red_orc): unknown unit kind 'trol'"]
