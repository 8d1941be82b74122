"""The roster (L): the creatures of the side to play, each with its hit points and whether it
has acted this round, over the map's top-left corner; a click on a row picks that creature or
shows it. Also the turn flow's question, over the board's middle."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.battle import turn_flow
from game.ui.common import theme
from game.ui.common.widgets import rendered, text, wrap

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState

ROW = 20
WIDTH = 250
STATE_COLOUR = {"acting": theme.HIGHLIGHT, "to act": theme.TEXT, "acted": theme.TEXT_DIM}


def rows(s: BattleState) -> list[tuple[str, str, pygame.Rect]]:
    """Each listed creature's id, state this round and row on screen; none while it is closed.
    As many rows as fit above the map's bottom; the rest are left off ('+N more')."""
    if not s.roster_open:
        return []
    view = s.map_rect()
    fit = max(1, (view.h - 60) // ROW)
    listed = turn_flow.roster(s)[:fit]
    return [
        (uid, state, pygame.Rect(view.x + 8, view.y + 34 + i * ROW, WIDTH, ROW))
        for i, (uid, state) in enumerate(listed)
    ]


def draw(s: BattleState, surface: pygame.Surface) -> None:
    _draw_question(s, surface)
    shown = rows(s)
    if not s.roster_open:
        return
    view = s.map_rect()
    everyone = turn_flow.roster(s)
    box = pygame.Rect(
        view.x + 4, view.y + 4, WIDTH + 8, 34 + len(shown) * ROW + (ROW if len(everyone) > len(shown) else 0)
    )
    pygame.draw.rect(surface, (10, 12, 18), box, border_radius=5)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=5)
    acted = sum(state == "acted" for _, state in everyone)
    side = turn_flow.roster_side(s) or ""
    text(surface, f"{side}: {acted} of {len(everyone)} have acted  [L]", (box.x + 8, box.y + 8), 20, theme.TEXT, True)
    world = s.battle.world
    for uid, state, r in shown:
        u = world[uid]
        pygame.draw.rect(surface, s.side_colour.get(u.side, theme.TEXT), (r.x, r.y + 4, 10, 10))
        colour = STATE_COLOUR[state]
        text(surface, s.session.names.get(uid, uid), (r.x + 16, r.y + 2), 18, colour, state == "acting")
        text(surface, f"{u.hp}/{u.hp_max}  {state}", (r.right, r.y + 2), 18, colour, False, "topright")
    if len(everyone) > len(shown):
        text(surface, f"+{len(everyone) - len(shown)} more", (box.x + 24, box.bottom - ROW), 18, theme.TEXT_DIM)


def click(s: BattleState, pos: tuple[int, int]) -> bool:
    """A click on a row picks the creature (if it may act now) or shows its card."""
    for uid, _, r in rows(s):
        if r.collidepoint(pos):
            turn_flow.show(s, uid)
            return True
    return False


def _draw_question(s: BattleState, surface: pygame.Surface) -> None:
    if s.question is None:
        return
    view = s.map_rect()
    lines = wrap(s.question, 24, min(560, view.w - 40))
    imgs = [rendered(line, 24, theme.TEXT, True) for line in lines]
    box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 32, sum(i.get_height() for i in imgs) + 24)
    box.center = view.center
    pygame.draw.rect(surface, (10, 12, 18), box, border_radius=6)
    pygame.draw.rect(surface, theme.HIGHLIGHT, box, 2, border_radius=6)
    y = box.y + 12
    for img in imgs:
        surface.blit(img, (box.x + 16, y))
        y += img.get_height()
