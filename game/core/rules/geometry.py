"""Squares, the eight facings, footprints and the front/flank/rear arcs (C&T facing)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from enum import StrEnum
from functools import cache
from typing import Protocol, TypeVar

Pos = tuple[int, int]

FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
# y grows downward, as in Tiled.
VECTORS: tuple[Pos, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


class Arc(StrEnum):
    """Where a square lies as seen by a creature (C&T facing)."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


# Short names: arcs are compared in the AI's innermost loops, where a global reads quicker.
FRONT, FLANK, REAR = Arc.FRONT, Arc.FLANK, Arc.REAR


class Size(StrEnum):
    """Creature size, smallest first: tiny, small, man-sized, large, huge, gargantuan."""

    T = "T"
    S = "S"
    M = "M"
    L = "L"
    H = "H"
    G = "G"


# Footprint by size: T, S, M, L = 1 square; H = 2x2; G = 3x3 (docs/rules.md#footprints).
SIZE_SQUARES = {Size.T: 1, Size.S: 1, Size.M: 1, Size.L: 1, Size.H: 2, Size.G: 3}
SIZE_ORDER = tuple(Size)


def footprint(pos: Pos, n: int) -> list[Pos]:
    x, y = pos
    return [(x + i, y + j) for j in range(n) for i in range(n)]


def chebyshev_to_footprint(sq: Pos, pos: Pos, n: int) -> int:
    """Distance in squares (diagonals count 1) from a square to the nearest footprint square."""
    x, y = pos
    dx = max(x - sq[0], 0, sq[0] - (x + n - 1))
    dy = max(y - sq[1], 0, sq[1] - (y + n - 1))
    return max(dx, dy)


def footprint_distance(a: Pos, na: int, b: Pos, nb: int) -> int:
    """Gap in squares between two footprints; 1 means adjacent."""
    # max(a - (b + nb - 1), 0, b - (a + na - 1)) on each axis, written out: the walks' attacks of
    # opportunity ask it of every enemy at every step. The two gaps sum to 2 - na - nb <= 0, so
    # at most one of them is positive.
    ax, ay = a
    bx, by = b
    dx = ax - bx - nb + 1
    if dx <= 0:
        dx = bx - ax - na + 1
        if dx < 0:  # noqa: PLR1730  # a comparison, not a call to max: the point of writing it out
            dx = 0
    dy = ay - by - nb + 1
    if dy <= 0:
        dy = by - ay - na + 1
        if dy < 0:  # noqa: PLR1730
            dy = 0
    return dx if dx > dy else dy  # noqa: FURB136


class Placed(Protocol):
    """Anything standing on the grid: its corner square and its side in squares."""

    @property
    def pos(self) -> Pos: ...

    @property
    def n(self) -> int: ...


P = TypeVar("P", bound=Placed)


def within(pos: Pos, n: int, others: Iterable[P], radius: int) -> list[P]:
    """Those of `others` whose footprint_distance from the footprint at pos is at most `radius`, in
    their order: one call for a whole list (a filter the AI runs over every foe, many times a decision)."""
    if radius < 0:
        return []
    ax, ay = pos
    out = []
    for o in others:
        bx, by = o.pos
        nb = o.n
        # footprint_distance's gaps unclamped: a negative gap is within any radius >= 0.
        dx = ax - bx - nb + 1
        if dx <= 0:
            dx = bx - ax - n + 1
        dy = ay - by - nb + 1
        if dy <= 0:
            dy = by - ay - n + 1
        if dx <= radius and dy <= radius:
            out.append(o)
    return out


def ring(pos: Pos, n: int, radius: int = 1) -> list[Pos]:
    """The squares at exactly `radius` from a footprint, row by row."""
    x, y = pos
    if n == 1 and radius == 1:  # the eight neighbours: asked for all the time
        return [
            (x - 1, y - 1),
            (x, y - 1),
            (x + 1, y - 1),
            (x - 1, y),
            (x + 1, y),
            (x - 1, y + 1),
            (x, y + 1),
            (x + 1, y + 1),
        ]
    return [
        (sx, sy)
        for sy in range(y - radius, y + n + radius)
        for sx in range(x - radius, x + n + radius)
        if chebyshev_to_footprint((sx, sy), pos, n) == radius
    ]


