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
    """The minimap in its frame with the view's rectangle, one opaque picture redrawn only when
    the creatures, the view or the palette change."""
    r = rect(s)
    if r is None:
        return
    cam = s.camera
    per_x, per_y = r.w / cam.map_w, r.h / cam.map_h
    seen = pygame.Rect(
        r.x + round(cam.x / cam.size * per_x),
        r.y + round(cam.y / cam.size * per_y),
        round(cam.view_w / cam.size * per_x),
        round(cam.view_h / cam.size * per_y),
    ).clip(r)
    frame = r.inflate(6, 6)
    # the creatures move only with the log; their dots wear the sides' colours
    key = (r.size, id(s.battle), len(s.battle.events), tuple(sorted(s.side_colour.items())))
    colours = (theme.PANEL_BG, theme.SELECT, theme.PANEL_EDGE)

    def framed() -> pygame.Surface:
        img = pygame.Surface(frame.size).convert()
        local = pygame.Rect(0, 0, *frame.size)
        img.fill(theme.PANEL_BG)
        img.blit(s.cache.get("minimap", key, lambda: _picture(s, r.size)), (3, 3))
        pygame.draw.rect(img, theme.SELECT, seen.move(-frame.x, -frame.y), 2)
        pygame.draw.rect(img, theme.PANEL_EDGE, local, 2)
        return img

    surface.blit(s.cache.get("minimap_framed", (key, seen.move(-r.x, -r.y).topleft, seen.size, colours), framed), frame)


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
