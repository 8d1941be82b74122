"""The view follows the battle (issue 37: at 2x on a 64x64 field the creature acting was off
screen and the view stayed elsewhere): as the animation of a creature's deed begins, a move, an
attack, a cast, a retreat, the square it ends at comes into view if it is not, so the AI's turns
(and a side played on another machine) are seen as they are shown. A deed already in view leaves
the view where the player put it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.rules.geometry import Pos

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState

DEEDS = (ev.Move, ev.Attack, ev.Cast, ev.Retreat, ev.Withdraw, ev.Fled)


def follow_shown(s: BattleState) -> None:
    """Bring into view the deed whose animation is playing, once as it begins."""
    e = s.view.current
    if e is None or e is s.followed:
        return
    s.followed = e
    where = _where(s, e)
    if where is not None:
        s.camera_follow(where)


def _where(s: BattleState, e: ev.Event) -> Pos | None:
    """Where a deed ends: a move's last square, else where its doer's token stands."""
    if not isinstance(e, DEEDS):
        return None
    if isinstance(e, ev.Move) and e.path:
        return e.path[-1]
    tok = s.view.tokens.get(ev.involved(e)[0]) if ev.involved(e) else None
    return (round(tok.x), round(tok.y)) if tok is not None else None
