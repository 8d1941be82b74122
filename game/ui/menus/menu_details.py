"""The main menu's right-hand side: the chosen scenario's map in miniature, size, armies and
description, or why it cannot load."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.common import theme
from game.ui.common.art import render_map
from game.ui.common.widgets import text, wrap

if TYPE_CHECKING:
    from game.ui.common.draw_cache import DrawCache
    from game.ui.menus.entries import Entry


def draw_details(e: Entry, thumbs: DrawCache, size: tuple[int, int], surface: pygame.Surface) -> None:
    """The chosen scenario: its map, size, armies and description, or why it cannot load."""
    w, h = size
    right = pygame.Rect(440, 130, w - 480, h - 260)
    thumb = _thumb(thumbs, e, right.w, right.h // 2)
    if thumb is not None:
        surface.blit(thumb, (right.x, right.y))
        ty = right.y + thumb.get_height() + 12
    else:
        ty = right.y
    if e.scenario is None:
        text(surface, e.error, (right.x, ty), 18, theme.TEXT_WARN)
        return
    sides = e.scenario.sides
    counts = ", ".join(f"{s} {sum(1 for u in e.scenario.units if u.side == s)}" for s in sides)
    text(
        surface,
        f"{e.scenario.terrain.width}x{e.scenario.terrain.height} squares — {counts}",
        (right.x, ty),
        20,
        theme.TEXT_DIM,
    )
    ty += 26
    lines = wrap(for_players(e.scenario.description), 20, right.w)
    room = max(0, (right.bottom - 8 - ty) // 21)  # what fits above the buttons; the rest cut short
    if len(lines) > room:
        lines = lines[: max(0, room - 1)] + ([lines[room - 1].rstrip(".,;:") + " …"] if room else [])
    for line in lines:
        text(surface, line, (right.x, ty), 20)
        ty += 21


def _thumb(thumbs: DrawCache, e: Entry, w: int, h: int) -> pygame.Surface | None:
    """The map in miniature with the armies as side-coloured discs, made once per map."""
    if e.scenario is None:
        return None
    sc = e.scenario

    def make() -> pygame.Surface:
        full, tile = render_map(sc)
        for p in sc.units:
            colour = theme.side_colour(p.side, sc.sides)
            n = p.kind.squares
            centre = ((p.pos[0] + n / 2) * tile, (p.pos[1] + n / 2) * tile)
            pygame.draw.circle(full, (0, 0, 0), centre, tile * n * 0.42)
            pygame.draw.circle(full, colour, centre, tile * n * 0.36)
        scale = min(w / full.get_width(), h / full.get_height())
        return pygame.transform.smoothscale(full, (int(full.get_width() * scale), int(full.get_height() * scale)))

    thumb: pygame.Surface = thumbs.get(str(e.path), None, make)
    return thumb


def for_players(description: str) -> str:
    """A map's description without the designer's win rates ("Measured: blue 52%, red 48% ...",
    which tools/make_maps.py writes into the shipped maps; maps/README.md keeps them). The window
    leaves them out rather than the files: a save holds its map's digest, and a changed map
    would no longer load the battles played on it."""
    kept, _, _ = description.partition(" Measured: ")
    return kept
