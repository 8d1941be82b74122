"""Art: the map drawn from its Tiled tilesets, and unit sprites scaled and turned, cached."""

from __future__ import annotations

import logging
import sys
from functools import cache
from pathlib import Path

import pygame
import pytmx.util_pygame

from game.core.rules.geometry import FACINGS
from game.home.bundled import ASSETS
from game.scenario.model import Scenario

UNITS = ASSETS / "units"
_FALLBACK = {
    "grass": (86, 130, 60),
    "rough": (120, 110, 80),
    "shallow_water": (70, 120, 170),
    "deep_water": (30, 60, 120),
    "wall": (90, 90, 96),
    "tree": (40, 80, 40),
}


def render_map(scenario: Scenario) -> tuple[pygame.Surface, int]:
    """Every visible tile layer of the map, drawn once at its own tile size."""
    return render_map_file(scenario.path)


def render_map_file(path: str | Path) -> tuple[pygame.Surface, int]:
    """The tile layers of the map file at `path` (render_map's), with its tile size."""
    logging.getLogger("pytmx").setLevel(logging.ERROR)
    tmx = pytmx.util_pygame.load_pygame(str(path))
    tw = tmx.tilewidth
    surf = pygame.Surface((tmx.width * tw, tmx.height * tmx.tileheight)).convert()
    surf.fill((60, 70, 50))
    for layer in tmx.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, image in layer.tiles():
                surf.blit(image, (x * tw, y * tmx.tileheight))
    return surf, tw


def render_terrain(scenario: Scenario, tile: int = 32) -> pygame.Surface:
    """A plain map for scenarios without a .tmx file (tests, generated boards)."""
    t = scenario.terrain
    surf = pygame.Surface((t.width * tile, t.height * tile)).convert()
    for y in range(t.height):
        for x in range(t.width):
            i = y * t.width + x
            colour: tuple[int, ...] = (70, 110, 55) if t.move_cost[i] else (80, 80, 86)
            if t.hazard[i] != "none":
                colour = {"pit": (30, 24, 20), "fire": (220, 90, 20), "cliff": (50, 40, 40)}[t.hazard[i]]
            elif t.footing[i] in ("wading", "deep_water"):
                colour = _FALLBACK["shallow_water" if t.footing[i] == "wading" else "deep_water"]
            elif t.elevation[i]:
                colour = tuple(min(255, c + 25 * t.elevation[i]) for c in colour)
            pygame.draw.rect(surf, colour, (x * tile, y * tile, tile, tile))
    return surf


@cache
def _warn_missing(path: Path) -> None:
    """Say once per file that a picture is missing, so a broken install is not silently grey."""
    print(f"rout: warning: no picture {path}; drawn as a plain token", file=sys.stderr)


class Sprites:
    """Unit sprites drawn facing north at 2x, scaled to the zoom and turned to each facing."""

    def __init__(self) -> None:
        self._raw: dict[str, pygame.Surface] = {}
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def _load(self, name: str) -> pygame.Surface:
        if name not in self._raw:
            path = UNITS / f"{name}.png"
            if path.exists():
                self._raw[name] = pygame.image.load(str(path)).convert_alpha()
            else:  # an unknown kind still shows as a plain token
                _warn_missing(path)
                s = pygame.Surface((64, 64), pygame.SRCALPHA)
                pygame.draw.circle(s, (200, 200, 200), (32, 32), 22)
                pygame.draw.polygon(s, (40, 40, 40), [(32, 6), (24, 20), (40, 20)])
                self._raw[name] = s
        return self._raw[name]

    def unit(self, kind: str, facing: str, px: int) -> pygame.Surface:
        key = ("unit", kind, facing, px)
        if key not in self._cache:
            raw = self._load(kind)
            scaled = pygame.transform.smoothscale(raw, (px, px))
            angle = -45 * FACINGS.index(facing)
            self._cache[key] = pygame.transform.rotozoom(scaled, angle, 1.0) if angle else scaled
        return self._cache[key]

    def base(self, colour: tuple[int, int, int], px: int, large: bool = False) -> pygame.Surface:
        key = ("base", colour, px, large)
        if key not in self._cache:
            img = pygame.transform.smoothscale(self._load("base_large" if large else "base"), (px, px)).copy()
            img.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._cache[key] = img
        return self._cache[key]

    def icon(self, name: str, px: int) -> pygame.Surface:
        key = ("icon", name, px)
        if key not in self._cache:
            self._cache[key] = pygame.transform.smoothscale(self._load(f"icons/{name}"), (px, px))
        return self._cache[key]

    def mark(self, shape: str, colour: tuple[int, int, int], px: int) -> pygame.Surface:
        key = ("mark", shape, colour, px)
        if key not in self._cache:
            img = pygame.transform.smoothscale(self._load(f"marks/{shape}"), (px, px)).copy()
            img.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._cache[key] = img
        return self._cache[key]
