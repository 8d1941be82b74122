"""The view fitted to a battle when a screen opens (issue 22: a big map opened on empty ground,
and at 1024x600 the armies were cropped)."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.world import Unit
from game.ui.common.camera import ONE, Camera

MARGIN = 1  # squares of ground kept round the creatures, so the edge tokens are not cut


def box_of(units: Iterable[Unit]) -> tuple[float, float, float, float] | None:
    """The squares the creatures stand on, as (x0, y0, x1, y1) with a margin; None if none."""
    listed = list(units)
    if not listed:
        return None
    xs = [x for u in listed for x in (u.pos[0], u.pos[0] + u.n)]
    ys = [y for u in listed for y in (u.pos[1], u.pos[1] + u.n)]
    return min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN


def fit_battle(cam: Camera, units: Iterable[Unit]) -> None:
    """The whole map if it fits at zoom 1 or more; else every creature still fighting, as large
    as they fit down to zoom 0.75 (smaller tokens cannot be read); else the first side's
    creatures, at the largest zoom that shows them. The zoom-to-fit key and the minimap show
    the rest."""
    if cam.fit((0, 0, cam.map_w, cam.map_h), least=ONE):
        return
    fighting = [u for u in units if u.life == "fighting"]
    everyone = box_of(fighting)
    if everyone is None:
        cam.fit((0, 0, cam.map_w, cam.map_h), most=ONE, least=ONE)
        return
    if cam.fit(everyone, least=ONE - 1):
        return
    first = box_of(u for u in fighting if u.side == fighting[0].side)
    cam.fit(first or everyone, least=ONE - 1)
