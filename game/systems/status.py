"""The status step at the end of the round: continuing damage, prone, timed conditions (seed 000)."""

from __future__ import annotations

from game import events as ev
from game.rules.dice import parse_dice, roll_dice
from game.systems import conditions
from game.systems.attack import damage_unit
from game.systems.context import Ctx
from game.systems.spell_kit import struck_by_magic


def run(ctx: Ctx) -> None:
    for uid in ctx.world.ids():
        u = ctx.world[uid]
        if not u.alive:
            continue
        # 'continuing damage (poison, burning, acid, etc.) actually inflict their damage in this part'
        left = []
        for effect, dice, rounds in u.continuing:
            r = roll_dice(ctx.rng, parse_dice(dice))
            ctx.emit(ev.Status, id=uid, effect=effect, amount=r.total, roll=r, rounds_left=rounds - 1)
            damage_unit(ctx, uid, r.total, effect)
            if effect == "acid" and not ctx.world[uid].able:
                struck_by_magic(ctx, uid)  # Melf's acid arrow kills by magic
            if rounds > 1:
                left.append((effect, dice, rounds - 1))
        if not ctx.world[uid].alive:
            continue
        # 'Did a character get knocked down during the fight? He'll start the next round prone.'
        if uid in ctx.rs.knocked_down and ctx.world[uid].prone:
            ctx.emit(ev.Status, id=uid, effect="prone", amount=0)
        ctx.world.update(uid, continuing=tuple(left))
        conditions.tick(ctx, uid)
