"""The save browser's thumbnails: each save's map in miniature with its creatures still fighting
as dots of their side's colour. A map is drawn once for all the saves on it."""

from __future__ import annotations

import pygame

from game.ui.common import theme
from game.ui.common.art import render_map, render_terrain
from game.ui.menus.save_info import SaveInfo


class Thumbs:
    """Thumbnails by save, made when first asked for (and only when allowed: one a frame)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self._maps: dict[str, pygame.Surface] = {}  # a map's path -> its ground, scaled to fit
        self._made: dict[tuple[str, float, str], pygame.Surface | None] = {}
        self.made_last = False  # whether the last `get` made a thumbnail

    def get(self, info: SaveInfo, may_make: bool) -> pygame.Surface | None:
        """The save's thumbnail; None if it has no map or one is not to be made this frame."""
        key = (str(info.path), info.when, theme.palette().name)  # the dots wear the palette's side colours
        self.made_last = False
        if key in self._made:
            return self._made[key]
        if not may_make or info.scenario is None:
            return None
        self.made_last = True
        thumb = self._made[key] = self._make(info)
        return thumb

    def _make(self, info: SaveInfo) -> pygame.Surface | None:
        sc = info.scenario
        if sc is None:
            return None
        ground = self._maps.get(sc.path)
        if ground is None:
            try:
                full = render_map(sc)[0] if sc.path else render_terrain(sc, 32)
            except (OSError, ValueError):  # the map's art gone since the save was read: no picture, no harm
                return None
            scale = min(self.size[0] / full.get_width(), self.size[1] / full.get_height())
            ground = pygame.transform.smoothscale(
                full, (max(1, int(full.get_width() * scale)), max(1, int(full.get_height() * scale)))
            )
            self._maps[sc.path] = ground
        thumb = ground.copy()
        per = thumb.get_width() / sc.terrain.width
        for x, y, n, side in info.units:
            colour = theme.palette().side(sc.sides.index(side)) if side in sc.sides else theme.TEXT
            centre = ((x + n / 2) * per, (y + n / 2) * per)
            pygame.draw.circle(thumb, colour, centre, max(1.5, per * n * 0.45))
        return thumb
