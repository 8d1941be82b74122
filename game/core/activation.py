"""One creature's activation: a handler per action, found through one table (docs/rules.md#activations:
'An activation is one of ...'). Each handler checks everything before it changes
anything, so a refused command changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.core import events as ev
from game.core.commands import Action, Command, Illegal
from game.core.rules import capabilities
from game.core.rules import charge as charge_rules
from game.core.rules.geometry import FACINGS, Pos, footprint_distance
from game.core.systems import actions, charge, conditions, magic, spell_aim, surrender, withdrawal
from game.core.systems.context import Ctx
from game.core.systems.fatigue import exert
from game.core.systems.movement import effective_mv, half_move, path_cost
from game.core.world import Unit


def check_allowed(u: Unit, cmd: Command) -> None:
    """Refuse an action the creature's posture and morale forbid (game.core.rules.capabilities)."""
    why = capabilities.refusal(u.id, u.morale, u.prone, cmd.action, cmd.target is not None, u.fights)
    if why is None and u.conditions:
        why = conditions.refusal(u, cmd.action)
    if why is not None:
        raise Illegal(why)


def _path(ctx: Ctx, u: Unit, cmd: Command, budget: int) -> list[Pos]:
    path = list(cmd.path)
    if not path or path[0] != u.pos:
        path = [u.pos] + path
    if len(path) == 1:
        return path
    if u.conditions:
        why = conditions.refusal(u, Action.MOVE)  # 'cannot move': no path, whatever the action
        if why is not None:
            raise Illegal(why)
    cost, why = path_cost(ctx, u, path, cmd.into_hazard, budget)
    if cost < 0:
        raise Illegal(f"{u.id} cannot take that path: {why}")
    return path


def _target(ctx: Ctx, u: Unit, cmd: Command) -> Unit:
    if cmd.target is None or cmd.target not in ctx.world.units:
        raise Illegal(f"no such target {cmd.target!r}")
    t = ctx.world[cmd.target]
    if t.side == u.side:
        raise Illegal(f"{t.id} is on {u.id}'s own side")
    if not t.alive:
        raise Illegal(f"{t.id} is no longer on the field")
    return t


def _final_facing(ctx: Ctx, uid: str, cmd: Command, ok: bool) -> None:
    u = ctx.world[uid]
    if ok and u.alive and cmd.facing is not None and cmd.facing != u.facing:
        ctx.world.update(uid, facing=cmd.facing)
        ctx.emit(ev.Turn, id=uid, facing=FACINGS[cmd.facing])


def _check_melee_from(ctx: Ctx, u: Unit, end: Pos, t: Unit) -> None:
    if u.kind.melee is None:
        raise Illegal(f"{u.id} has no melee weapon")
    # The unit as it will stand at the end of its path; its own old square never blocks it.
    if actions.melee_facing(ctx, replace(u, pos=end), end, t) is None:
        raise Illegal(f"{t.id} is out of {u.id}'s reach from {list(end)}")


def _move(ctx: Ctx, u: Unit, cmd: Command) -> None:
    path = _path(ctx, u, cmd, effective_mv(u))
    ok = actions.walk(ctx, u.id, path, provoke=True)
    _final_facing(ctx, u.id, cmd, ok)


def _attack(ctx: Ctx, u: Unit, cmd: Command) -> None:
    t = _target(ctx, u, cmd)
    path = _path(ctx, u, cmd, half_move(u))
    _check_melee_from(ctx, u, path[-1], t)
    if actions.walk(ctx, u.id, path, provoke=True):
        actions.melee(ctx, u.id, t.id, cmd.facing, ctx.deferring)


def _fire(ctx: Ctx, u: Unit, cmd: Command) -> None:
    t = _target(ctx, u, cmd)
    w = u.kind.missile
    if w is None:
        raise Illegal(f"{u.id} has no missile weapon")
    path = _path(ctx, u, cmd, half_move(u))
    dist = footprint_distance(path[-1], u.n, t.pos, t.n)
    if dist > w.range[2]:
        raise Illegal(f"{t.id} is beyond long range ({dist} squares, {w.range[2]} at most)")
    if not actions.line_of_sight(ctx, u, t, path[-1]):
        raise Illegal(f"{u.id} cannot see {t.id}")
    if actions.walk(ctx, u.id, path, provoke=True):
        actions.fire(ctx, u.id, t.id, ctx.deferring)


def _charge(ctx: Ctx, u: Unit, cmd: Command) -> None:
    """'a full move of at least 2 squares that ends with the charger in reach of its target, then
    one melee attack at +2'; the charger is `charging` from the moment it sets off (docs/rules.md#charge)."""
    t = _target(ctx, u, cmd)
    path = _path(ctx, u, cmd, effective_mv(u))
    why = charge.refusal(ctx, u, path)
    if why is not None:
        raise Illegal(why)
    _check_melee_from(ctx, u, path[-1], t)
    conditions.start(ctx, u.id, "charging", charge_rules.CHARGING_ROUNDS)
    if actions.walk(ctx, u.id, path, provoke=True, charging=True):
        actions.melee(ctx, u.id, t.id, cmd.facing, ctx.deferring, purpose="charge")


