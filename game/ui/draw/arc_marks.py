"""The arcs' patterns, so that an arc is never told by its colour alone: the front is a plain
ring, the flank is hatched one way, the rear both ways (the more lines, the worse the side to be
struck from). The retreat squares, which are flank or rear squares, wear the same."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.core.rules.geometry import Pos
from game.ui.common.camera import Camera
from game.ui.common.draw_cache import DrawCache
from game.ui.draw.squares import Colour, sq_rect

LINES = {"front": 0, "flank": 1, "rear": 2}  # hatchings: none, one way, both ways


def hatch(
    camera: Camera,
    cache: DrawCache,
    surface: pygame.Surface,
    r: pygame.Rect,
    squares: Iterable[Pos],
    *,
    arc: str,
    colour: Colour,
) -> None:
    """Draw the arc's hatching on each square in sight (nothing on the front's)."""
    if not LINES[arc]:
        return
    tile = hatching(camera, cache, arc, colour)
    surface.blits(
        [(tile, rect.topleft) for rect in (sq_rect(camera, r, sq) for sq in squares) if rect.colliderect(r)],
        doreturn=False,
    )


def hatching(camera: Camera, cache: DrawCache, arc: str, colour: Colour) -> pygame.Surface:
    """The hatched square of an arc that has lines, at the camera's zoom."""
    size = camera.size
    return cache.get(f"hatch_{arc}_{colour}", size, lambda: _pattern(size, LINES[arc], colour))


def _pattern(size: int, ways: int, colour: Colour) -> pygame.Surface:
    """Three diagonal strokes across a square, dark-edged to read on light ground too; crossed
    by three more the other way for `ways` 2."""
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    inset, width = max(4, size // 6), max(2, size // 14)
    lo, hi = inset, size - inset
    strokes: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for t in (0.25, 0.5, 0.75):
        d = round((hi - lo) * t * 2)
        a, b = (lo, lo + d), (lo + d, lo)  # "/" strokes from the left edge to the top edge
        if d > hi - lo:
            a, b = (lo + d - (hi - lo), hi), (hi, lo + d - (hi - lo))
        strokes.append((a, b))
        if ways == 2:
            strokes.append(((size - a[0], a[1]), (size - b[0], b[1])))  # mirrored: "\"
    for a, b in strokes:
        pygame.draw.line(tile, (0, 0, 0, 160), a, b, width + 2)
    for a, b in strokes:
        pygame.draw.line(tile, (*colour, 235), a, b, width)
    return tile
