"""The result screen's table of losses fits every canvas the game lays out (issue 20's loose
ends: at 1024x600 the "surrendered" column was cut off the right edge)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from game.home.settings import load_settings
from game.play.runner import play
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common.widgets import font
from game.ui.menus.result import COLUMNS, ResultScreen

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("window", "scale"), [((1024, 600), 1.0), ((2048, 1200), 2.0), ((1280, 720), 1.0)])
def test_every_column_of_the_table_fits_the_canvas_and_none_overlaps(window, scale):
    a = App(window, headless=True, settings=load_settings().changed(ui_scale=scale))
    try:
        assert a.size == (1024, 600) or window == (1280, 720)
        sc = load_scenario(ROOT / "maps" / "melee3.tmx")  # three sides: the longest table
        bs = BattleScreen(a, sc, seed=4, controllers={side: "ai" for side in sc.sides}, threaded=False)
        play(bs.battle, {side: "baseline" for side in sc.sides})
        result = ResultScreen(a, bs)
        a.show(result)
        a.step(0.016)
        cells = result.table_cells()
        assert [c.words for c in cells[: len(COLUMNS)]][-1] == "surrendered"
        canvas = pygame.Rect(0, 0, *a.size)
        rows: dict[int, list[pygame.Rect]] = {}
        for c in cells:
            r = pygame.Rect(c.at, font(c.size, c.bold).size(c.words))
            assert canvas.contains(r), (c.words, r, a.size)
            rows.setdefault(c.at[1], []).append(r)
        for row in rows.values():
            row.sort(key=lambda r: r.x)
            assert all(left.right < right.x for left, right in pairwise(row))
        assert len(rows) == 1 + len(sc.sides)
    finally:
        pygame.display.quit()
