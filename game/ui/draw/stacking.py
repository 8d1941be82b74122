"""Pictures laid one over another, merged into as few as blit the same pixels.

A translucent pixel blitted over a transparent one is copied, and an opaque one replaces what
is under it, so a stack of such pictures can be drawn once into one and blitted in one go. A
translucent pixel over a translucent one cannot: blended on a transparent layer it rounds
otherwise than blended twice over the ground, so that is where a new picture begins."""

from __future__ import annotations

import pygame

Part = tuple[pygame.Surface, tuple[int, int]]


def merged(parts: list[Part], size: tuple[int, int]) -> list[Part]:
    """The parts (pictures and their corners inside a box of `size`), in the order they are
    blitted, merged where that changes no pixel; each merged picture cropped to what it holds."""
    out: list[Part] = []
    layer: pygame.Surface | None = None
    for img, (x, y) in parts:
        if layer is not None and _clashes(layer, img, (x, y)):
            out.append(_cropped(layer))
            layer = None
        if layer is None:
            layer = pygame.Surface(size, pygame.SRCALPHA)
        layer.blit(img, (x, y))
    if layer is not None:
        out.append(_cropped(layer))
    return [p for p in out if p[0].get_width() and p[0].get_height()]


def _clashes(layer: pygame.Surface, img: pygame.Surface, at: tuple[int, int]) -> bool:
    """Whether a translucent pixel of img would fall on a translucent pixel of the layer."""
    return _translucent(layer).overlap(_translucent(img), at) is not None


def _translucent(img: pygame.Surface) -> pygame.mask.Mask:
    """The pixels of img that are neither transparent nor opaque (all it shows, if the whole
    surface has an alpha of its own)."""
    shown = pygame.mask.from_surface(img, 0)
    if img.get_alpha() is None or img.get_alpha() == 255:
        shown.erase(pygame.mask.from_surface(img, 254), (0, 0))
    return shown


def _cropped(layer: pygame.Surface) -> Part:
    box = layer.get_bounding_rect()
    return layer.subsurface(box).copy(), box.topleft


def bands(layer: pygame.Surface, height: int, gap: int = 16, first: int = 0) -> list[Part]:
    """A translucent layer as bands `height` rows tall, each cut into runs of the columns that
    hold something (empty stretches `gap` pixels wide or more left out) and each run cropped to
    what it holds: blitting them puts down the same pixels as the layer, each once, without
    blending its empty parts (a reach is a diamond with holes where creatures stand: its bounding
    box is twice its area, its bands' boxes a fifth more). `first`: where the first full band
    begins (the rows of the map's squares: a band across two rows of squares holds the wider)."""
    out: list[Part] = []
    w, h = layer.get_size()
    tops = [0, *range(first % height or height, h, height)]
    for y, bottom in zip(tops, [*tops[1:], h], strict=True):
        band = layer.subsurface((0, y, w, bottom - y))
        for x0, x1 in _runs(band, gap):
            run = band.subsurface((x0, 0, x1 - x0, band.get_height()))
            box = run.get_bounding_rect()
            if box.w and box.h:
                out.append((run.subsurface(box).copy(), (x0 + box.x, y + box.y)))
    return out


def _runs(band: pygame.Surface, gap: int) -> list[tuple[int, int]]:
    """The stretches [x0, x1) of the band's columns that hold a pixel, apart by `gap` or more."""
    box = band.get_bounding_rect()
    if not box.w:
        return []
    shown = pygame.mask.from_surface(band, 0)
    columns = pygame.mask.Mask((band.get_width(), 1))
    for row in range(box.y, box.bottom):  # the columns that hold a pixel, in one row of a mask
        columns.draw(shown, (0, -row))
    out: list[tuple[int, int]] = []
    for r in sorted(columns.get_bounding_rects(), key=lambda r: r.x):
        if out and r.x - out[-1][1] < gap:
            out[-1] = (out[-1][0], r.right)
        else:
            out.append((r.x, r.right))
    return out
