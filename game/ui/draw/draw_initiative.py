"""Drawing the initiative track across the top of the battle screen: the round, and each creature
in acting order (tied groups bracketed, those that have acted greyed), or each side's roll."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import query
from game.core.battle import ACTIVATION
from game.core.events import Initiative
from game.ui.common import theme
from game.ui.common.widgets import text

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Sequence

    from game.ui.battle.state import BattleState


def _cached(
    s: BattleState, name: str, key: Hashable, rect: pygame.Rect, paint: Callable[[pygame.Surface], None]
) -> pygame.Surface:
    """Redraw a panel only when what it shows has changed; otherwise blit last frame's."""

    def make() -> pygame.Surface:
        layer = pygame.Surface(rect.size).convert()
        layer.fill(theme.PANEL_BG)
        paint(layer)
        return layer

    return s.cache.get(name, (key, theme.palette().name), make)  # side colours are the palette's


def draw_initiative(s: BattleState, surface: pygame.Surface) -> None:
    w, _ = s.app.size
    b = s.battle
    key = (w, len(b.events), s.view.round, tuple(s.pending().units) if not b.over else ())
    layer = _cached(
        s, "initiative_track", key, pygame.Rect(0, 0, w, theme.TOP_BAR), lambda surf: _paint_initiative(s, surf)
    )
    surface.blit(layer, (0, 0))


def shown_initiative(s: BattleState) -> Initiative | None:
    """The initiative of the round the board shows: while a round's end still plays out, the
    battle has already rolled the next one's, which the track must not show under this header."""
    shown = s.view.round or s.battle.round
    return next((e for e in reversed(s.battle.events) if isinstance(e, Initiative) and e.round <= shown), None)


def _paint_initiative(s: BattleState, surface: pygame.Surface) -> None:
    w, _ = s.app.size
    bar = pygame.Rect(0, 0, w, theme.TOP_BAR)
    pygame.draw.rect(surface, (16, 18, 24), bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright)
    ini = shown_initiative(s)
    text(surface, f"Round {s.view.round or s.battle.round}", (10, 12), 22, theme.TEXT, True)
    if ini is None:
        return
    totals = {e.id or e.side or "": e.total for e in ini.entries}  # an entry is a unit's or a side's
    x = 100
    if ini.mode == "group":
        for side in ini.sides or ():
            colour = s.side_colour.get(side, theme.TEXT)
            rect = text(surface, f"{side} {totals[side]}", (x, 12), 22, colour, True)
            x = rect.right + 16
        return
    _paint_order(s, surface, ini.order, totals, x)


def _paint_order(
    s: BattleState, surface: pygame.Surface, order: Sequence[Sequence[str]], totals: dict[str, int], x: int
) -> None:
    """Individual initiative: a chip per unit in acting order, tied groups bracketed."""
    w, _ = s.app.size
    b = s.battle
    current = s.pending().units if not b.over and s.pending().kind == ACTIVATION else []
    chip = 30
    for group in order:
        if x > w - 60:
            text(surface, "…", (x, 10), 24)
            break
        start = x
        for uid in group:
            u = b.world[uid]
            colour = s.side_colour[u.side]
            rect = pygame.Rect(x, 7, chip, chip)
            done = query.has_acted(b, uid) or u.life != "fighting"
            img = s.sprites.unit(u.kind.key, "S", chip)
            pygame.draw.rect(surface, colour if not done else (60, 62, 70), rect, border_radius=5)
            surface.blit(img, rect)
            if uid in current:
                pygame.draw.rect(surface, theme.SELECT, rect.inflate(4, 4), 2, border_radius=6)
            text(surface, str(totals[uid]), (rect.right - 1, rect.bottom + 1), 15, theme.TEXT, True, "bottomright")
            x += chip + 3
        if len(group) > 1:
            pygame.draw.lines(
                surface, theme.HIGHLIGHT, False, [(start - 3, 9), (start - 6, 9), (start - 6, 37), (start - 3, 37)], 2
            )
            pygame.draw.lines(surface, theme.HIGHLIGHT, False, [(x, 9), (x + 3, 9), (x + 3, 37), (x, 37)], 2)
            x += 6
        x += 6
