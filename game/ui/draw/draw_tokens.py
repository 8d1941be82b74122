"""Drawing the units on the battlefield: base, body, hit points, side mark and state icons."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from operator import attrgetter
from typing import Protocol
from weakref import WeakKeyDictionary

import pygame

from game.core.rules.conditions import RULES
from game.core.rules.geometry import FACINGS, VECTORS
from game.ui.common import theme
from game.ui.common.art import Sprites
from game.ui.common.camera import Camera
from game.ui.common.view import BattleView, Token
from game.ui.common.widgets import rendered, text
from game.ui.draw.stacking import Part, merged


class Board(Protocol):
    """What drawing the tokens reads: the battle screen's state, or the sandbox's setup."""

    camera: Camera
    sprites: Sprites
    selected: str | None
    side_colour: dict[str, tuple[int, int, int]]
    side_shape: dict[str, str]

    @property
    def view(self) -> BattleView: ...

    def human_turn(self) -> bool: ...


MORALE_ICONS = {"withdrawing": "withdraw", "fleeing": "flee", "surrendered": "surrender"}


def draw_tokens(s: Board, surface: pygame.Surface, r: pygame.Rect, controllers: Mapping[str, str]) -> None:
    """The units in sight in the map area r; a broken unit of a human side is marked as the AI's.

    Each token's pictures are drawn once for what it shows (a hundred tokens drawn part by part
    were a third of a frame) and put down with the others' in one `blits` call. The whole list
    is kept while nothing it is made from changes: the tokens listed, none of them changed since
    (Token.changes), the view, the selection and the colours."""
    cam = s.camera
    current = s.selected if s.human_turn() else None
    recent = tuple(s.view.recent) if not s.view.idle else ()
    state = (
        Token.changes,
        tuple(map(id, s.view.tokens.values())),  # alive while listed: the same ids, the same tokens
        cam.size,
        cam.x,
        cam.y,
        tuple(r),
        current,
        recent,
        tuple(s.side_colour.items()),
        tuple(s.side_shape.items()),
        tuple(controllers.items()),
        theme.palette().name,
    )
    kept = _lists.get(s.sprites)
    if kept is None or kept[0] != state:
        kept = _lists[s.sprites] = (state, _pieces(s, r, controllers, current, recent))
    surface.blits(kept[1], doreturn=False)


def _pieces(
    s: Board, r: pygame.Rect, controllers: Mapping[str, str], current: str | None, recent: tuple[str, ...]
) -> list[Part]:
    """Every token's pictures in sight, at their places on the frame, in the order they go down."""
    cam = s.camera
    size = cam.size
    colour, shape = s.side_colour, s.side_shape
    kept = _pictures.setdefault(s.sprites, {})
    drawn = (size, theme.palette().name)  # what every token's picture is drawn with
    right, bottom = r.right, r.bottom
    pieces: list[Part] = []
    for tok in sorted(s.view.tokens.values(), key=_place):
        px = size * tok.n
        # the camera's to_screen, written out: this loop runs a hundred times a frame
        x = r.x + round((tok.x + tok.lunge[0]) * size - cam.x)
        y = r.y + round((tok.y + tok.lunge[1]) * size - cam.y)
        if x >= right or y >= bottom or x + px <= r.x or y + px <= r.y or tok.alpha <= 0.01:
            continue
        ring = tok.id == current or tok.id in recent
        human = controllers.get(tok.side) == "human"
        # a fading token is drawn at int(255 * alpha): its picture changes with that, not every frame
        fade = 256 if tok.alpha >= 1 else int(255 * tok.alpha)
        look = (drawn, colour[tok.side], shape[tok.side], ring, human, fade, _look(tok))
        parts = kept.get(look) or _picture(s, kept, tok, px, ring=ring, human=human, key=look)
        pieces += [(img, (x + dx, y + dy)) for img, (dx, dy) in parts]
    return pieces


# The last list of pieces drawn, by the sprites of the screen it was drawn for, with what it was
# made from.
_lists: WeakKeyDictionary[Sprites, tuple[tuple[object, ...], list[Part]]] = WeakKeyDictionary()


# Each screen's pictures, by the sprites they are drawn from: they go with the screen.
_pictures: WeakKeyDictionary[Sprites, dict[tuple[object, ...], list[Part]]] = WeakKeyDictionary()


_place = attrgetter("y", "x")  # drawn from the top down, so a lower token overlaps the one above
_look = attrgetter(
    "kind", "n", "facing", "hp", "hp_max", "hero", "leader", "prone", "morale", "life", "fatigue", "conditions"
)  # all of a token's that its picture shows, but its alpha


def _picture(
    s: Board,
    kept: dict[tuple[object, ...], list[Part]],
    tok: Token,
    px: int,
    *,
    ring: bool,
    human: bool,
    key: tuple[object, ...],
) -> list[Part]:
    """The token's pictures and their corners from its square's corner, drawn once for everything
    it shows (the key holds the colours, so a palette's change shows): its parts merged where
    that leaves every pixel as blitting them one by one did (stacking.merged)."""
    if len(kept) > 4000:
        kept.clear()
    margin = 2 * px  # room for the icons, letters and wedge that stand out of the square
    rect = pygame.Rect(margin, margin, px, px)
    base, body = _body(s, tok, rect)
    marked = pygame.Surface((px + 2 * margin, px + 2 * margin), pygame.SRCALPHA)  # opaque marks only
    if ring:
        pygame.draw.rect(marked, theme.SELECT, rect.inflate(2, 2), 2, border_radius=4)
    if tok.life == "fighting" and tok.hp_max:
        _draw_hp(marked, tok, rect)
    if tok.life == "fighting" and tok.alpha >= 1:
        _draw_facing(marked, tok, rect)  # over the hit points' bar, which hid a wedge facing south
    parts = [
        (base, base.get_rect(center=rect.center).topleft),
        (body, body.get_rect(center=rect.center).topleft),
        (marked, (0, 0)),
        *_marks(s, tok, rect, human),
    ]
    made = kept[key] = [(img, (x - margin, y - margin)) for img, (x, y) in merged(parts, marked.get_size())]
    return made


