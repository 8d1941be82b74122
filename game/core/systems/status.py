"""The status step at the end of the round: continuing damage, prone, timed conditions (seed 000)."""

from __future__ import annotations

from game.core import events as ev
from game.core.rules.dice import parse_dice, roll_dice
from game.core.systems import conditions
from game.core.systems.attack import damage_unit, struck_by_magic
from game.core.systems.context import Ctx


def run(ctx: Ctx) -> None:
    for uid in ctx.world.ids():
        u = ctx.world[uid]
        if not u.alive:
            continue
        # 'continuing damage (poison, burning, acid, etc.) actually inflict their damage in this part'
        # Decision: 'continuing damage starts in the status step of the round *after* the hit (the
        # hit's own damage is the first round's)' (docs/rules.md#status): a course begun this
        # round waits.
        left = [c for c in u.continuing if c.first > ctx.round]
        for c in u.continuing:
            if c.first > ctx.round:
                continue
            r = roll_dice(ctx.rng, parse_dice(c.dice))
            ctx.emit(ev.Status, id=uid, effect=c.effect, amount=r.total, roll=r, rounds_left=c.rounds - 1)
            # 'A death from it is credited to the creature (and side) that caused it'.
            damage_unit(ctx, uid, r.total, c.effect, c.by)
            if c.effect == "acid" and not ctx.world[uid].able:
                struck_by_magic(ctx, uid)  # Melf's acid arrow kills by magic
            if c.rounds > 1:
                left.append(c._replace(rounds=c.rounds - 1))
        if not ctx.world[uid].alive:
            continue
        # 'Did a character get knocked down during the fight? He'll start the next round prone.'
        if uid in ctx.rs.knocked_down and ctx.world[uid].prone:
            ctx.emit(ev.Status, id=uid, effect="prone", amount=0)
        ctx.world.update(uid, continuing=tuple(left))
        conditions.tick(ctx, uid)
