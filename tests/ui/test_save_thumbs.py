"""The save browser's thumbnails follow the palette (issue 23): a thumbnail made before a
palette change kept the old palette's side colours on its creatures' dots."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.scenario.tiled import load_scenario
from game.ui.common import theme
from game.ui.menus.save_info import SaveInfo
from game.ui.menus.save_thumbs import Thumbs
from tests.ui.drive import app

ROOT = Path(__file__).resolve().parents[2]


def _pixels(img: pygame.Surface) -> bytes:
    return pygame.image.tobytes(img, "RGB")


def test_a_thumbnail_wears_the_palette_shown_now():
    app()
    sc = load_scenario(ROOT / "maps" / "skirmish.tmx")
    info = SaveInfo(
        path=Path("/nowhere/a.rout"),
        when=1.0,
        units=tuple((p.pos[0], p.pos[1], 1, p.side) for p in sc.units),
        scenario=sc,
    )
    thumbs = Thumbs((240, 160))
    theme.use("standard")
    try:
        before = thumbs.get(info, may_make=True)
        theme.use("tritanopia")
        after = thumbs.get(info, may_make=True)
        fresh = Thumbs((240, 160)).get(info, may_make=True)
    finally:
        theme.use("standard")
    assert before is not None and after is not None and fresh is not None
    assert _pixels(after) != _pixels(before)
    assert _pixels(after) == _pixels(fresh)
    assert thumbs.get(info, may_make=False) is before  # back in the standard palette: the first one again
