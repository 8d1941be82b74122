"""Squares of the map on the screen: where one is drawn, and a set of them tinted."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.core.rules.geometry import Pos
from game.ui.common.camera import Camera
from game.ui.common.draw_cache import DrawCache

Colour = tuple[int, int, int]


def sq_rect(camera: Camera, r: pygame.Rect, sq: Pos, n: int = 1) -> pygame.Rect:
    """The screen rectangle of square sq (of an n-square creature there) in the map area r."""
    x, y = camera.to_screen(sq[0], sq[1])
    return pygame.Rect(r.x + x, r.y + y, camera.size * n, camera.size * n)


def fill(
    camera: Camera,
    cache: DrawCache,
    surface: pygame.Surface,
    r: pygame.Rect,
    squares: Iterable[Pos],
    tint: tuple[Colour, int],
) -> None:
    """Tint the squares in sight with (colour, alpha): one cached tile blitted many times (a reach
    can be hundreds of squares)."""
    tile = cache.tile(camera.size, *tint)
    surface.blits(
        [(tile, rect.topleft) for rect in (sq_rect(camera, r, sq) for sq in squares) if rect.colliderect(r)],
        doreturn=False,
    )