def _body(s: Board, tok: Token, rect: pygame.Rect) -> tuple[pygame.Surface, pygame.Surface]:
    base = s.sprites.base(s.side_colour[tok.side], rect.w, large=tok.n > 1)
    body = s.sprites.unit(tok.kind, tok.facing, rect.w)
    if tok.alpha < 1 or tok.life == "surrendered":
        base, body = base.copy(), body.copy()
        a = int(255 * (tok.alpha if tok.life != "surrendered" else 0.55))
        base.set_alpha(a)
        body.set_alpha(a)
    if tok.prone:
        body = pygame.transform.rotozoom(body, 0, 0.8)
    return base, body


def _draw_facing(surface: pygame.Surface, tok: Token, rect: pygame.Rect) -> None:
    """A white wedge on the rim of the base, pointing the way the creature faces: its front is
    where its arcs begin, so it must read at a glance (issue 22: only the turned body showed it,
    faintly)."""
    img, (dx, dy) = _wedge(tok.facing, rect.w)
    surface.blit(img, (rect.centerx + dx, rect.centery + dy))


@cache
def _wedge(facing: str, px: int) -> tuple[pygame.Surface, tuple[int, int]]:
    """The wedge for a facing and a token's size, drawn once, and where its corner goes from the
    token's centre (a hundred tokens drew theirs in a millisecond a frame)."""
    vx, vy = VECTORS[FACINGS.index(facing)]
    norm = math.hypot(vx, vy)
    ux, uy = vx / norm, vy / norm
    tip, back, half = px * 0.52, px * 0.34, max(3.0, px * 0.12)
    points = [
        (ux * tip, uy * tip),
        (ux * back - uy * half, uy * back + ux * half),
        (ux * back + uy * half, uy * back - ux * half),
    ]
    x0, y0 = math.floor(min(x for x, _ in points)) - 2, math.floor(min(y for _, y in points)) - 2
    x1, y1 = math.ceil(max(x for x, _ in points)) + 2, math.ceil(max(y for _, y in points)) + 2
    img = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA)
    local = [(x - x0, y - y0) for x, y in points]
    pygame.draw.polygon(img, theme.SELECT, local)
    pygame.draw.polygon(img, (0, 0, 0), local, 2)
    return img, (x0, y0)


def _draw_hp(surface: pygame.Surface, tok: Token, rect: pygame.Rect) -> None:
    frac = max(0.0, tok.hp / tok.hp_max)
    bar = pygame.Rect(rect.x + 3, rect.bottom - 5, rect.w - 6, 4)
    pygame.draw.rect(surface, (20, 20, 20), bar)
    pygame.draw.rect(
        surface,
        (80, 220, 90) if frac > 0.5 else (240, 200, 50) if frac > 0.25 else (230, 60, 50),
        (bar.x, bar.y, round(bar.w * frac), bar.h),
    )


def _marks(s: Board, tok: Token, rect: pygame.Rect, human: bool) -> list[Part]:
    """The side's mark, the state icons, and 'AI' on a human's unit that no longer obeys, each
    with its corner, in the order they are blitted."""
    size = s.camera.size
    mark = s.sprites.mark(s.side_shape[tok.side], s.side_colour[tok.side], max(8, size // 3))
    parts: list[Part] = [(mark, (rect.right - mark.get_width(), rect.bottom - mark.get_height() - 5))]
    icon_px = max(10, size * 9 // 20)
    icons = []
    if tok.hero:
        icons.append("hero")
    if tok.leader:
        icons.append("leader")
    if tok.prone:
        icons.append("prone")
    if tok.conditions and tok.life == "fighting":  # a charger's AC 1 worse: foes should see it
        icons += [RULES[c].icon for c in sorted(tok.conditions) if RULES[c].icon]
    if tok.morale in MORALE_ICONS:
        icons.append(MORALE_ICONS[tok.morale])
    if tok.fatigue in ("fatigued", "exhausted"):
        icons.append(tok.fatigue)
    for i, name in enumerate(icons):
        parts.append((s.sprites.icon(name, icon_px), (rect.right - icon_px + 2 - i * (icon_px - 2), rect.y - 3)))
    if tok.conditions and tok.life == "fighting":
        # A small letter per condition its record marks, top left: H hasted, S slowed, X held, ...
        marks = "".join(RULES[c].mark for c in sorted(tok.conditions))
        parts.append((rendered(marks, 15, (200, 160, 255), True), (rect.x + 1, rect.bottom - 19)))
    if tok.life == "fighting" and tok.morale != "steady" and human:
        parts.append((rendered("AI", 16, theme.TEXT_WARN, True), (rect.x + 2, rect.y)))
    return parts


def draw_floaters(s: Board, surface: pygame.Surface, r: pygame.Rect) -> None:
    for f in s.view.floaters:
        x, y = s.camera.to_screen(f.x, f.y - f.age * 0.8)
        text(surface, f.text, (r.x + x + 1, r.y + y + 1), 22, (0, 0, 0), True, "center")
        text(surface, f.text, (r.x + x, r.y + y), 22, f.colour, True, "center")
