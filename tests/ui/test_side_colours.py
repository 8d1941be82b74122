"""Each side's colour and mark follow its name (issue 20's loose ends): with three sides, listed
blue, green, red, the side named red wore the palette's third colour (green's). Blue, red and
green keep their places in every palette, on the tokens, the panels, the minimap and the result."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import theme
from game.ui.common.palettes import PALETTES
from game.ui.draw import minimap
from tests.ui.drive import app

ROOT = Path(__file__).resolve().parents[2]


def test_named_sides_keep_their_places_and_other_sides_take_the_places_left():
    assert theme.side_places(["blue", "green", "red"]) == {"blue": 0, "green": 2, "red": 1}
    assert theme.side_places(["red", "blue"]) == {"red": 1, "blue": 0}
    assert theme.side_places(["orcs", "red"]) == {"orcs": 0, "red": 1}
    assert theme.side_places(["dwarves", "elves", "green"]) == {"dwarves": 0, "elves": 1, "green": 2}
    assert theme.side_places(["a", "b", "c", "red"]) == {"a": 0, "b": 2, "c": 3, "red": 1}


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_three_sides_wear_their_names_colours_on_board_minimap_and_marks(name):
    a = app()
    try:
        theme.use(name)
        sc = load_scenario(ROOT / "maps" / "melee3.tmx")
        assert sc.sides == ["blue", "green", "red"]
        s = BattleScreen(a, sc, seed=1, controllers={side: "ai" for side in sc.sides}, threaded=False)
        pal = theme.palette()
        assert s.side_colour == {"blue": pal.side(0), "red": pal.side(1), "green": pal.side(2)}
        assert s.side_shape == {"blue": "circle", "red": "square", "green": "triangle"}
        pic = minimap._picture(s, (200, 120))
        per_x, per_y = 200 / s.camera.map_w, 120 / s.camera.map_h
        red = next(u for u in s.battle.world.units.values() if u.side == "red")
        at = (round(red.pos[0] * per_x) + 1, round(red.pos[1] * per_y) + 1)
        assert tuple(pic.get_at(at))[:3] == pal.side(1)
    finally:
        theme.use("standard")
        pygame.display.quit()
