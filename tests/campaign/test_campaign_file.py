"""`rout check CAMPAIGN_FOLDER` (docs/formats.md#campaigns): each fault of a campaign's file is
refused in one line naming the file, and a sound campaign passes."""

from __future__ import annotations

import re
import shutil

import pytest

from tests.campaign.helpers import SALT_ROAD
from tests.command_line import rout_here

GOOD = (SALT_ROAD / "campaign.toml").read_text(encoding="utf-8")


def _campaign(tmp_path, text):
    folder = tmp_path / "road"
    shutil.copytree(SALT_ROAD, folder)
    (folder / "campaign.toml").write_text(text, encoding="utf-8")
    # The map names the shipped tileset by a path from its own folder: keep that path whole.
    ford = folder / "maps" / "ford.tmx"
    ford.write_text(
        re.sub(
            r'source="[^"]*terrain.tsx"', f'source="{SALT_ROAD.parents[3] / "maps" / "terrain.tsx"}"', ford.read_text()
        )
    )
    return folder


def test_the_test_campaign_and_the_shipped_contracts_pass_the_check():
    r = rout_here("check", str(SALT_ROAD), "contracts")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == "2 campaigns valid"


FAULTS = [
    ("first names a missing battle", ('first = "ford"', 'first = "fjord"'), "first names 'fjord'"),
    ("a branch names a missing battle", ('victory = "camp"', 'victory = "kamp"'), "victory names 'kamp'"),
    (
        "a battle no branch reaches",
        ('victory = "camp"\ndefeat = "camp"', 'victory = "end"\ndefeat = "end"'),
        "'camp' is never reached",
    ),
    (
        "a loop with no way out",
        ('victory = "end"\ndefeat = "end"', 'victory = "camp"\ndefeat = "camp"'),
        "'camp': no branch from it ever reaches 'end'",
    ),
    ("an unknown kind to hire", ('"thief"]', '"theif"]'), "unknown kind 'theif'"),
    ("a kind not for hire", ('"thief"]', '"ogre"]'), "kind 'ogre' is not for hire"),
    ("an unknown start kind", ('kind = "archer"', 'kind = "bowman"'), "start member 'Berta': unknown kind 'bowman'"),
    ("a map that is not there", ("maps/ford.tmx", "maps/bridge.tmx"), "map 'maps/bridge.tmx'"),
    ("a map outside the folder", ("maps/ford.tmx", "../../../maps/duel.tmx"), "lies outside the campaign's folder"),
    ("a misspelt key", ("pay = 250", "payy = 250"), "unknown key 'payy' (did you mean \"pay\"?)"),
    (
        "a value of the wrong type",
        ('fielded = 4\nai = "baseline"\npay = 250', 'fielded = "four"\nai = "baseline"\npay = 250'),
        "fielded must be a whole number",
    ),
    (
        "an unknown AI level",
        ('ai = "baseline"\npay = 250', 'ai = "genius"\npay = 250'),
        "ai must be one of random, baseline",
    ),
    (
        "a map and a generated field",
        ('map = "maps/ford.tmx"', 'map = "maps/ford.tmx"\ngenerate = { width = 16 }'),
        "give either map",
    ),
    ("a generated field too small", ("width = 16", "width = 6"), "width must be a whole number from 16 to 64"),
    ("a later format", ("format = 1", "format = 2"), "format must be a whole number from 1 to 1"),
    ("no title", ('title = "A March for the Tests"\n', ""), "key title is missing"),
    ("two battles with one id", ('id = "camp"', 'id = "ford"'), "id is used by another battle already"),
    (
        "more fielded than the roster",
        ('fielded = 4\nai = "baseline"\npay = 250', 'fielded = 9\nai = "baseline"\npay = 250'),
        "fields 9, but the roster holds 6",
    ),
    ("not TOML", ("format = 1", "format = = 1"), "not valid TOML"),
]


@pytest.mark.parametrize(("fault", "change", "words"), FAULTS, ids=[f[0] for f in FAULTS])
def test_each_fault_of_a_campaign_file_is_one_line(tmp_path, fault, change, words):
    old, new = change
    assert old in GOOD, fault
    text = GOOD.replace(old, new, 1)
    if fault == "a loop with no way out":  # the ford's defeat ends the campaign; the camp loops on
        text = text.replace('defeat = "camp"', 'defeat = "end"', 1)
    folder = _campaign(tmp_path, text)
    r = rout_here("check", str(folder))
    assert r.returncode == 2 and "Traceback" not in r.stdout + r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1, lines
    assert words in lines[0] and str(folder) in lines[0], lines[0]


def test_a_folder_without_a_campaign_file_is_refused_in_one_line(tmp_path):
    (tmp_path / "empty").mkdir()
    r = rout_here("check", str(tmp_path / "empty"))  # as any folder given for a map is
    assert r.returncode == 2 and r.stdout.strip() == f"{tmp_path / 'empty'}: file: is a folder, not a .tmx map"
    r = rout_here("campaign", "play", str(tmp_path / "empty"))
    assert r.returncode == 2 and r.stderr.strip().endswith(
        "there is no campaign.toml here: a campaign is a folder holding one"
    )


def test_a_map_without_a_company_zone_is_refused(tmp_path):
    folder = _campaign(tmp_path, GOOD)
    ford = folder / "maps" / "ford.tmx"
    ford.write_text(
        ford.read_text().replace(
            'value="deploy"/>\n    <property name="side" value="blue"',
            'value="objective"/>\n    <property name="side" value="blue"',
        )
    )
    r = rout_here("check", str(folder))
    assert r.returncode == 2 and "side blue has no deploy zone" in r.stdout, r.stdout
