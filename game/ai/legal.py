"""Every legal command for the pending decision, built from the battle's query."""

from __future__ import annotations

from game import query
from game.battle import RETREAT, Battle
from game.commands import Command
from game.world import FLEEING, STEADY, WITHDRAWING


def legal_commands(battle: Battle) -> list[Command]:
    p = battle.pending()
    if p.kind == RETREAT:
        out = [Command("decline_retreat", p.unit or "", target=p.target)]
        if not p.spaces:
            out.append(Command("force_retreat", p.unit or "", target=p.target, to=None))
        for s in p.spaces:
            out.append(Command("force_retreat", p.unit or "", target=p.target, to=s["to"], follow=False))
            if s["follow_to"] is not None:
                out.append(Command("force_retreat", p.unit or "", target=p.target, to=s["to"], follow=True))
        return out
    uid = p.unit or ""
    u = battle.world[uid]
    out = [Command("hold", uid)]
    if u.prone:
        out.append(Command("stand_up", uid))
        if u.morale != FLEEING:
            out.append(Command("rest", uid))
        return out
    out += [Command("turn", uid, facing=f) for f in range(8) if f != u.facing]
    if u.morale == FLEEING:
        reach = query.moves(battle, uid)
        out += [Command("move", uid, path=tuple(reach.path(p))) for p in sorted(reach.costs) if p != u.pos]
        return out
    out.append(Command("rest", uid))
    if u.morale == WITHDRAWING:
        reach = query.moves(battle, uid, half=True)
        for pos in sorted(query.withdraw_squares(battle, uid)):
            out.append(Command("withdraw", uid, path=tuple(reach.path(pos))))
        return out
    assert u.morale == STEADY
    out.append(Command("set_vs_charge", uid))
    reach = query.moves(battle, uid)
    out += [Command("move", uid, path=tuple(reach.path(p))) for p in sorted(reach.costs) if p != u.pos]
    for o in query.attack_options(battle, uid, "melee"):
        out.append(Command("attack", uid, path=o.path, target=o.target))
    for o in query.attack_options(battle, uid, "missile"):
        out.append(Command("fire", uid, path=o.path, target=o.target))
    return out
