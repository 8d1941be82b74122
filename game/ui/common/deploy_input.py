"""A deployment's input, the quick battle's (game/ui/quick/deploy.py) and a campaign battle's
(game/ui/campaign/deploy.py) alike: a creature of the player's dragged within the zone, turned
(R, the wheel, a right click), Tab to the next, the arrows move it; + and - zoom, Z shows the
whole field, Shift+arrows and the middle button pan; Enter starts, Esc leaves. Where a creature
may stand, and what a click on a foe's says, is each screen's own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

import pygame

from game.ui.quick.board_view import TILE_MAX, BoardView

if TYPE_CHECKING:
    from game.ui.common.widgets import Button
    from game.ui.screen import Screen

Square = tuple[int, int]
STEPS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ZOOM_IN = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT = (pygame.K_MINUS, pygame.K_KP_MINUS)


class Deploying(Protocol):
    """What the input reads and calls of a deployment screen."""

    mouse: tuple[int, int]
    panning: bool  # the middle button held: the view follows the pointer
    dragging: int | None
    selected: int
    mine: list[int]  # the player's creatures, by their place in the screen's list

    @property
    def view(self) -> BoardView: ...

    @property
    def buttons(self) -> list[Button]: ...

    def at(self, i: int) -> Square:
        """Where creature i stands."""

    def unit_at(self, sq: Square) -> int | None: ...

    def move(self, i: int, sq: Square) -> bool: ...

    def turn(self, i: int, by: int) -> None: ...

    def start(self) -> Screen | None: ...

    def leave(self) -> Screen | None: ...

    def not_yours(self, i: int) -> None:
        """Say why creature i, the enemy's, cannot be moved."""


def handle(d: Deploying, event: pygame.event.Event) -> Screen | None:
    if event.type == pygame.MOUSEMOTION:
        d.mouse = event.pos
        if d.panning:
            d.view.pan(-event.rel[0] / d.view.tile, -event.rel[1] / d.view.tile)
    elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 2:
        d.panning = event.type == pygame.MOUSEBUTTONDOWN
    elif event.type == pygame.MOUSEBUTTONDOWN:
        return _press(d, event.pos, event.button)
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and d.dragging is not None:
        sq = d.view.square_at(event.pos)
        i, d.dragging = d.dragging, None
        if sq is not None and sq != d.at(i):
            d.move(i, sq)
    elif event.type == pygame.MOUSEWHEEL and d.selected >= 0:
        d.turn(d.selected, 1 if event.y < 0 else -1)
    elif event.type == pygame.KEYDOWN:
        return _key(d, event.key, event.mod)
    return None


def _press(d: Deploying, pos: tuple[int, int], button: int) -> Screen | None:
    d.mouse = pos
    if button == 1:
        for b in d.buttons:
            if b.hit(pos):
                return cast("Screen | None", b.action())
    sq = d.view.square_at(pos)
    i = d.unit_at(sq) if sq is not None else None
    if i is None or button not in (1, 3):
        return None
    if i not in d.mine:
        d.not_yours(i)
        return None
    d.selected = i
    if button == 1:
        d.dragging = i
    else:
        d.turn(i, 1)
    return None


def _key(d: Deploying, k: int, mod: int) -> Screen | None:
    if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        return d.start()
    if k == pygame.K_ESCAPE:
        return d.leave()
    if k in ZOOM_IN or k in ZOOM_OUT:
        d.view.zoom(1 if k in ZOOM_IN else -1)
    elif k == pygame.K_z:
        d.view.zoom(-TILE_MAX)  # the whole field, as far as it fits
    elif k in STEPS and mod & pygame.KMOD_SHIFT:
        d.view.pan(*(4 * s for s in STEPS[k]))
    elif not d.mine:
        return None
    elif k in (pygame.K_TAB, pygame.K_n):
        back = -1 if mod & pygame.KMOD_SHIFT else 1
        at = d.mine.index(d.selected) if d.selected in d.mine else 0
        d.selected = d.mine[(at + back) % len(d.mine)]
    elif k == pygame.K_r:
        d.turn(d.selected, -1 if mod & pygame.KMOD_SHIFT else 1)
    elif k in STEPS:
        x, y = d.at(d.selected)
        d.move(d.selected, (x + STEPS[k][0], y + STEPS[k][1]))
    return None
