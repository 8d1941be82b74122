"""The pending unit's reach and targets, as pictures kept by what they show: drawn over the
terrain, or laid into its picture when nothing comes between (game/ui/draw/draw_battle.py)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.core.battle import ACTIVATION
from game.ui.common import theme
from game.ui.draw.squares import fill, sq_rect
from game.ui.draw.stacking import Part, bands

if TYPE_CHECKING:
    from game.ui.battle.legal import Legal
    from game.ui.battle.state import BattleState


def choices_shown(s: BattleState) -> bool:
    """Whether the pending unit's choices show: a human's activation, the view idle."""
    return s.human_turn() and not s.battle.over and s.pending().kind == ACTIVATION and s.view.idle


def reach(s: BattleState, r: pygame.Rect, legal: Legal) -> tuple[Hashable, list[Part]]:
    """The reach and targets in the map area r, as pictures at their places on the frame, and
    the key they are kept by."""
    mode = s.mode
    cam = s.camera
    key = (
        s.decision_key,
        legal.unit,
        mode.reach,
        mode.shoots,
        mode.charges,
        cam.size,
        cam.x,  # as it is, not rounded: where a square falls rounds from it (a tie goes either way)
        cam.y,
        tuple(r),
        theme.palette().name,  # the reach's colours are the palette's
    )

    def paint() -> list[Part]:
        layer = pygame.Surface(r.size, pygame.SRCALPHA)
        _paint_reach(s, layer, pygame.Rect(0, 0, r.w, r.h), legal)
        # blending the empty rest of the map cost as much again; bands along the squares' rows
        return [(img, (r.x + x, r.y + y)) for img, (x, y) in bands(layer, cam.size, first=cam.to_screen(0, 0)[1])]

    return key, s.cache.get("reach", key, paint)


def _paint_reach(s: BattleState, surface: pygame.Surface, r: pygame.Rect, legal: Legal) -> None:
    """Where the selected unit can go (full and half moves) and whom it can strike."""
    b = s.battle
    mode = s.mode
    if mode.reach == "move":
        full, half = legal.full.costs, legal.half.costs
        fill(s.camera, s.cache, surface, r, [q for q in full if q not in half], (theme.palette().reach_full, 70))
        fill(
            s.camera,
            s.cache,
            surface,
            r,
            [q for q in half if q != b.world[legal.unit].pos],
            (theme.palette().reach_half, 80),
        )
    elif mode.reach == "withdraw":
        fill(s.camera, s.cache, surface, r, legal.withdraw, (theme.palette().reach_half, 90))
    elif mode.reach == "stand":
        fill(s.camera, s.cache, surface, r, list(legal.half.costs), (theme.palette().reach_half, 80))
    for t in legal.targets(mode.shoots, mode.charges):
        tu = b.world[t]
        pygame.draw.rect(surface, theme.palette().target, sq_rect(s.camera, r, tu.pos, tu.n).inflate(-2, -2), 3)
