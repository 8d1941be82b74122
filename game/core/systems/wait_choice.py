"""A side's choice to wait when the battle starts, where the map offers it (seed 002's 'Waiting').

'Sometimes when you encounter another group, you don't know what you should do ... What you can
do is wait and see how they react ... Waiting for a reaction so that you can decide what to do
causes a -1 penalty to the first initiative roll for your group, if the other side attacks.'

Decision (docs/decisions.md#waiting): on a map whose property `wait_choice` is true, a side may
choose to wait with the command `{"action": "wait", "side": ...}` while round 1 has begun and no
creature has acted. The choice makes it the battle's waiting side, exactly as the option `waiting`
names one; the -1 then comes as it always does (systems/initiative.waiting_adjustment). One
side waits in a battle, as the option names one.
"""

from __future__ import annotations

from dataclasses import replace

from game.core import events as ev
from game.core.commands import Illegal, shown_id
from game.core.systems.context import Ctx


def open_now(ctx: Ctx, offered: bool) -> bool:
    """Whether a side may still choose: the map offers it, round 1, no creature has acted yet."""
    return offered and ctx.round == 1 and not ctx.rs.acted and not ctx.rs.lost_action


def refusal(ctx: Ctx, offered: bool, side: str) -> str | None:
    """Why `side` may not choose to wait now (one line), or None when it may."""
    if not offered:
        return "this map offers no choice to wait (its property wait_choice is not true)"
    if not any(u.side == side for u in ctx.world.units.values()):
        return f"there is no side {shown_id(side)!r}"
    if not open_now(ctx, offered):
        return "a side chooses to wait before any creature acts in round 1"
    if ctx.options.waiting == side:
        return f"{side} already waits"
    if ctx.options.waiting:
        return f"only one side waits in a battle, and {ctx.options.waiting} already does"
    return None


def choose(ctx: Ctx, offered: bool, side: str) -> None:
    """`side` waits from now on: its creatures take -1 on round 1's initiative if another side
    attacks. Raise Illegal, changing nothing, when it may not choose now."""
    why = refusal(ctx, offered, side)
    if why is not None:
        raise Illegal(why)
    ctx.options = replace(ctx.options, waiting=side)
    ctx.emit(ev.Wait, side=side)
