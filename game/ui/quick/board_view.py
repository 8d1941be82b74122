"""The deployment's view of the field: how large a square is drawn and which part of a field too
big for the room is in sight. Opened on the player's zone; zoomed and panned by the player."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.generate.forces import Rect

Square = tuple[int, int]
TILE_MIN, TILE_OPEN, TILE_MAX = 6, 22, 64  # pixels a square: the least, the least opened at, the most


@dataclass
class BoardView:
    width: int  # the field, in squares
    height: int
    area: pygame.Rect  # the room on screen
    tile: int = TILE_OPEN
    x: float = 0.0  # the square at the area's top-left corner
    y: float = 0.0

    def fit(self) -> int:
        """The square size at which the whole field fits the area."""
        return max(TILE_MIN, min(self.area.w // self.width, self.area.h // self.height))

    def open_on(self, zone: Rect) -> None:
        """The whole field if it fits at a readable size, else the zone in the middle."""
        self.tile = max(self.fit(), min(TILE_OPEN, TILE_MAX))
        self.x = zone.x + zone.w / 2 - self.area.w / self.tile / 2
        self.y = zone.y + zone.h / 2 - self.area.h / self.tile / 2
        self.clamp()

    def clamp(self) -> None:
        self.x = min(max(self.x, 0.0), max(0.0, self.width - self.area.w / self.tile))
        self.y = min(max(self.y, 0.0), max(0.0, self.height - self.area.h / self.tile))

    def rect(self) -> pygame.Rect:
        """The part of the area the field covers."""
        w = min(self.area.w, self.width * self.tile)
        h = min(self.area.h, self.height * self.tile)
        return pygame.Rect(self.area.x, self.area.y, w, h)

    def corner(self, sq: Square) -> tuple[int, int]:
        """A square's top-left corner on screen."""
        return (
            round(self.area.x + (sq[0] - self.x) * self.tile),
            round(self.area.y + (sq[1] - self.y) * self.tile),
        )

    def centre(self, sq: Square) -> tuple[int, int]:
        x, y = self.corner(sq)
        return x + self.tile // 2, y + self.tile // 2

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        if not self.rect().collidepoint(pos):
            return None
        sx = int((pos[0] - self.area.x) / self.tile + self.x)
        sy = int((pos[1] - self.area.y) / self.tile + self.y)
        return (sx, sy) if 0 <= sx < self.width and 0 <= sy < self.height else None

    def zoom(self, by: int) -> None:
        """A step larger (by > 0) or smaller, about the middle of the view."""
        mx = self.x + self.area.w / self.tile / 2
        my = self.y + self.area.h / self.tile / 2
        self.tile = min(TILE_MAX, max(min(self.fit(), TILE_OPEN), self.tile + 4 * by))
        self.x = mx - self.area.w / self.tile / 2
        self.y = my - self.area.h / self.tile / 2
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by squares."""
        self.x += dx
        self.y += dy
        self.clamp()
