"""The Cast mode's overlay: the targets a spell may take, and what casting it at the pointed
creature or square would do (the squares and creatures it takes in, damage, save chances)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import query_magic
from game.rules.spells import AROUND, SPELLS, SQUARE
from game.ui import theme
from game.ui.modes import CastMode
from game.ui.widgets import text

if TYPE_CHECKING:
    from game.ui.battle_screen import BattleScreen

SPELL_AREA = (150, 90, 230)


def draw_cast(s: BattleScreen, surface: pygame.Surface, r: pygame.Rect, mode: CastMode, uid: str) -> None:
    """Outline what the spell may be cast at; over the pointed target, preview the cast."""
    if mode.spell is None:
        return
    from game.ui.draw_battle import _fill, _sq_rect  # noqa: PLC0415  (draw_battle imports this module)

    b = s.battle
    options = [o for o in query_magic.spell_options(b, uid) if o.spell == mode.spell]
    for opt in options:
        for t in opt.takes_in if SPELLS[mode.spell].aim != SQUARE else ():
            u = b.world[t]
            pygame.draw.rect(surface, theme.TARGET, _sq_rect(s, r, u.pos, u.n).inflate(-2, -2), 2)
    if mode.aimed is None and SPELLS[mode.spell].aim != AROUND:
        return
    at = mode.aimed
    aim = SPELLS[mode.spell].aim
    target = b.world.at(at) if at is not None and aim not in (SQUARE, AROUND) else None
    o = query_magic.preview(b, uid, mode.spell, target, at if aim == SQUARE else None)
    anchor = at if at is not None else b.world[uid].pos
    x, y = _sq_rect(s, r, anchor).midtop
    if isinstance(o, str):
        text(surface, o, (x, y - 4), 16, theme.TEXT_WARN, True, "midbottom")
        return
    _fill(s, surface, r, o.squares, SPELL_AREA, 90)
    for t in o.takes_in:
        u = b.world[t]
        pygame.draw.rect(surface, theme.HIGHLIGHT, _sq_rect(s, r, u.pos, u.n).inflate(4, 4), 3)
    saves = ""
    if SPELLS[mode.spell].save and o.takes_in:
        saves = "; fails its save: " + ", ".join(
            f"{t} {round(100 * f)}%" for t, f in zip(o.takes_in, o.fail_chance, strict=True)
        )
    text(surface, f"{SPELLS[mode.spell].name}: {o.summary}{saves}", (x, y - 4), 16, theme.HIGHLIGHT, True, "midbottom")
