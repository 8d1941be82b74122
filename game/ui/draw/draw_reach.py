"""The line of a melee blow that passes a wall: docs/rules.md, "Reach and threatened squares":
"Walls and trees do not block melee." A set spear may meet a charger across a wall's corner, so
the board draws the blow's line and says why it lands (issue 22): when the player points at a
foe to strike from where it stands, and while such a blow plays out."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

import pygame

from game.core import events as ev
from game.core.battle import ACTIVATION
from game.core.rules.geometry import Pos, line_between
from game.core.terrain import Terrain
from game.ui.common import theme
from game.ui.common.widgets import label

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState

WORDS = "reach: walls do not block melee"


def nearest(a: Pos, an: int, b: Pos, bn: int) -> tuple[Pos, Pos]:
    """The two squares, one of each footprint, nearest each other."""

    def clamp(v: int, lo: int, n: int) -> int:
        return min(max(v, lo), lo + n - 1)

    pa = (clamp(b[0], a[0], an), clamp(b[1], a[1], an))
    pb = (clamp(pa[0], b[0], bn), clamp(pa[1], b[1], bn))
    return pa, pb


def across_walls(terrain: Terrain, a: Pos, an: int, b: Pos, bn: int) -> bool:
    """Whether the line between the footprints passes a square that blocks sight or a move: one
    on it, or one of the two beside a diagonal step (the wall's corner the blow reaches round)."""
    pa, pb = nearest(a, an, b, bn)
    path = [pa, *line_between(pa, pb), pb]
    beside = [sq for p, q in pairwise(path) if p[0] != q[0] and p[1] != q[1] for sq in ((q[0], p[1]), (p[0], q[1]))]
    return any(terrain.inside(sq) and _wall(terrain, sq) for sq in path[1:-1] + beside)


def _wall(terrain: Terrain, sq: Pos) -> bool:
    return terrain.blocks_sight[terrain.index(sq)] or not terrain.passable(sq)


def blow_shown(s: BattleState) -> tuple[str, str] | None:
    """The blow to draw: the melee attack the board is playing, else the one a click on the
    pointed foe would strike from where the creature stands."""
    cur = s.view.current
    if isinstance(cur, ev.Attack) and cur.kind == "melee":
        return cur.id, cur.target
    b, legal = s.battle, s.legal
    if legal is None or b.over or s.pending().kind != ACTIVATION or not s.human_turn() or not s.mode.walks:
        return None
    foe = b.world.at(s.hover_sq) if s.hover_sq else None
    if foe is None or foe not in legal.melee or len(legal.attack_from(foe, s.shift()).path) > 1:
        return None
    return legal.unit, foe


def draw_reach_line(s: BattleState, surface: pygame.Surface, r: pygame.Rect) -> pygame.Rect | None:
    """The blow's line and its words, over the tokens, when it passes a wall; the words' box."""
    blow = blow_shown(s)
    if blow is None:
        return None
    w = s.battle.world
    a, t = w[blow[0]], w[blow[1]]
    if not across_walls(s.session.scenario.terrain, a.pos, a.n, t.pos, t.n):
        return None
    p, q = s.camera.square_centre(r.topleft, a.pos, a.n), s.camera.square_centre(r.topleft, t.pos, t.n)
    pygame.draw.line(surface, (0, 0, 0), p, q, 6)
    pygame.draw.line(surface, theme.HIGHLIGHT, p, q, 3)
    for end in (p, q):
        pygame.draw.circle(surface, (0, 0, 0), end, 6)
        pygame.draw.circle(surface, theme.HIGHLIGHT, end, 4)
    top = min(p[1], q[1]) - s.camera.size // 2
    return label(surface, WORDS, ((p[0] + q[0]) // 2, top), r, theme.HIGHLIGHT, 15)
