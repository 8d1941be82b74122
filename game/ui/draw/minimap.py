"""The minimap: on a map larger than its view, the whole ground small in the view's corner,
the creatures as dots of their side's colour and the view's rectangle; a click on it moves
the view there (issue 22, "Big maps")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.common import theme

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState

MOST_W, MOST_H = 200, 140  # at most this big, so that it hides little of the battle
PAD = 8


def rect(s: BattleState) -> pygame.Rect | None:
    """Where the minimap is on screen, or None while the whole map is in view."""
    cam = s.camera
    if cam.shows_all:
        return None
    scale = min(MOST_W / cam.map_w, MOST_H / cam.map_h)
    w, h = max(1, round(cam.map_w * scale)), max(1, round(cam.map_h * scale))
    view = s.map_rect()
    return pygame.Rect(view.right - w - PAD, view.bottom - h - PAD, w, h)


def draw(s: BattleState, surface: pygame.Surface) -> None:
    r = rect(s)
    if r is None:
        return
    pygame.draw.rect(surface, theme.PANEL_BG, r.inflate(6, 6))
    key = (r.size, id(s.battle), len(s.battle.events))  # the creatures move only with the log
    surface.blit(s.cache.get("minimap", key, lambda: _picture(s, r.size)), r)
    cam = s.camera
    per_x, per_y = r.w / cam.map_w, r.h / cam.map_h
    seen = pygame.Rect(
        r.x + round(cam.x / cam.size * per_x),
        r.y + round(cam.y / cam.size * per_y),
        round(cam.view_w / cam.size * per_x),
        round(cam.view_h / cam.size * per_y),
    ).clip(r)
    pygame.draw.rect(surface, theme.SELECT, seen, 2)
    pygame.draw.rect(surface, theme.PANEL_EDGE, r.inflate(6, 6), 2)


def _picture(s: BattleState, size: tuple[int, int]) -> pygame.Surface:
    """The ground in small with a dot for each creature still fighting, in its side's colour."""
    ground = s.cache.get("minimap_ground", size, lambda: pygame.transform.smoothscale(s.map_surface, size))
    pic = ground.copy()
    per_x, per_y = size[0] / s.camera.map_w, size[1] / s.camera.map_h
    for u in s.battle.world.units.values():
        if u.life != "fighting":
            continue
        dot = pygame.Rect(
            round(u.pos[0] * per_x), round(u.pos[1] * per_y), max(3, round(u.n * per_x)), max(3, round(u.n * per_y))
        )
        pygame.draw.rect(pic, (0, 0, 0), dot.inflate(2, 2))
        pygame.draw.rect(pic, s.side_colour.get(u.side, theme.TEXT), dot)
    return pic


def click(s: BattleState, pos: tuple[int, int]) -> bool:
    """A click on the minimap centres the view on the square clicked; whether it was on it."""
    r = rect(s)
    if r is None or not r.collidepoint(pos):
        return False
    cam = s.camera
    cam.centre_on((pos[0] - r.x) / r.w * cam.map_w, (pos[1] - r.y) / r.h * cam.map_h)
    return True
