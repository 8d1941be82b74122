"""What drawing keeps between frames, in one object the screen owns and hands to its drawing."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import pygame

T = TypeVar("T")


class DrawCache:
    """Surfaces and results that cost too much to rebuild every frame, each kept with the key
    of what it shows and rebuilt when that key changes."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Hashable, Any]] = {}
        self._tiles: dict[tuple[int, tuple[int, int, int], int], pygame.Surface] = {}

    def get(self, name: str, key: Hashable, make: Callable[[], T]) -> T:
        """What was made for this key last time, else make it now and keep it."""
        hit = self._kept.get(name)
        if hit is None or hit[0] != key:
            hit = self._kept[name] = (key, make())
        made: T = hit[1]  # what `make` made for this name: the callers keep one kind a name
        return made

    def clear(self, keep: tuple[str, ...] = ("map",)) -> None:
        """Forget what was kept (the battle went back: equal keys may now show other things),
        except the named entries, which never depend on the battle's state."""
        self._kept = {name: hit for name, hit in self._kept.items() if name in keep}

    def tile(self, size: int, colour: tuple[int, int, int], alpha: int) -> pygame.Surface:
        """A square of one translucent colour."""
        key = (size, colour, alpha)
        tile = self._tiles.get(key)
        if tile is None:
            tile = self._tiles[key] = pygame.Surface((size, size), pygame.SRCALPHA)
            tile.fill((*colour, alpha))
        return tile
