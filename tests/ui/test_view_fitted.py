"""Issue 22: a map bigger than the window opened on its middle, often empty ground (`rout replay`
on battle.tmx showed no creature): the view opens on the first side's creatures."""

from __future__ import annotations

from pathlib import Path

from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.viewer.takeover import viewer_of_played
from tests.ui.drive import app

BATTLE = Path(__file__).resolve().parents[2] / "maps" / "battle.tmx"


def _shown(stage, units) -> int:
    """How many of the creatures' squares are in the map's view."""
    cam = stage.camera
    n = 0
    for u in units:
        x, y = cam.to_screen(u.pos[0] + 0.5, u.pos[1] + 0.5)
        n += 0 <= x < cam.view_w and 0 <= y < cam.view_h
    return n


def test_the_replay_viewer_on_a_big_map_opens_on_the_creatures():
    a = app()
    played = BattleScreen(a, load_scenario(BATTLE), seed=1, controllers={"blue": "ai", "red": "ai"}, threaded=False)
    v = viewer_of_played(played)
    first = [u for u in v.stage.battle.world.units.values() if u.side == "blue"]
    assert v.stage.camera.map_w * v.stage.camera.size > v.stage.camera.view_w, "the map is bigger than the view"
    assert _shown(v.stage, first) == len(first), f"{_shown(v.stage, first)} of {len(first)} creatures in view"
