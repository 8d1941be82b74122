"""A lesson's cards over the map: the narration card the battle waits on, and the prompt of
the learner's own step with its creature ringed. A card sits at the top or the bottom of the map,
whichever is away from the creature it is about, so it never hides the action it explains."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import events as ev
from game.core.battle import RETREAT
from game.core.rules.geometry import Pos
from game.ui.common import theme
from game.ui.common.widgets import Button, text, wrap

if TYPE_CHECKING:
    from game.play.lesson_run import Fired
    from game.ui.battle.state import BattleState

WIDTH = 640  # the card's widest, in pixels: a line of about 80 letters
BODY = 22  # the size of the card's words
STEP_STRIP = 30  # the height of the strip of steps a card at the top keeps clear
EDGE = (245, 205, 90)  # a lesson's colour: warm, apart from the sides' and the arcs'


def draw(s: BattleState, surface: pygame.Surface) -> None:
    card = shown(s)
    if card is None:
        return
    lesson = s.lesson
    step = lesson.yours(s) if lesson is not None and lesson.open is None else None
    if step is not None:
        _ring(s, surface, step.unit)
    _card(s, surface, *card)


def shown(s: BattleState) -> Card | None:
    """The card on screen now: the narration the battle waits on, else the prompt of the learner's
    own step while it is theirs to play; None when there is none."""
    lesson = s.lesson
    if lesson is None:
        return None
    if lesson.open is not None:
        fired = lesson.open
        title = {"start": "Lesson", "end": "Lesson over"}.get(fired.card.at, "Lesson")
        return title, [(fired.card.text, theme.TEXT)], _focus(s, fired), "Go on"
    step = lesson.yours(s)
    if step is None or not s.human_turn():
        return None
    name = s.session.names.get(step.unit, step.unit)
    words = [(step.yours, theme.TEXT)]
    hint = lesson.hint_for(step)
    if hint:
        words += [("", theme.TEXT), (f"Not that: {hint}", theme.TEXT_WARN)]
    return f"Your turn: {name}", words, _pos_of(s, step.unit), ""


def card_rect(s: BattleState) -> pygame.Rect | None:
    """Where the card shown now lies, or None."""
    card = shown(s)
    return card_box(s, card[1], card[2], card[3])[0] if card is not None else None


def _card(
    s: BattleState,
    surface: pygame.Surface,
    title: str,
    words: list[tuple[str, tuple[int, int, int]]],
    focus: Pos | None,
    footer: str,
) -> pygame.Rect:
    """The card: a title, its words, and with a footer a button that says how to go on."""
    box, lines = card_box(s, words, focus, footer)
    pygame.draw.rect(surface, theme.PANEL_BG, box, border_radius=8)  # opaque: nothing under it shows through (issue 22)
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


Lines = list[tuple[str, tuple[int, int, int]]]
Card = tuple[str, Lines, Pos | None, str]  # its title, its words, where it looks, its footer


def card_box(s: BattleState, words: Lines, focus: Pos | None, footer: str) -> tuple[pygame.Rect, Lines]:
    """Where the card goes and its words cut to its width: at the top or the bottom of the map,
    whichever hides no creature; where both would (a small map fills its area), over the side
    panel beside the map instead."""
    m = s.map_rect()
    extra = 44 + (48 if footer else 12)
    lines = _wrapped(words, _width(s) - 36)
    box = pygame.Rect(0, 0, _width(s), extra + 24 * len(lines))
    box.centerx = m.centerx
    top, bottom = box.copy(), box.copy()
    top.top, bottom.bottom = m.top + 10 + (STEP_STRIP if _steps_shown(s) else 0), m.bottom - 10
    best = min((top, bottom), key=lambda b: _hidden(s, b, focus))
    if _hidden(s, best, focus) == 0:
        return best, lines
    side_w = s.app.size[0] - m.right - 16
    lines = _wrapped(words, side_w - 36)
    return pygame.Rect(m.right + 8, m.top + 10, side_w, extra + 24 * len(lines)), lines


def _steps_shown(s: BattleState) -> bool:
    """Whether the strip of the round's end steps is drawn along the map's top (at a retreat
    choice): a card at the top goes below it (issue 22: a card covered it)."""
    return not s.battle.over and s.pending().kind == RETREAT


def _wrapped(words: Lines, width: int) -> Lines:
    out: Lines = []
    for para, colour in words:
        out += [(line, colour) for line in wrap(para, BODY, width)] if para else [("", colour)]
    return out


def _hidden(s: BattleState, card: pygame.Rect, focus: Pos | None) -> int:
    """How many creatures the card would cover; the one it is about counts a hundred."""
    m = s.map_rect()
    count = 0
    for tok in s.view.tokens.values():
        if tok.alpha <= 0:
            continue
        x, y = s.camera.to_screen(tok.x, tok.y)
        size = s.camera.size * tok.n
        if card.colliderect(pygame.Rect(m.x + x, m.y + y, size, size)):
            is_focus = focus is not None and (round(tok.x), round(tok.y)) == focus
            count += 100 if is_focus else 1
    return count


def _width(s: BattleState) -> int:
    return min(WIDTH, s.map_rect().w - 40)


def _focus(s: BattleState, fired: Fired) -> Pos | None:
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


def _pos_of(s: BattleState, uid: str) -> Pos | None:
    """Where the board shows the creature now (its token, as animated)."""
    tok = s.view.tokens.get(uid)
    return (round(tok.x), round(tok.y)) if tok is not None else None


def _ring(s: BattleState, surface: pygame.Surface, uid: str) -> None:
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
