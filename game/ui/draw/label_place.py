"""Placing labels on the board so that they hide neither each other nor the creatures: each goes
to the nearest spot around its anchor that overlaps least (issue 22: the round's review wrote
'hit back' over 'may push', and its labels over the tokens of the pairs they named)."""

from __future__ import annotations

import pygame

# Where a label may go around its anchor, in steps of half a square, nearest first.
SPOTS = sorted(
    ((dx, dy) for dx in range(-3, 4) for dy in range(-3, 4)),
    key=lambda d: (d[0] ** 2 + d[1] ** 2, abs(d[0]), d[1]),
)
ON_LABEL = 1_000_000  # a label over another is worse than over any creature
OUTSIDE = 10_000_000  # a label off the map is worse still


def place(
    wanted: list[tuple[tuple[int, int], tuple[int, int]]], avoid: list[pygame.Rect], bounds: pygame.Rect, step: int
) -> list[pygame.Rect]:
    """For each (size, anchor) in order, the rectangle it goes in: the first spot around the
    anchor that overlaps nothing, else the one that overlaps least (labels weigh most, then the
    area of creatures covered)."""
    placed: list[pygame.Rect] = []
    for size, (x, y) in wanted:
        best, least = None, -1
        for dx, dy in SPOTS:
            box = pygame.Rect((0, 0), size)
            box.center = (x + dx * step, y + dy * step)
            cost = _cost(box, placed, avoid, bounds)
            if best is None or cost < least:
                best, least = box, cost
            if cost == 0:
                break
        assert best is not None  # SPOTS is not empty
        placed.append(best)
    return placed


def _cost(box: pygame.Rect, placed: list[pygame.Rect], avoid: list[pygame.Rect], bounds: pygame.Rect) -> int:
    cost = 0 if bounds.contains(box) else OUTSIDE
    cost += ON_LABEL * sum(1 for p in placed if box.colliderect(p))
    for a in avoid:
        c = box.clip(a)
        cost += c.w * c.h
    return cost
