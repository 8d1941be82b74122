"""Why a click the mode cannot act on is refused, in the reason that holds (issue 22: a far charge
target was told it "needs a run of 2 squares", a shot a wall blocks "no shot at that square")."""

from __future__ import annotations

from game.core.battle import Battle
from game.core.commands import Action, Command
from game.core.rules.charge import MIN_SQUARES, set_refusal
from game.core.rules.geometry import footprint_distance
from game.core.systems import charge
from game.core.systems.movement import effective_mv
from game.ui.battle.legal import Legal


def no_charge(battle: Battle, uid: str, who: str | None) -> str:
    """Why the unit may not charge what stands on the clicked square (docs/rules.md#charge)."""
    w = battle.world
    if who is None or w[who].side == w[uid].side:
        return "no foe there to charge"
    u, t = w[uid], w[who]
    why = charge.start_refusal(battle.ctx, u)
    if why is not None:
        return why
    reach = u.kind.melee.reach_squares if u.kind.melee is not None else 1
    run = footprint_distance(u.pos, u.n, t.pos, t.n) - reach
    if run > effective_mv(u):
        return f"no charge at {who}: too far, {run} squares to run and a full move is {effective_mv(u)}"
    return f"no charge at {who}: no clear run of {MIN_SQUARES} squares or more ends in reach of it"


def fire_at(battle: Battle, uid: str, who: str | None) -> Command | str:
    """A shot at a foe the window does not mark is sent all the same, for the battle to say why it
    may not (out of range, out of sight); an empty square or an ally is refused here."""
    w = battle.world
    if who is None or w[who].side == w[uid].side:
        return "no foe there to shoot at"
    return Command(Action.FIRE, uid, target=who)


def no_attack(who: str, legal: Legal) -> str:
    """Why a click (or Shift+click) on a foe makes no attack: none reaches it after half a move
    (issue 22: the click did nothing); a charge may, when the unit can make one."""
    if who in legal.charge:
        return f"no attack on {who}: out of reach after half a move; a charge (G) reaches it"
    return f"no attack on {who}: out of reach after half a move"


def simple_action(battle: Battle, uid: str, action: Action) -> Command | str:
    """A hold, a rest or a set; a set by a creature whose weapon cannot be set is refused here, in
    the battle's words, so the key offers nothing the Set button does not (docs/rules.md#charge)."""
    why = set_refusal(battle.world[uid].kind.melee) if action == Action.SET_VS_CHARGE else None
    return Command(action, uid) if why is None else why
