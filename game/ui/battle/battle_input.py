"""The battle screen's input: mouse and keys turned into camera moves, view settings and the
inputs the screen's mode answers (modes.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from game.core import query
from game.home.settings import SPEEDS
from game.ui.battle import turn_flow, undo_control
from game.ui.battle.mode import Input, Press
from game.ui.battle.saving import save_by_hand
from game.ui.draw import draw_bar, minimap, roster_panel

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState
    from game.ui.screen import Screen

EDGE = 12  # pixels from the window edge that scroll the map
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


def edge_scroll(s: BattleState, dt: float) -> None:
    """Scroll the map while the pointer rests at the window's edge."""
    if not pygame.mouse.get_focused() or s.app.headless:
        return
    x, y = s.mouse
    w, h = s.app.size
    dx = -1 if x < EDGE else (1 if x > w - EDGE else 0)
    dy = -1 if y < EDGE else (1 if y > h - EDGE else 0)
    if dx or dy:
        s.camera.pan(dx * 600 * dt, dy * 600 * dt)


def handle(s: BattleState, event: pygame.event.Event) -> Screen | None:
    """React to one mouse or key event; return the pause menu when Escape has nothing to cancel."""
    if event.type == pygame.MOUSEMOTION:
        _pointer_moved(s, event)
    elif event.type == pygame.MOUSEBUTTONDOWN and s.question is not None:
        s.question = None  # a click answers no: the board is not played under an open question
    elif event.type == pygame.MOUSEBUTTONDOWN:
        s.mouse = event.pos
        if event.button in (4, 5):
            _wheel(s, event.pos, 1 if event.button == 4 else -1)
        elif event.button in (2, 3):
            s.drag_from, s.dragged = event.pos, False
        elif event.button == 1:
            _left_click(s, event.pos)
    elif event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
        if event.button == 3 and not s.dragged:
            s.cancel()
        s.drag_from = None
    elif event.type == pygame.MOUSEWHEEL:
        _wheel(s, s.mouse, event.y)
    elif event.type == pygame.KEYDOWN:
        if event.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
            s.shift_held = True
        return key(s, event.key, event.mod)
    elif event.type == pygame.KEYUP and event.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
        s.shift_held = False
    return None


def pointer_gone(s: BattleState) -> None:
    """The pointer is on another screen over the battle (the pause menu): no hover, no tooltip."""
    s.mouse = (-1, -1)


def _pointer_moved(s: BattleState, event: pygame.event.Event) -> None:
    s.mouse = event.pos
    if s.drag_from is not None and any(event.buttons[1:3]):
        dx, dy = event.rel
        if abs(dx) + abs(dy) > 0:
            s.dragged = True
            s.camera.pan(-dx, -dy)
    s.hover_sq = s.square_at(event.pos)
    s.hover_log = s.log_line_at(event.pos)
    if s.hover_sq:
        s.aim(s.hover_sq)


def _left_click(s: BattleState, pos: tuple[int, int]) -> None:
    if minimap.click(s, pos) or roster_panel.click(s, pos):
        return
    for b in draw_bar.action_buttons(s):
        if b.hit(pos):
            out = b.action()  # a mode's input, or None from a button that acts itself (Undo)
            if out is not None:
                s.send(cast(Input, out))
            return
    sq = s.square_at(pos)
    if sq is not None:
        s.cursor = sq
        s.click(sq)


def _wheel(s: BattleState, pos: tuple[int, int], step: int) -> None:
    if s.log_rect().collidepoint(pos):
        s.log_scroll = max(0, min(len(s.log) - 1, s.log_scroll + step * 3))
    elif s.map_rect().collidepoint(pos):
        r = s.map_rect()
        s.camera.zoom_at(1 if step > 0 else -1, pos[0] - r.x, pos[1] - r.y)


def key(s: BattleState, k: int, mod: int = 0) -> Screen | None:
    if s.view.waiting_for_key and not _heard_while_paused(k):
        s.view.key()  # any other key goes on to the next step
        return None
    shift = mod & pygame.KMOD_SHIFT
    if s.question is not None:
        turn_flow.answer(s, k)
        return None
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and k in (pygame.K_z, pygame.K_y):
        _undo_key(s, redo=k == pygame.K_y or bool(shift))
    elif mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and k == pygame.K_s:
        s.message = save_by_hand(s.session)
    elif k in ARROWS:
        _arrow(s, ARROWS[k], bool(shift))
    elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        s.confirm()
    elif k == pygame.K_ESCAPE:
        return _escape(s)
    elif k == pygame.K_TAB:
        _cycle_target(s, -1 if shift else 1)
    elif not turn_flow.key(s, k, bool(shift)):
        _view_key(s, k)
    return None


