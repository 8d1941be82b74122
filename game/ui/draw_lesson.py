"""A lesson's cards over the map: the narration card the battle waits on, and the prompt of
the learner's own step with its creature ringed. A card sits at the top or the bottom of the map,
whichever is away from the creature it is about, so it never hides the action it explains."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import events as ev
from game.rules.geometry import Pos
from game.ui import theme
from game.ui.widgets import Button, text, wrap

if TYPE_CHECKING:
    from game.lesson_run import Fired
    from game.ui.battle_screen import BattleScreen

WIDTH = 640  # the card's widest, in pixels: a line of about 80 letters
BODY = 22  # the size of the card's words
EDGE = (245, 205, 90)  # a lesson's colour: warm, apart from the sides' and the arcs'


def draw(s: BattleScreen, surface: pygame.Surface) -> None:
    lesson = s.lesson
    if lesson is None:
        return
    if lesson.open is not None:
        _narration(s, surface, lesson.open)
        return
    step = lesson.yours(s)
    if step is None or not s.human_turn():
        return
    pos = _pos_of(s, step.unit)
    _ring(s, surface, step.unit)
    name = s.names.get(step.unit, step.unit)
    lines = [(line, theme.TEXT) for line in wrap(step.yours, BODY, _width(s) - 36)]
    hint = lesson.hint_for(step)
    if hint:
        lines += [("", theme.TEXT)] + [
            (line, theme.TEXT_WARN) for line in wrap(f"Not that: {hint}", BODY, _width(s) - 36)
        ]
    _card(s, surface, f"Your turn: {name}", lines, pos, footer="")


def _narration(s: BattleScreen, surface: pygame.Surface, fired: Fired) -> None:
    card = fired.card
    title = {"start": "Lesson", "end": "Lesson over"}.get(card.at, "Lesson")
    lines = [(line, theme.TEXT) for line in wrap(card.text, BODY, _width(s) - 36)]
    _card(s, surface, title, lines, _focus(s, fired), footer="Go on")


def _card(
    s: BattleScreen,
    surface: pygame.Surface,
    title: str,
    lines: list[tuple[str, tuple[int, int, int]]],
    focus: Pos | None,
    footer: str,
) -> pygame.Rect:
    """The card: a title, its lines, and with a footer a button that says how to go on."""
    m = s.map_rect()
    h = 44 + 24 * len(lines) + (48 if footer else 12)
    box = pygame.Rect(0, 0, _width(s), h)
    box.centerx = m.centerx
    below = focus is not None and s.camera.to_screen(focus[0] + 0.5, focus[1] + 0.5)[1] < m.h / 2
    if below:
        box.bottom = m.bottom - 10
    else:
        box.top = m.top + 10
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((*theme.PANEL_BG, 238))
    surface.blit(shade, box)
    pygame.draw.rect(surface, EDGE, box, 2, border_radius=8)
    text(surface, title, (box.x + 18, box.y + 12), 24, EDGE, True)
    y = box.y + 42
    for line, colour in lines:
        text(surface, line, (box.x + 18, y), BODY, colour)
        y += 24
    if footer:
        go = Button(footer, "Enter", lambda: None)
        go.rect = pygame.Rect(0, 0, 150, 30)
        go.rect.bottomright = (box.right - 14, box.bottom - 10)
        go.draw(surface, s.mouse)
        text(surface, "or click anywhere", (go.rect.x - 12, go.rect.centery), 18, theme.TEXT_DIM, anchor="midright")
    return box


def _width(s: BattleScreen) -> int:
    return min(WIDTH, s.map_rect().w - 40)


def _focus(s: BattleScreen, fired: Fired) -> Pos | None:
    """Where on the map the card's moment happens: the creature it waits for, or the first one
    in the event that fired it."""
    if fired.card.due is not None:
        return _pos_of(s, fired.card.due.unit)
    if 0 < fired.at <= len(s.battle.events):
        for uid in ev.involved(s.battle.events[fired.at - 1]):
            pos = _pos_of(s, uid)
            if pos is not None:
                return pos
    return None


def _pos_of(s: BattleScreen, uid: str) -> Pos | None:
    """Where the board shows the creature now (its token, as animated)."""
    tok = s.view.tokens.get(uid)
    return (round(tok.x), round(tok.y)) if tok is not None else None


def _ring(s: BattleScreen, surface: pygame.Surface, uid: str) -> None:
    """A ring around the creature the learner's step is for."""
    tok = s.view.tokens.get(uid)
    if tok is None:
        return
    m = s.map_rect()
    x, y = s.camera.to_screen(tok.x, tok.y)
    size = s.camera.size * tok.n
    surface.set_clip(m)
    pygame.draw.rect(surface, EDGE, pygame.Rect(m.x + x, m.y + y, size, size).inflate(10, 10), 3, border_radius=6)
    surface.set_clip(None)
