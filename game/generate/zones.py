"""Where each side deploys and where it flees: the zones of a generated field, from its size and
sides alone (the land is laid around them, so nothing has to be cleared out of them later).

Each side has an exit along its own map edge and a deployment zone in front of it: blue on the
left, red on the right, green (a third side) on the top. A zone covers the middle of its edge,
not all of it, so a river or a road can reach the map's edge beside it, and it is at least three
ranks deep. Blue's and red's zones are each other turned about the centre (two sides) or
mirrored left to right (three): twin armies stand on twin squares.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.generate.spec import FieldSpec


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    w: int
    h: int

    def squares(self) -> list[tuple[int, int]]:
        return [(x, y) for y in range(self.y, self.y + self.h) for x in range(self.x, self.x + self.w)]

    def holds(self, x: int, y: int, n: int) -> bool:
        return self.x <= x and x + n <= self.x + self.w and self.y <= y and y + n <= self.y + self.h

    def gap(self, x: int, y: int) -> int:
        """Squares between (x, y) and the rectangle, counted as a king moves (0 inside)."""
        dx = max(self.x - x, 0, x - (self.x + self.w - 1))
        dy = max(self.y - y, 0, y - (self.y + self.h - 1))
        return max(dx, dy)


@dataclass(frozen=True)
class Zones:
    exits: Mapping[str, Rect]
    deploy: Mapping[str, Rect]


def zones(spec: FieldSpec) -> Zones:
    """Blue on the left edge, red on the right, green (a third side) on the top."""
    w, h = spec.width, spec.height
    depth = max(3, w // 10)
    exits = {"blue": Rect(0, 0, 1, h), "red": Rect(w - 1, 0, 1, h)}
    top = 0
    deploy: dict[str, Rect] = {}
    if spec.sides == 3:
        green_depth, green_w = max(3, h // 10), max(6, w // 2)
        deploy["green"] = Rect((w - green_w) // 2, 1, green_w, green_depth)
        exits["green"] = Rect(1, 0, w - 2, 1)
        top = 1 + green_depth + max(2, h // 10)  # the side zones start below green's, with room between
    length = max(6, (h - top) * 5 // 8)
    length += (h - top - length) % 2  # as much room above as below: red's zone is blue's turned round
    y0 = top + (h - top - length) // 2
    deploy = {"blue": Rect(1, y0, depth, length), "red": Rect(w - 1 - depth, y0, depth, length), **deploy}
    return Zones(exits, deploy)


def depth(side: str, r: Rect) -> int:
    """How many ranks deep a side's zone is: squares from its edge towards the foe."""
    return r.h if side == "green" else r.w


def frontage(side: str, r: Rect) -> int:
    """How many squares wide a side's zone is along its edge."""
    return r.w if side == "green" else r.h