def _heard_while_paused(k: int) -> bool:
    """Keys that keep their meaning while the view waits at a step of the round's end: Esc (the
    pause menu), P (stop pausing on steps), F11, and the speed and zoom keys."""
    return k in (pygame.K_ESCAPE, pygame.K_p, pygame.K_F11, pygame.K_PERIOD, pygame.K_COMMA) or k in (
        pygame.K_EQUALS,
        pygame.K_PLUS,
        pygame.K_KP_PLUS,
        pygame.K_MINUS,
        pygame.K_KP_MINUS,
    )


def _arrow(s: BattleState, step: tuple[int, int], shift: bool) -> None:
    """Shift+arrow pans the map; an arrow alone moves the keyboard cursor."""
    dx, dy = step
    if shift:
        s.camera.pan(dx * s.camera.size * 3, dy * s.camera.size * 3)
        return
    cx, cy = s.cursor or (0, 0)
    t = query.terrain(s.battle)
    s.cursor = (min(max(cx + dx, 0), t.width - 1), min(max(cy + dy, 0), t.height - 1))
    s.hover_sq = s.cursor
    s.camera_follow(s.cursor)
    s.aim(s.cursor)


def _view_key(s: BattleState, k: int) -> None:
    """Keys for the view (zoom, speed, the log, full screen); the rest are actions."""
    if k in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS):
        s.camera.zoom_at(1, s.camera.view_w // 2, s.camera.view_h // 2)
    elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
        s.camera.zoom_at(-1, s.camera.view_w // 2, s.camera.view_h // 2)
    elif k == pygame.K_SPACE:
        s.view.skip()
    elif k in (pygame.K_PERIOD, pygame.K_COMMA, pygame.K_p):
        _speed_key(s, k)
    elif k == pygame.K_PAGEUP:
        s.log_scroll = min(len(s.log) - 1, s.log_scroll + 10)
    elif k == pygame.K_PAGEDOWN:
        s.log_scroll = max(0, s.log_scroll - 10)
    elif k == pygame.K_F11:
        s.app.toggle_fullscreen()
    elif s.human_turn():
        s.send(Press(k))


def _speed_key(s: BattleState, k: int) -> None:
    """. and , step the speed, P pauses on the steps of the round's end or not: kept for the next battle."""
    speed_i, pause = s.speed_i, s.view.pause_on_steps
    if k == pygame.K_PERIOD:
        speed_i = min(speed_i + 1, len(SPEEDS) - 1)
    elif k == pygame.K_COMMA:
        speed_i = max(speed_i - 1, 0)
    else:
        pause = not pause
    s.app.remember(speed=SPEEDS[speed_i], pause_on_steps=pause)
    s.take_speed()
    if k == pygame.K_p and not pause:
        s.view.key()  # no longer pausing: the step it waits at goes on


def _undo_key(s: BattleState, redo: bool) -> None:
    """Ctrl+Z undoes; Ctrl+Y and Ctrl+Shift+Z redo."""
    if redo:
        undo_control.redo(s)
    else:
        undo_control.undo(s)


def _escape(s: BattleState) -> Screen | None:
    """Escape cancels what the controls are in the middle of; with nothing to cancel it pauses."""
    if s.mode.cancel() is not None:
        s.cancel()
        return None
    if s.inspect is not None:
        s.inspect = None
        return None
    return s.pause_menu()


def _cycle_target(s: BattleState, step: int) -> None:
    """Tab: the keyboard cursor onto the next of what the mode can take (Shift+Tab: the one
    before), the view on it and the mode aiming there, as if the pointer had come onto it."""
    squares = s.mode_targets() if s.human_turn() else []
    if not squares:
        return
    cur = s.cursor
    i = (squares.index(cur) + step) % len(squares) if cur in squares else (0 if step > 0 else -1)
    s.cursor = s.hover_sq = squares[i]
    s.camera_follow(s.cursor)
    s.aim(s.cursor)
