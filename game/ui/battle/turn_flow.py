"""The flow of a side's turn (issue 22, "Turn flow"): N picks the next creature that may act,
L opens the roster of the side's creatures with who has acted, Shift+E ends the rest of the
side's turn after a question, and Z fits the whole map in the view."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import query
from game.core.battle import ACTIVATION, Pending
from game.core.commands import Action, Command
from game.ui.battle.legal import pickable

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState


def key(s: BattleState, k: int, shift: bool) -> bool:
    """The turn flow's keys; whether the key was one of them."""
    if k == pygame.K_z:
        s.camera.fit_map()
    elif k == pygame.K_l:
        s.roster_open = not s.roster_open
    elif k == pygame.K_n:
        next_unit(s, -1 if shift else 1)
    elif k == pygame.K_e and shift:
        ask_end_of_turn(s)
    else:
        return False
    return True


def roster_side(s: BattleState) -> str | None:
    """Whose creatures the roster lists: the side to play if a player plays it, else the side
    the last player played."""
    if s.battle.over:
        return s.last_human_side
    p = s.battle.pending()
    return p.side if p.controller == "human" else s.last_human_side or next(iter(s.session.human_sides()), None)


def roster(s: BattleState) -> list[tuple[str, str]]:
    """The roster side's creatures still on the field, each with its state this round: 'acting'
    (it may act now), 'to act', 'acted', in that order; the fallen and the fled are not listed."""
    side = roster_side(s)
    b = s.battle
    now = set(pickable(b, b.pending())) if not b.over and s.human_turn() else set()
    rows = []
    for u in b.world.units.values():
        if u.side != side or u.life != "fighting":
            continue
        state = "acting" if u.id in now else "acted" if query.has_acted(b, u.id) else "to act"
        rows.append((u.id, state))
    return sorted(rows, key=lambda row: ("acting", "to act", "acted").index(row[1]))  # who may act first


def next_unit(s: BattleState, step: int) -> None:
    """The next creature that may act now (group initiative lets several), its card and the view
    on it; with one alone, the view comes back to it."""
    if not s.human_turn():
        return
    may = pickable(s.battle, s.battle.pending())
    if not may:
        return
    i = (may.index(s.selected) + step) % len(may) if s.selected in may else 0
    show(s, may[i])


def show(s: BattleState, uid: str) -> None:
    """Select a creature if it may act now, else show its card; the view centres on it."""
    u = s.battle.world[uid]
    if s.human_turn() and uid in pickable(s.battle, s.battle.pending()):
        s.select(uid)
        s.inspect = None
    else:
        s.inspect = uid
    s.cursor = u.pos
    s.camera.centre_on(u.pos[0] + u.n / 2, u.pos[1] + u.n / 2)


def ask_end_of_turn(s: BattleState) -> None:
    """Shift+E: ask before ending the turn of every creature of the side that has yet to act."""
    if not s.human_turn() or s.battle.pending().kind != ACTIVATION:
        s.message = "no side's turn to end now"
        return
    left = [uid for uid, state in roster(s) if state != "acted"]
    side = roster_side(s) or ""
    s.question = f"End {side}'s turn: {len(left)} creatures that have not acted hold? Enter / Y: yes, Esc / N: no"


def answer(s: BattleState, k: int) -> None:
    """A key while the question is open: yes ends the side's turn, no (or any other key but
    the question's) leaves it."""
    if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
        s.ending = (s.battle.pending().side or "", s.battle.round)
        s.message = "the rest of the side's creatures hold this round"
    s.question = None


def hold_the_rest(s: BattleState, p: Pending) -> bool:
    """While the side's turn is ended, each of its creatures that comes to act holds (and says
    so in the log); whether one was held. The end lasts until the round's end."""
    if s.ending is None:
        return False
    side, rnd = s.ending
    if rnd != s.battle.round:
        s.ending = None
        return False
    if p.side != side or p.kind != ACTIVATION or p.controller != "human":
        return False
    uid = (pickable(s.battle, p) or [""])[0]
    if not s.apply(Command(Action.HOLD, uid)):
        s.ending = None  # refused: the player takes the turn back
    return True