def _withdraw(ctx: Ctx, u: Unit, cmd: Command) -> None:
    """'half move directly away from an adjacent enemy, provokes no attack of opportunity'."""
    path = _path(ctx, u, cmd, half_move(u))
    why = withdrawal.refusal(ctx, u, path)
    if why is not None:
        raise Illegal(why)
    ok = actions.walk(ctx, u.id, path, provoke=False, keep_facing=True)
    _final_facing(ctx, u.id, cmd, ok)


def _turn(ctx: Ctx, u: Unit, cmd: Command) -> None:
    if cmd.facing is None:
        raise Illegal("turn needs a facing")
    _final_facing(ctx, u.id, cmd, True)


def _stand_up(ctx: Ctx, u: Unit, cmd: Command) -> None:
    """'Standing costs a half move'; the rest may be a half move or an attack."""
    if cmd.path and cmd.target:
        raise Illegal("after standing up there is time for a half move or an attack, not both")
    standing = replace(u, prone=False)
    # Check everything before anything changes: a refused command changes nothing.
    if cmd.target:
        t = _target(ctx, standing, cmd)
        _check_melee_from(ctx, standing, u.pos, t)
    path = _path(ctx, standing, cmd, half_move(standing)) if cmd.path else [u.pos]
    ctx.world.update(u.id, prone=False)
    ctx.emit(ev.StandUp, id=u.id)
    exert(ctx, u.id)
    if cmd.target:
        actions.melee(ctx, u.id, cmd.target, cmd.facing, ctx.deferring)
    elif len(path) > 1:
        ok = actions.walk(ctx, u.id, path, provoke=True)
        _final_facing(ctx, u.id, cmd, ok)
    else:
        _final_facing(ctx, u.id, cmd, True)


def _set_vs_charge(ctx: Ctx, u: Unit, cmd: Command) -> None:
    """Set to receive a charge: no move; +2 initiative next round (seed 002). Only a weapon that can
    be set is set (game.core.rules.charge.can_set)."""
    why = charge_rules.set_refusal(u.kind.melee)
    if why is not None:
        raise Illegal(f"{u.id}: {why}")
    ctx.world.update(u.id, conditions=u.conditions + (("set_vs_charge", 2),))
    ctx.emit(ev.SetVsCharge, id=u.id)


def _offer_surrender(ctx: Ctx, u: Unit, cmd: Command) -> None:
    """'instead of attacking, a creature offers quarter to an adjacent or visible enemy within 6 squares'."""
    if cmd.path:
        raise Illegal("quarter is offered from where the creature stands: no path")
    t = _target(ctx, u, cmd)
    why = surrender.refusal(ctx, u, t)
    if why is not None:
        raise Illegal(why)
    surrender.offer(ctx, u, t)


def _cast(ctx: Ctx, u: Unit, cmd: Command) -> None:
    """'A cast is the caster's activation (no move beyond a half move before it)' (docs/rules.md#magic)."""
    if cmd.spell is None:
        raise Illegal("cast needs a spell")
    path = _path(ctx, u, cmd, half_move(u))
    a = spell_aim.aim(ctx, u, cmd.spell, cmd.target, cmd.at, path[-1])
    if isinstance(a, str):
        raise Illegal(a)
    actions.walk(ctx, u.id, path, provoke=True)
    # 'A caster damaged (or knocked down) before its spell goes off loses it, standing or prone'
    # (docs/rules.md#magic): knocked down on its half move, it spends the slot all the same.
    if ctx.world[u.id].able:
        magic.cast(ctx, u.id, a, cmd.at)


def _rest(ctx: Ctx, u: Unit, cmd: Command) -> None:
    ctx.rs.rested.add(u.id)
    ctx.emit(ev.Rest, id=u.id)


def _hold(ctx: Ctx, u: Unit, cmd: Command) -> None:
    ctx.emit(ev.Hold, id=u.id)


Handler = Callable[[Ctx, Unit, Command], None]

HANDLERS: dict[Action, Handler] = {
    Action.MOVE: _move,
    Action.ATTACK: _attack,
    Action.CHARGE: _charge,
    Action.FIRE: _fire,
    Action.WITHDRAW: _withdraw,
    Action.TURN: _turn,
    Action.STAND_UP: _stand_up,
    Action.SET_VS_CHARGE: _set_vs_charge,
    Action.REST: _rest,
    Action.HOLD: _hold,
    Action.OFFER_SURRENDER: _offer_surrender,
    Action.CAST: _cast,
}


def carry_out(ctx: Ctx, u: Unit, cmd: Command) -> None:
    """Check the creature may take this action, then take it.

    The conditions the activation ends (game.core.systems.conditions.ended_by: a charger's `charging`
    'at the start of its next activation', a set creature's set as it moves, charges, attacks or
    casts, docs/rules.md#charge) end before the handler runs; a refused command puts them back,
    and changes nothing."""
    check_allowed(u, cmd)
    ending = conditions.ended_by(u, cmd.action) if u.conditions else []
    if not ending:
        HANDLERS[cmd.action](ctx, u, cmd)
        return
    mark = len(ctx.events)
    for name in ending:
        conditions.end(ctx, u.id, name)
    try:
        HANDLERS[cmd.action](ctx, ctx.world[u.id], cmd)
    except Illegal:
        ctx.world.update(u.id, conditions=u.conditions)
        del ctx.events[mark:]
        raise