def arc_of(sq: Pos, pos: Pos, n: int, facing: int) -> Arc:
    """Return the arc ('front', 'flank', 'rear') a square lies in, seen from a footprint.

    Decision (docs/rules.md#arcs-front-flank-and-rear): the angle from the footprint's centre relative to
    facing: front <= 67.5 degrees, flank < 112.5, rear otherwise. For a
    1-square creature this gives C&T's 3 front, 2 flank and 3 rear squares.
    """
    if n == 1:
        dx, dy = sq[0] - pos[0], sq[1] - pos[1]
        if -1 <= dx <= 1 and -1 <= dy <= 1 and (dx or dy):
            return _ADJACENT_ARC[(_DIRECTION[(dx, dy)] - facing) % 8]
    # Doubled coordinates keep the centres on integers.
    cx, cy = 2 * pos[0] + n, 2 * pos[1] + n
    vx, vy = 2 * sq[0] + 1 - cx, 2 * sq[1] + 1 - cy
    fx, fy = VECTORS[facing]
    dot = vx * fx + vy * fy
    norm = math.hypot(vx, vy) * math.hypot(fx, fy)
    if norm == 0:
        return FRONT
    cos = dot / norm
    # tan(67.5) and tan(112.5) are irrational, so no lattice point sits on a boundary.
    if cos >= math.cos(math.radians(67.5)):
        return FRONT
    if cos > math.cos(math.radians(112.5)):
        return FLANK
    return REAR


_DIRECTION = {v: i for i, v in enumerate(VECTORS)}
_ADJACENT_ARC = (FRONT, FRONT, FLANK, REAR, REAR, REAR, FLANK, FRONT)


@cache
def front_offsets(reach: int, facing: int) -> tuple[tuple[int, int, int], ...]:
    """(dx, dy, distance) of every square within reach in a one-square creature's front arc."""
    return tuple(
        (dx, dy, max(abs(dx), abs(dy)))
        for dy in range(-reach, reach + 1)
        for dx in range(-reach, reach + 1)
        if (dx or dy) and arc_of((dx, dy), (0, 0), 1, facing) == FRONT
    )


def facing_toward(src: Pos, n: int, dst: Pos, m: int = 1) -> int:
    """Return the facing that points from footprint src's centre toward footprint dst's centre."""
    vx = (2 * dst[0] + m) - (2 * src[0] + n)
    vy = (2 * dst[1] + m) - (2 * src[1] + n)
    if vx == 0 and vy == 0:
        return 0
    angle = math.degrees(math.atan2(vx, -vy)) % 360  # 0 = N, clockwise
    return int((angle + 22.5) // 45) % 8


def retreat_vectors(facing: int) -> tuple[list[Pos], list[Pos]]:
    """Return the displacement vectors into rear spaces and into flank spaces.

    For a 1-square creature these are exactly its 3 rear and 2 flank squares;
    a larger footprint is shifted one square the same ways (docs/rules.md#forced-retreats).
    """
    rear = [VECTORS[(facing + k) % 8] for k in (4, 3, 5)]
    flank = [VECTORS[(facing + k) % 8] for k in (2, 6)]
    return rear, flank


def line_between(a: Pos, b: Pos) -> list[Pos]:
    """Squares strictly between a and b on a Bresenham line."""
    return list(squares_between(a, b))


def squares_between(a: Pos, b: Pos) -> Iterator[Pos]:
    """line_between's squares one at a time, for a caller that may stop at the first that matters."""
    x0, y0 = a
    x1, y1 = b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    while (x0, y0) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        if (x0, y0) != (x1, y1):
            yield (x0, y0)
