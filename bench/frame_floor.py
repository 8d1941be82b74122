"""The plain-blit floor of a battle screen's frame: the same picture as pre-rendered pieces that
one `blits` call puts down, with no flags, as a perfect cache would leave it.

How it is built from a frame the screen has just drawn (nothing is tuned by hand):

* outside the map's rectangle (the initiative track, the side panel, the bottom bar) each
  panel is one opaque piece, copied from the frame itself;
* the terrain in view is one opaque piece, the map's rectangle as `_draw_map` paints it;
* what lies over the terrain is drawn again by the screen's own drawing functions, in the
  frame's order, onto three transparent layers: the overlays (the review's lines, reach, targets,
  arcs, path), the tokens, and what goes over the tokens (the reach line, tags, floating numbers,
  the banner, the minimap, the roster). Each layer is cut along the map's squares and each
  square that holds anything becomes one piece, cropped to the pixels it holds: no empty pixel
  is blitted, and nothing is blitted twice within a layer.

The pieces are put down in that order (panels, terrain, overlays, tokens, the rest). The picture
they make is compared with the frame: `differs` counts the pixels that are not identical and
`max_diff` is the largest difference in a channel (a translucent mark drawn over another on a
transparent layer rounds a little differently than drawn straight over the ground)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pygame

from game.ui.draw import draw_battle, draw_review, minimap, roster_panel
from game.ui.draw.draw_cast import draw_cast_words
from game.ui.draw.draw_reach import draw_reach_line
from game.ui.draw.draw_tokens import draw_floaters, draw_tokens

Piece = tuple[pygame.Surface, tuple[int, int]]


@dataclass
class Floor:
    pieces: list[Piece]
    pixels: int  # how many pixels the pieces hold together
    differs: int
    max_diff: int


def capture(s: draw_battle.BattleState, frame: pygame.Surface) -> Floor:
    """The floor of the frame `s` has just drawn on `frame`."""
    r = s.map_rect()
    w, h = frame.get_size()
    pieces: list[Piece] = []
    for panel in (
        pygame.Rect(0, 0, w, r.y),
        pygame.Rect(0, r.bottom, w, h - r.bottom),
        pygame.Rect(0, r.y, r.x, r.h),
        pygame.Rect(r.right, r.y, w - r.right, r.h),
    ):
        if panel.w > 0 and panel.h > 0:
            pieces.append((frame.subsurface(panel).convert(), panel.topleft))
    ground = pygame.Surface((w, h)).convert()
    ground.set_clip(r)
    draw_battle._draw_map(s, ground, r)
    pieces.append((ground.subsurface(r).convert(), r.topleft))
    fights = draw_review.fights_shown(s)
    layers: list[Callable[[pygame.Surface], None]] = [
        lambda surf: (draw_review.draw_lines(s, surf, r, fights), draw_battle._draw_overlays(s, surf, r)),
        lambda surf: draw_tokens(s, surf, r, s.session.controllers),
        lambda surf: (
            draw_reach_line(s, surf, r),
            draw_review.draw_tags(s, surf, r, fights),
            draw_battle._draw_no_space(s, surf, r),
            draw_floaters(s, surf, r),
            draw_cast_words(s, surf, r),
            draw_battle._draw_banner(s, surf, r),
            minimap.draw(s, surf),
            roster_panel.draw(s, surf),
        ),
    ]
    for paint in layers:
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        layer.set_clip(r)
        paint(layer)
        pieces += _cut(layer, r, s.camera.size, (r.x - round(s.camera.x), r.y - round(s.camera.y)))
    picture = pygame.Surface((w, h)).convert()
    picture.blits(pieces, doreturn=False)
    diff = np.abs(pygame.surfarray.array3d(picture).astype(np.int16) - pygame.surfarray.array3d(frame).astype(np.int16))
    return Floor(
        pieces=pieces,
        pixels=sum(p.get_width() * p.get_height() for p, _ in pieces),
        differs=int(np.count_nonzero(diff.max(axis=2))),
        max_diff=int(diff.max()),
    )


def _cut(layer: pygame.Surface, r: pygame.Rect, size: int, origin: tuple[int, int]) -> list[Piece]:
    """The layer's non-empty squares inside r, each cropped to what it holds."""
    alpha = pygame.surfarray.array_alpha(layer)  # indexed [x, y]
    pieces: list[Piece] = []
    x0 = r.x - (r.x - origin[0]) % size
    y0 = r.y - (r.y - origin[1]) % size
    for y in range(y0, r.bottom, size):
        for x in range(x0, r.right, size):
            cell = pygame.Rect(x, y, size, size).clip(r)
            block = alpha[cell.x : cell.right, cell.y : cell.bottom]
            if not block.any():
                continue
            xs = np.flatnonzero(block.any(axis=1))
            ys = np.flatnonzero(block.any(axis=0))
            crop = pygame.Rect(cell.x + xs[0], cell.y + ys[0], xs[-1] - xs[0] + 1, ys[-1] - ys[0] + 1)
            pieces.append((layer.subsurface(crop).copy(), crop.topleft))
    return pieces
