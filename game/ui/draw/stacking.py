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


def bands(layer: pygame.Surface, height: int) -> list[Part]:
    """A translucent layer as bands `height` rows tall, each cropped to what it holds: blitting
    them puts down the same pixels as the layer, without blending its empty corners (a reach is
    a diamond: its bounding box is twice its area)."""
    out: list[Part] = []
    w, h = layer.get_size()
    for y in range(0, h, height):
        band = layer.subsurface((0, y, w, min(height, h - y)))
        box = band.get_bounding_rect()
        if box.w and box.h:
            out.append((band.subsurface(box).copy(), (box.x, y + box.y)))
    return out
