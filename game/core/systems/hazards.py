"""What a pit, a fire or a cliff does to whoever enters it (a Decision: docs/rules.md#hazards)."""

from __future__ import annotations

from game.core import events as ev
from game.core.rules.dice import roll
from game.core.systems.attack import damage_unit, knock_down
from game.core.systems.context import Ctx
from game.core.terrain import Hazard
from game.core.world import FIGHTING, Course


def hazard_under(ctx: Ctx, uid: str) -> Hazard:
    u = ctx.world[uid]
    for sq in u.squares:
        hz = ctx.terrain.hazard_at(sq)
        if hz != Hazard.NONE:
            return hz
    return Hazard.NONE


def enter_hazard(ctx: Ctx, uid: str, by: str | None) -> Hazard:
    """Apply the hazard the creature now stands in; return its name ('none' if none).

    `by` drove it in (None: it walked in). Decision: 'a death from any hazard a creature was driven
    into (the pit's or the cliff's fall, the fire's flames or its burning) is credited to the
    creature that drove it in' (docs/rules.md#hazards); one that walked in killed itself, and its
    death is credited to the hazard, nobody's kill."""
    hz = hazard_under(ctx, uid)
    u = ctx.world[uid]
    if hz == Hazard.PIT:
        r = roll(ctx.rng, 2, 6)
        ctx.emit(ev.Hazard, id=uid, hazard="pit", roll=r, by=by)
        damage_unit(ctx, uid, r.total, "pit", by)
        if ctx.world[uid].life == FIGHTING:
            knock_down(ctx, uid, "pit", by)
    elif hz == Hazard.CLIFF:
        drop = max(ctx.terrain.drop_ft[ctx.terrain.index(sq)] for sq in u.squares) or 20
        r = roll(ctx.rng, max(1, drop // 10), 6)
        ctx.emit(ev.Hazard, id=uid, hazard="cliff", roll=r, by=by, drop_ft=drop)
        damage_unit(ctx, uid, r.total, "cliff", by)
        if ctx.world[uid].life == FIGHTING:
            knock_down(ctx, uid, "cliff", by)
    elif hz == Hazard.FIRE:
        r = roll(ctx.rng, 1, 6)
        ctx.emit(ev.Hazard, id=uid, hazard="fire", roll=r, by=by)
        damage_unit(ctx, uid, r.total, "fire", by)
        if ctx.world[uid].life == FIGHTING:
            rest = tuple(c for c in ctx.world[uid].continuing if c.effect != "burning")
            # 'fire: 1d6 at once, then burning 1d6 at the end of each round for 2 rounds'; Decision:
            # 'like all continuing damage it first burns in the status step of the round *after* the
            # creature entered the fire' (docs/rules.md#hazards), the flames' 1d6 being this round's.
            ctx.world.update(uid, continuing=(*rest, Course("burning", "1d6", 2, by, ctx.round + 1)))
    return hz
