"""Fire mode's marks (issue 37: two of a newcomer's first shots were refused after the click,
"cannot see Orc 3"). Before any click, each foe the unit may shoot carries its chance to hit, and
each foe in range that it cannot see is greyed under a crossed eye, as XCOM shows its targets
before you commit. Both come from the battle's own answers, asked once a decision (Legal: the
query's missile options and `unseen_in_range`), so a mark never promises a shot the battle
refuses, nor leaves out one it would take."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.common import theme, widgets
from game.ui.draw.reach_layer import choices_shown
from game.ui.draw.squares import sq_rect

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState

BADGE_SIZE = 16  # the chance's words: bold, on a dark box, read at UI scale 1
VEIL = (40, 42, 48, 150)  # the grey laid over a foe out of sight


@dataclass(frozen=True)
class Mark:
    """One foe marked in Fire mode: its chance to hit, or None when it is in range but out of sight."""

    uid: str
    chance: float | None

    @property
    def words(self) -> str:
        return f"{round(self.chance * 100)}%" if self.chance is not None else ""


def marks(s: BattleState) -> list[Mark]:
    """The foes Fire mode marks now: none outside Fire mode or while the choices are not shown."""
    legal = s.legal
    if legal is None or not s.mode.shoots or not choices_shown(s):
        return []
    shots = [Mark(t, o.chance) for t, o in sorted(legal.missile.items())]
    return shots + [Mark(t, None) for t in legal.unseen]


def draw(s: BattleState, surface: pygame.Surface, r: pygame.Rect) -> None:
    """The marks over the tokens: a veil and an eye on each foe out of sight, a badge with its
    chance on the top edge of each foe to shoot, so that in a crowd each badge is its own foe's."""
    w, cam = s.battle.world, s.camera
    for m in marks(s):
        u = w[m.uid]
        box = sq_rect(cam, r, u.pos, u.n)
        if m.chance is None:
            _unseen(s, surface, box)
        else:
            _badge(surface, m.words, box)


def _badge(surface: pygame.Surface, words: str, token: pygame.Rect) -> None:
    """The chance on a dark box in the target's colour, straddling the token's top edge."""
    img = widgets.rendered(words, BADGE_SIZE, theme.palette().target, True)
    box = img.get_rect().inflate(6, 2)
    box.midtop = (token.centerx, token.top - box.h // 2)
    pygame.draw.rect(surface, widgets.LABEL_BG, box, border_radius=3)
    pygame.draw.rect(surface, theme.palette().target, box, 1, border_radius=3)
    surface.blit(img, img.get_rect(center=box.center))


def _unseen(s: BattleState, surface: pygame.Surface, box: pygame.Rect) -> None:
    """A foe in range that cannot be seen: greyed, a crossed eye over it."""
    veil = s.cache.get("unseen_veil", box.size, lambda: _veil(box.size))
    surface.blit(veil, box)
    px = max(14, min(box.w, box.h) * 11 // 20)
    eye = s.cache.get("unseen_eye", px, lambda: _crossed_eye(px))
    surface.blit(eye, eye.get_rect(center=box.center))


def _veil(size: tuple[int, int]) -> pygame.Surface:
    img = pygame.Surface(size, pygame.SRCALPHA)
    img.fill(VEIL)
    return img


def _crossed_eye(px: int) -> pygame.Surface:
    """An eye struck through, light on a dark edge so that it reads over any token or ground."""
    img = pygame.Surface((px, px), pygame.SRCALPHA)
    eye = pygame.Rect(0, 0, px, px * 3 // 5)
    eye.center = (px // 2, px // 2)
    light, dark = (235, 235, 240), (20, 20, 24)
    edge = max(2, px // 10)
    pygame.draw.ellipse(img, dark, eye.inflate(edge, edge))
    pygame.draw.ellipse(img, light, eye)
    pygame.draw.ellipse(img, dark, eye.inflate(-edge * 2, -edge * 2))
    pygame.draw.circle(img, light, eye.center, max(2, px // 7))
    a, b = (px // 8, px - px // 8), (px - px // 8, px // 8)
    pygame.draw.line(img, dark, a, b, edge * 2 + 2)
    pygame.draw.line(img, light, a, b, edge)
    return img
