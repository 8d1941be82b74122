"""Every legal command for the pending decision, built from the battle's query."""

from __future__ import annotations

from game.core import query, query_magic, query_quarter
from game.core.battle import RETREAT, Battle, Pending
from game.core.commands import Action, Command


def _retreat_commands(p: Pending) -> list[Command]:
    uid = p.unit or ""
    out = [Command(Action.DECLINE_RETREAT, uid, target=p.target)]
    if not p.spaces:
        out.append(Command(Action.FORCE_RETREAT, uid, target=p.target, to=None))
    for s in p.spaces:
        out.append(Command(Action.FORCE_RETREAT, uid, target=p.target, to=s["to"], follow=False))
        if s["follow_to"] is not None:
            out.append(Command(Action.FORCE_RETREAT, uid, target=p.target, to=s["to"], follow=True))
    return out


def legal_commands(battle: Battle) -> list[Command]:
    """Return the commands the battle accepts now, one per distinct outcome, in a fixed order."""
    p = battle.pending()
    if p.kind == RETREAT:
        return _retreat_commands(p)
    uid = p.unit or ""
    u = battle.world[uid]
    may = query.allowed_actions(battle, uid)
    out = [Command(Action.HOLD, uid)] if Action.HOLD in may else []
    if Action.STAND_UP in may:
        out.append(Command(Action.STAND_UP, uid))
    if Action.TURN in may:
        out += [Command(Action.TURN, uid, facing=f) for f in range(8) if f != u.facing]
    if Action.REST in may:
        out.append(Command(Action.REST, uid))
    if Action.SET_VS_CHARGE in may:
        out.append(Command(Action.SET_VS_CHARGE, uid))
    # A creature that may move in full is offered its moves, not a withdrawal as well: the list
    # has always been so, and the random AI's games depend on it.
    if Action.WITHDRAW in may and Action.MOVE not in may:
        reach = query.withdraw_reach(battle, uid)
        for pos in sorted(query.withdraw_squares(battle, uid)):
            out.append(Command(Action.WITHDRAW, uid, path=tuple(reach.path(pos))))
    if Action.MOVE in may:
        reach = query.moves(battle, uid)
        out += [Command(Action.MOVE, uid, path=tuple(reach.path(q))) for q in sorted(reach.costs) if q != u.pos]
    if Action.ATTACK in may:
        out += [Command(Action.ATTACK, uid, path=o.path, target=o.target) for o in query.attack_options(battle, uid)]
    if Action.CHARGE in may:
        out += [Command(Action.CHARGE, uid, path=o.path, target=o.target) for o in query.charge_options(battle, uid)]
    if Action.FIRE in may:
        for o in query.attack_options(battle, uid, "missile"):
            out.append(Command(Action.FIRE, uid, path=o.path, target=o.target))
    if Action.OFFER_SURRENDER in may:
        out += [Command(Action.OFFER_SURRENDER, uid, target=t) for t in query_quarter.offer_targets(battle, uid)]
    if Action.CAST in may:
        for c in query_magic.spell_options(battle, uid):
            out.append(Command(Action.CAST, uid, spell=c.spell, target=c.target, at=c.at))
    return out
