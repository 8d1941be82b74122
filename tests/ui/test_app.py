"""The window's loop keeps frames short: the collector's full passes happen at screen changes,
not in the middle of a battle (issue: the game window, 'input never waits'), and what a screen
left behind is still freed there."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.menus.menu import MenuScreen
from tests.ui.drive import app

SKIRMISH = Path(__file__).resolve().parents[2] / "maps" / "skirmish.tmx"


class Knot:
    """Garbage only the collector can free: it refers to itself."""

    def __init__(self) -> None:
        self.me = self


def test_screen_changes_set_the_heap_aside_and_still_free_what_was_left():
    a = app()
    scenario = load_scenario(SKIRMISH)
    screen = BattleScreen(a, scenario, seed=1, controllers={s: "ai" for s in scenario.sides}, threaded=False)
    knot = Knot()
    screen.leftover = knot  # something of the battle's, caught in a reference cycle
    a.show(screen)
    assert gc.get_freeze_count() > 0  # set aside: full passes during play skip it
    for _ in range(30):
        a.step(0.05)
    assert screen.battle.events
    gone, knot_gone = weakref.ref(screen), weakref.ref(knot)
    del screen, knot
    a.show(MenuScreen(a))
    assert gone() is None and knot_gone() is None
    gc.unfreeze()
