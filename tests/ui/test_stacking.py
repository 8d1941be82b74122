"""stacking.bands (issue 23): a translucent layer cut into pieces that put down exactly the
layer's pixels, each once, leaving out its empty stretches."""

from __future__ import annotations

import random

import numpy as np
import pygame
import pytest

from game.ui.draw.stacking import bands


def _reach_like(seed: int, size: int, offset: int) -> pygame.Surface:
    """Squares tinted here and there along rows shifted by `offset`, some with outlines inside."""
    rng = random.Random(seed)
    layer = pygame.Surface((23 * size, 15 * size), pygame.SRCALPHA)
    for _ in range(120):
        x, y = rng.randrange(23), rng.randrange(15)
        square = pygame.Rect(x * size, y * size - offset, size, size).clip(layer.get_rect())
        # clipped here: pygame-ce 2.5.0 fills a rect that starts above the surface from its top, whole
        layer.fill((rng.randrange(256), 120, 200, rng.choice((70, 80, 90))), square)
    for _ in range(6):
        x, y = rng.randrange(23), rng.randrange(15)
        pygame.draw.rect(layer, (255, 80, 60), (x * size + 1, y * size + 1 - offset, size - 2, size - 2), 3)
    return layer


@pytest.mark.parametrize(("seed", "size", "offset"), [(1, 32, 0), (2, 32, 13), (3, 15, 7), (4, 16, 1)])
def test_the_bands_put_down_the_layers_pixels_each_once(seed, size, offset):
    layer = _reach_like(seed, size, offset)
    ground = pygame.Surface(layer.get_size())
    ground.fill((60, 110, 50))
    whole, cut = ground.copy(), ground.copy()
    whole.blit(layer, (0, 0))
    pieces = bands(layer, size, first=-offset)
    cut.blits(pieces, doreturn=False)
    assert np.array_equal(pygame.surfarray.array3d(whole), pygame.surfarray.array3d(cut))
    covered = np.zeros(layer.get_size(), dtype=int)
    for img, (x, y) in pieces:
        covered[x : x + img.get_width(), y : y + img.get_height()] += 1
    assert covered.max() == 1  # no pixel blended twice
    shown = int((pygame.surfarray.array_alpha(layer) > 0).sum())
    if size >= 16:  # an empty square is a stretch left out (narrower ones are blitted across)
        assert covered.sum() <= shown * 1.05
