"""Charging: who may start one, and the set weapons that meet it (docs/rules.md#charge)."""

from __future__ import annotations

from collections.abc import Callable

from game.core.rules import charge as rules
from game.core.rules.fatigue import EXHAUSTED
from game.core.rules.geometry import Pos, footprint_distance
from game.core.systems import attack
from game.core.systems.context import Ctx
from game.core.systems.space import threatens
from game.core.world import Unit


def engaged(ctx: Ctx, u: Unit) -> bool:
    """'It cannot start adjacent to an enemy': an enemy within 1 square of it, or one whose reach
    and front arc take in its squares (a spear two squares off holds it as well)."""
    for e in ctx.world.enemies_of(u):
        gap = footprint_distance(u.pos, u.n, e.pos, e.n)
        # A foe threatens only squares within its weapon's reach: the farther ones need no test.
        if gap <= 1 or (
            e.kind.melee is not None and gap <= e.kind.melee.reach_squares and threatens(ctx, e, u.squares)
        ):
            return True
    return False


def start_refusal(ctx: Ctx, u: Unit) -> str | None:
    """Why the creature cannot charge at all from where it stands (the posture and morale are the
    capability table's), or None."""
    if u.fatigue_state >= EXHAUSTED:
        return f"{u.id} is exhausted and cannot charge"
    if engaged(ctx, u):
        return f"{u.id} is engaged: a charge cannot start next to an enemy"
    return None


def refusal(ctx: Ctx, u: Unit, path: list[Pos]) -> str | None:
    """Why this charge may not start, or None."""
    why = start_refusal(ctx, u)
    if why is not None:
        return why
    if len(path) - 1 < rules.MIN_SQUARES:
        return f"a charge runs at least {rules.MIN_SQUARES} squares, not {len(path) - 1}"
    return None


def set_weapon_ready(e: Unit, ctx: Ctx) -> bool:
    """A foe set to receive a charge with a weapon that can be set, its one free swing unused."""
    w = e.kind.melee
    return w is not None and w.settable and e.has("set_vs_charge") and not e.prone and e.id not in ctx.rs.aoo_used


def set_weapons(ctx: Ctx, uid: str, flush: Callable[[], None], swung: set[str]) -> bool:
    """'strikes a charger first the moment it comes into reach, and a hit does double damage ...
    This is its attack of opportunity for the round' (docs/rules.md#charge). Return False when
    the charger can no longer run on."""
    for e in ctx.world.enemies_of(ctx.world[uid]):
        if not set_weapon_ready(e, ctx) or not threatens(ctx, e, ctx.world[uid].squares):
            continue
        if not attack.free_blow(ctx, e.id, uid, "set_vs_charge", flush, swung):
            return False
    return True
