"""The sandbox's mouse and keys (help_keys.SANDBOX lists them for F1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from game.ui.navigation import ToMenu, go
from game.ui.sandbox import layout, sandbox_panel

if TYPE_CHECKING:
    from game.ui.sandbox.setup_state import SandboxState
    from game.ui.screen import Screen

UNIT_KEYS = (pygame.K_q, pygame.K_e, pygame.K_s, pygame.K_p, pygame.K_f, pygame.K_m, pygame.K_DELETE)
PLUS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS = (pygame.K_MINUS, pygame.K_KP_MINUS)


def handle(s: SandboxState, event: pygame.event.Event) -> Screen | None:
    if event.type == pygame.MOUSEMOTION:
        _moved(s, event)
    elif event.type == pygame.MOUSEBUTTONDOWN:
        s.mouse = event.pos
        if event.button == 1:
            return _press(s, event.pos)
        if event.button in (2, 3):
            s.drag_from = event.pos
    elif event.type == pygame.MOUSEBUTTONUP:
        if event.button == 1:
            _release(s, event.pos)
        elif event.button == 3 and s.drag_from == event.pos:
            s.selected = None  # a right click without a drag: nothing selected
        if event.button in (2, 3):
            s.drag_from = None
    elif event.type == pygame.MOUSEWHEEL:
        _wheel(s, event.y)
    elif event.type == pygame.KEYDOWN:
        return key(s, event.key, event.mod)
    return None


def _moved(s: SandboxState, event: pygame.event.Event) -> None:
    s.mouse = event.pos
    s.hover_sq = s.square_at(event.pos)
    if s.drag_from is not None and any(event.buttons[1:3]):
        dx, dy = event.rel
        s.camera.pan(-dx, -dy)
        s.drag_from = (-1, -1)  # dragged: the release is no click


def _press(s: SandboxState, pos: tuple[int, int]) -> Screen | None:
    """A left press: a button, a kind in the list, or a square of the map."""
    for b in sandbox_panel.buttons(s):
        if b.hit(pos):
            return cast("Screen | None", b.action())
    for i, r in sandbox_panel.kind_rects(s).items():
        if r.collidepoint(pos):
            s.pick_kind(i)
            return None
    sq = s.square_at(pos)
    if sq is not None:
        s.pressed_on = s.setup.at(sq)
        s.click_square(sq)
    return None


def _release(s: SandboxState, pos: tuple[int, int]) -> None:
    """A left release away from where a unit was pressed: the unit moves there."""
    uid, s.pressed_on = s.pressed_on, None
    sq = s.square_at(pos)
    if uid is None or sq is None or uid not in s.setup.units or s.setup.units[uid].pos == sq:
        return
    if s.setup.at(sq) in (None, uid) and s.setup.move(uid, sq):
        s.message = f"Moved {uid} to {sq}."
    else:
        s.message = f"{uid} cannot stand at {sq}."


def _wheel(s: SandboxState, step: int) -> None:
    if layout.list_rect(s.app.size).collidepoint(s.mouse):
        s.list_top = min(max(s.list_top - step * 3, 0), max(0, len(s.kind_keys) - layout.list_rows(s.app.size)))
    elif s.map_rect().collidepoint(s.mouse):
        r = s.map_rect()
        s.camera.zoom_at(1 if step > 0 else -1, s.mouse[0] - r.x, s.mouse[1] - r.y)


def key(s: SandboxState, k: int, mod: int = 0) -> Screen | None:
    if k == pygame.K_s and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        s.save()
    elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        return s.start()
    elif k == pygame.K_ESCAPE:
        return _escape(s)
    elif k in (pygame.K_UP, pygame.K_DOWN):
        s.pick_kind(s.kind_i + (1 if k == pygame.K_DOWN else -1))
    elif k == pygame.K_TAB:
        s.side_i += 1
    elif k in (pygame.K_DELETE, pygame.K_BACKSPACE):
        s.unit_key(pygame.K_DELETE)
    elif k in UNIT_KEYS:
        s.unit_key(k)
    elif k in PLUS or k in MINUS:
        s.hit_points(1 if k in PLUS else -1)
    elif k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
        s.toggle_controller(k - pygame.K_1)
    elif k == pygame.K_d:
        s.seed += 1
    elif k == pygame.K_c:
        s.clear()
    return None


def _escape(s: SandboxState) -> Screen | None:
    """Esc lets go of the unit selected; with none, back to the menu."""
    if s.selected is not None:
        s.selected = None
        return None
    return go(s.app, ToMenu())
