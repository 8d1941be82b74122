"""Offering surrender: quarter offered to a nearby foe, which checks morale at the end of the round
(docs/rules.md#offering-surrender)."""

from __future__ import annotations

from game.core import events as ev
from game.core.rules.geometry import footprint_distance
from game.core.systems.actions import line_of_sight
from game.core.systems.context import Ctx
from game.core.world import Unit

# 'an adjacent or visible enemy within 6 squares'
OFFER_RANGE = 6


def refusal(ctx: Ctx, u: Unit, t: Unit) -> str | None:
    """Why `u` may not offer quarter to `t` now, in one line; None if it may."""
    if ctx.options.morale_system != "adnd2e":
        # Decision (docs/decisions.md): B/X morale knows only its own two triggers.
        return "offers of surrender need morale_system adnd2e (under ose no check follows an offer)"
    if t.side == u.side:
        return f"{t.id} is on {u.id}'s own side"
    if not t.able:
        return f"{t.id} is no longer able to fight"
    if t.hero:
        return f"{u.id}'s side never offers quarter to a hero ({t.id})"
    if not t.kind.intelligent:
        return f"{t.id} is mindless: it cannot understand an offer of quarter"
    dist = footprint_distance(u.pos, u.n, t.pos, t.n)
    if dist > OFFER_RANGE:
        return f"{t.id} is {dist} squares away; quarter is offered within {OFFER_RANGE}"
    if dist > 1 and not line_of_sight(ctx, u, t):
        return f"{u.id} cannot see {t.id}"
    return None


def targets(ctx: Ctx, u: Unit) -> list[str]:
    """The foes `u` may offer quarter to from where it stands, by id."""
    if ctx.options.morale_system != "adnd2e":
        return []
    return [e.id for e in ctx.world.enemies_of(u) if refusal(ctx, u, e) is None]


def offer(ctx: Ctx, u: Unit, t: Unit) -> None:
    """Log the offer; the foe weighs it in this round's morale step (the first side to offer is the one it
    would surrender to)."""
    ctx.rs.offers.setdefault(t.id, u.side)
    ctx.emit(ev.SurrenderOffered, id=u.id, target=t.id)


def must_check(ctx: Ctx, u: Unit, other_triggers: list[str]) -> bool:
    """'That enemy checks morale at the end of the round if it has met another trigger this battle'."""
    if u.id not in ctx.rs.offers or not u.kind.intelligent:
        return False
    return bool(other_triggers) or u.id in ctx.sides[u.side].met
