"""The Cast mode's overlay: the targets a spell may take, and what casting it at the pointed
creature or square would do (the squares and creatures it takes in, damage, save chances)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import query_magic
from game.core.rules.geometry import Pos
from game.core.rules.spells import AROUND, SQUARE
from game.core.systems.spells import SPELLS
from game.ui.battle.modes import CastMode
from game.ui.common import theme
from game.ui.common.combat_log import with_names
from game.ui.common.widgets import Colour, label
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
            pygame.draw.rect(surface, theme.palette().target, sq_rect(s.camera, r, u.pos, u.n).inflate(-2, -2), 2)
    if mode.aimed is None and SPELLS[mode.spell].aim != AROUND:
        return
    at = mode.aimed
    aim = SPELLS[mode.spell].aim
    target = b.world.at(at) if at is not None and aim not in (SQUARE, AROUND) else None
    o = query_magic.preview(b, uid, mode.spell, target, at if aim == SQUARE else None)
    if isinstance(o, str):
        return
    fill(s.camera, s.cache, surface, r, o.squares, (SPELL_AREA, 90))
    for t in o.takes_in:
        u = b.world[t]
        pygame.draw.rect(surface, theme.HIGHLIGHT, sq_rect(s.camera, r, u.pos, u.n).inflate(4, 4), 3)


def cast_words(s: BattleState, mode: CastMode, uid: str) -> tuple[str, Colour, Pos] | None:
    """What the pointed cast would do (or why it cannot be cast), in the player's names, its
    colour, and the square it is said over; None while nothing is pointed."""
    b = s.battle
    if mode.spell is None or (mode.aimed is None and SPELLS[mode.spell].aim != AROUND):
        return None
    at = mode.aimed
    aim = SPELLS[mode.spell].aim
    target = b.world.at(at) if at is not None and aim not in (SQUARE, AROUND) else None
    o = query_magic.preview(b, uid, mode.spell, target, at if aim == SQUARE else None)
    anchor = at if at is not None else b.world[uid].pos
    names = s.session.names
    if isinstance(o, str):
        return with_names(o, names), theme.TEXT_WARN, anchor
    if query_magic.spell_lost(b, uid):
        # 'A caster damaged earlier in the same round loses the spell' (docs/rules.md#magic): said
        # before the click, as any consequence is.
        who, name = names.get(uid, uid), SPELLS[mode.spell].name
        lost = f"{name[:1].upper()}{name[1:]} would be lost: {who} was hurt or knocked down this round (its slot spent)"
        return lost, theme.TEXT_WARN, anchor  # named already: no id left for with_names to put
    saves = ""
    if SPELLS[mode.spell].save and o.takes_in:
        saves = "; fails its save: " + ", ".join(
            f"{names.get(t, t)} {round(100 * f)}%" for t, f in zip(o.takes_in, o.fail_chance, strict=True)
        )
    return with_names(f"{SPELLS[mode.spell].name}: {o.summary}{saves}", names), theme.HIGHLIGHT, anchor


def draw_cast_words(s: BattleState, surface: pygame.Surface, r: pygame.Rect) -> pygame.Rect | None:
    """The pointed cast's words over the tokens, on a dark box kept inside the map (issue 22: they
    were drawn under the tokens with no background, and ran off the map's left edge)."""
    mode = s.mode
    p = s.pending() if not s.battle.over else None
    if not isinstance(mode, CastMode) or p is None or p.unit is None or not s.human_turn() or not s.view.idle:
        return None
    said = cast_words(s, mode, p.unit)
    if said is None:
        return None
    words, colour, anchor = said
    x, y = sq_rect(s.camera, r, anchor).midtop
    return label(surface, words, (x, y - 4), r.inflate(-8, -8), colour)
