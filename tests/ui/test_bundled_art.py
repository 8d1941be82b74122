"""The game finds the maps and art it ships with, says so when they are missing, (issue: installs like a real game)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from game.home import bundled
from game.scenario.tiled import load_scenario
from game.ui.common import art
from tests.ui.drive import app

SHIPPED = sorted(bundled.MAPS.glob("*.tmx"))


def test_the_default_map_and_the_tilesets_picture_are_found():
    assert bundled.DEFAULT_MAP.is_file()
    image = ET.parse(bundled.MAPS / "terrain.tsx").getroot().find("image")
    assert image is not None
    assert (bundled.MAPS / image.attrib["source"]).resolve().is_file()


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_unit_on_a_shipped_map_has_its_own_picture(path):
    kinds = {p.kind.key for p in load_scenario(path).units}
    assert kinds
    assert all((art.UNITS / f"{k}.png").is_file() for k in kinds), kinds


def test_a_missing_picture_is_reported_once_naming_the_file(capsys):
    app()
    sprites = art.Sprites()
    for px in (32, 48):
        plain = sprites.unit("no_such_kind_of_monster", "N", px)
        assert plain.get_size() == (px, px)
    lines = capsys.readouterr().err.splitlines()
    missing = str(art.UNITS / "no_such_kind_of_monster.png")
    assert [line for line in lines if missing in line] == [
        f"rout: warning: no picture {missing}; drawn as a plain token"
    ]
