"""The camera: which part of the map the battlefield view shows, and at what zoom."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

ZOOMS = (0.25, 0.375, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0)  # the smallest two fit a big map in a small window
ONE = ZOOMS.index(1.0)


@cache
def _size(tile: int, zoom_i: int) -> int:
    """Pixels per square at a zoom: asked for every square and token drawn, so worked out once."""
    return max(4, round(tile * ZOOMS[zoom_i]))


@dataclass
class Camera:
    tile: int  # the map's tile size in pixels at zoom 1
    map_w: int  # squares
    map_h: int
    view_w: int  # pixels of the battlefield viewport
    view_h: int
    x: float = 0.0  # top-left of the view, in map pixels at the current zoom
    y: float = 0.0
    zoom_i: int = ONE
    # Pixels along the view's left, top, right and bottom edges that an overlay covers (the
    # minimap, a lesson's card): the map is centred in the rest when it fits there, and may be
    # scrolled out from under them when it does not (issue 37: the minimap hid the board's corner).
    covered: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def zoom(self) -> float:
        return ZOOMS[self.zoom_i]

    @property
    def size(self) -> int:
        """Pixels per square on screen."""
        return _size(self.tile, self.zoom_i)

    def clamp(self) -> None:
        left, top, right, bottom = self.covered
        self.x = _clamped(self.x, self.map_w * self.size, self.view_w, left, right)
        self.y = _clamped(self.y, self.map_h * self.size, self.view_h, top, bottom)

    def cover(self, covered: tuple[int, int, int, int]) -> None:
        """Overlays now cover these edges of the view (left, top, right, bottom pixels)."""
        if covered != self.covered:
            self.covered = covered
            self.clamp()

    def shrink_to_clear(self, least: int) -> None:
        """Zoom out, not below ZOOMS[least], while the whole map is in view but overlays cover some
        of it: the board then fits beside them."""
        _, _, w, h = self.clear()
        while self.zoom_i > least and self.shows_all and (self.map_w * self.size > w or self.map_h * self.size > h):
            self.zoom_at(-1, self.view_w // 2, self.view_h // 2)
            _, _, w, h = self.clear()

    def clear(self) -> tuple[int, int, int, int]:
        """The part of the view no overlay covers, as (x, y, w, h) in view pixels."""
        left, top, right, bottom = self.covered
        return left, top, max(1, self.view_w - left - right), max(1, self.view_h - top - bottom)

    def in_clear(self, sx: float, sy: float, margin: float = 0.0) -> bool:
        """Whether the map point (in squares) shows in the uncovered view, `margin` pixels inside it."""
        px, py = self.to_screen(sx, sy)
        x, y, w, h = self.clear()
        return x + margin <= px <= x + w - margin and y + margin <= py <= y + h - margin

    def to_screen(self, sx: float, sy: float) -> tuple[int, int]:
        """Screen pixel (relative to the viewport) of a square corner."""
        return round(sx * self.size - self.x), round(sy * self.size - self.y)

    def square_centre(self, origin: tuple[int, int], pos: tuple[int, int], n: int = 1) -> tuple[int, int]:
        """On screen, the centre of an n-square footprint at pos, for a map drawn from origin."""
        x, y = self.to_screen(pos[0] + n / 2, pos[1] + n / 2)
        return origin[0] + x, origin[1] + y

    def to_square(self, px: int, py: int) -> tuple[int, int]:
        return int((px + self.x) // self.size), int((py + self.y) // self.size)

    def pan(self, dx: float, dy: float) -> None:
        self.x += dx
        self.y += dy
        self.clamp()

    def zoom_at(self, step: int, px: int, py: int) -> None:
        """Zoom by one step, keeping the map point under (px, py) still."""
        old = self.size
        mx, my = (px + self.x) / old, (py + self.y) / old
        self.zoom_i = min(max(self.zoom_i + step, 0), len(ZOOMS) - 1)
        self.x, self.y = mx * self.size - px, my * self.size - py
        self.clamp()

    def centre_on(self, sx: float, sy: float) -> None:
        """The map point (in squares) in the middle of the part of the view no overlay covers."""
        x, y, w, h = self.clear()
        self.x = sx * self.size - x - w / 2
        self.y = sy * self.size - y - h / 2
        self.clamp()

    def fit(self, box: tuple[float, float, float, float], most: int = ONE + 2, least: int = 0) -> bool:
        """Show the squares box (x0, y0, x1, y1) at the largest zoom from ZOOMS[least] to
        ZOOMS[most] at which it fits, centred; whether it fits (if not, at the least zoom)."""
        x0, y0, x1, y1 = box
        for zi in range(most, least - 1, -1):
            self.zoom_i = zi
            if (x1 - x0) * self.size <= self.view_w and (y1 - y0) * self.size <= self.view_h:
                break
        self.centre_on((x0 + x1) / 2, (y0 + y1) / 2)
        return (x1 - x0) * self.size <= self.view_w and (y1 - y0) * self.size <= self.view_h

    def fit_map(self) -> bool:
        """The whole map, as large as it fits (the zoom-to-fit key); whether it fits at all."""
        return self.fit((0, 0, self.map_w, self.map_h))

    @property
    def shows_all(self) -> bool:
        """Whether the whole map fits the view at this zoom (else a minimap shows where the view is).
        Its size alone decides, not where the view stands: the room the minimap asks of the view
        (Camera.covered) must not keep the minimap shown."""
        return self.map_w * self.size <= self.view_w + 0.5 and self.map_h * self.size <= self.view_h + 0.5

    def resize(self, w: int, h: int) -> None:
        """A new size for the view, the map point at its middle kept there (issue 37: a new UI scale
        kept the corner and lost the creature acting)."""
        mid = ((self.x + self.view_w / 2) / self.size, (self.y + self.view_h / 2) / self.size)
        self.view_w, self.view_h = w, h
        self.x = mid[0] * self.size - w / 2
        self.y = mid[1] * self.size - h / 2
        self.clamp()


def _clamped(at: float, length: int, view: int, lead: int, trail: int) -> float:
    """The view's start along one axis: a map `length` pixels long centred in the `view` less the
    covered `lead` and `trail` where it fits, else kept within reach of either end of the map."""
    room = view - lead - trail
    if length <= room:
        return (length - room) / 2 - lead
    return min(max(at, -lead), length - view + trail)
