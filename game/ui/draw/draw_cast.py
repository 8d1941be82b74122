"""The Cast mode's overlay: the targets a spell may take, and what casting it at the pointed
creature or square would do (the squares and creatures it takes in, damage, save chances)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import query_magic
from game.rules.spells import AROUND, SQUARE
from game.systems.spells import SPELLS
from game.ui.battle.modes import CastMode
from game.ui.common import theme
from game.ui.common.widgets import text
from game.ui.draw.squares import fill, sq_rect

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState

SPELL_AREA = (150, 90, 230)


def draw_cast(s: BattleState, surface: pygame.Surface, r: pygame.Rect, mode: CastMode, uid: str) -> None:
    """Outline what the spell may be cast at; over the pointed target, preview the cast."""
    if mode.spell is None:
        return

    b = s.battle
    options = [o for o in query_magic.spell_options(b, uid) if o.spell == mode.spell]
    for opt in options:
        for t in opt.takes_in if SPELLS[mode.spell].aim != SQUARE else ():
            u = b.world[t]
            pygame.draw.rect(surface, theme.TARGET, sq_rect(s.camera, r, u.pos, u.n).inflate(-2, -2), 2)
    if mode.aimed is None and SPELLS[mode.spell].aim != AROUND:
        return
    at = mode.aimed
    aim = SPELLS[mode.spell].aim
    target = b.world.at(at) if at is not None and aim not in (SQUARE, AROUND) else None
    o = query_magic.preview(b, uid, mode.spell, target, at if aim == SQUARE else None)
    anchor = at if at is not None else b.world[uid].pos
    x, y = sq_rect(s.camera, r, anchor).midtop
    if isinstance(o, str):
        text(surface, o, (x, y - 4), 16, theme.TEXT_WARN, True, "midbottom")
        return
    fill(s.camera, s.cache, surface, r, o.squares, (SPELL_AREA, 90))
    for t in o.takes_in:
        u = b.world[t]
        pygame.draw.rect(surface, theme.HIGHLIGHT, sq_rect(s.camera, r, u.pos, u.n).inflate(4, 4), 3)
    saves = ""
    if SPELLS[mode.spell].save and o.takes_in:
        saves = "; fails its save: " + ", ".join(
            f"{t} {round(100 * f)}%" for t, f in zip(o.takes_in, o.fail_chance, strict=True)
        )
    text(surface, f"{SPELLS[mode.spell].name}: {o.summary}{saves}", (x, y - 4), 16, theme.HIGHLIGHT, True, "midbottom")
