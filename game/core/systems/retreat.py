"""Forced retreats at the end of the round (seed 000, 'Retreats')."""

from __future__ import annotations

from typing import TypedDict

from game.core import events as ev
from game.core.rules.geometry import FACINGS, FLANK, REAR, Arc, Pos, facing_toward, footprint, retreat_vectors
from game.core.rules.outcome import retreat_claims
from game.core.rules.retreat import immunity
from game.core.systems import conditions
from game.core.systems.attack import knock_down, saving_throw
from game.core.systems.context import Ctx
from game.core.systems.hazards import enter_hazard
from game.core.systems.space import fits, reachable_squares, strikes
from game.core.terrain import Hazard
from game.core.world import Unit


def pairs(ctx: Ctx, attacker_order: list[str]) -> list[tuple[str, str]]:
    """The pairs that earned a forced retreat this round (game.core.rules.outcome.retreat_claims).
    Decision: resolved in the attackers' initiative order."""
    rank = {uid: i for i, uid in enumerate(attacker_order)}
    found = retreat_claims(ctx.rs.melee_damage, ctx.rs.hits)
    return sorted(found, key=lambda p: (rank.get(p[0], len(rank)), p[0], p[1]))


def refusal(ctx: Ctx, a: Unit, b: Unit) -> str | None:
    """Why the foe need not or cannot retreat, or None."""
    if b.id in ctx.rs.knocked_down or b.prone:
        return "knocked_down"  # 'A retreat cannot occur if the enemy was knocked down during the round.'
    return immunity(a.kind, b.kind)


def still_open(ctx: Ctx, a: Unit, b: Unit) -> bool:
    """A pair stays open while both stand on the field and the foe has not yet given ground.
    Decision (docs/rules.md#forced-retreats): a creature is forced back at most once per round."""
    return a.able and b.able and b.id not in ctx.rs.retreated


def follow_to(ctx: Ctx, a: Unit, b: Unit, b_old: Pos, shift: Pos) -> tuple[Pos, int] | None:
    """'The creature who forces a retreat may follow her retreating enemy, keeping her foe in a
    threatened square': into the squares the foe left, else shifted the same way as the foe,
    turning if it must to keep the foe (standing at its new place) threatened. A square from
    which no facing threatens the foe is no follow at all (docs/rules.md#forced-retreats)."""
    old = set(footprint(b_old, b.n))
    options = [p for p in old if set(footprint(p, a.n)) <= old] if a.n <= b.n else []
    options.sort(key=lambda p: (max(abs(p[0] - a.pos[0]), abs(p[1] - a.pos[1])), p))
    options.append((a.pos[0] + shift[0], a.pos[1] + shift[1]))
    for p in options:
        if fits(ctx, a.id, p, a.n):
            facing = threatening_facing(ctx, a, p, b)
            if facing is not None:
                return p, facing
    return None


def threatening_facing(ctx: Ctx, a: Unit, pos: Pos, b: Unit) -> int | None:
    """The facing at pos from which a threatens b: its own if it can, else toward b, else the
    nearest turn that does; None if none does."""
    near = reachable_squares(ctx, a, pos, b.squares)
    if not near:
        return None
    toward = facing_toward(pos, a.n, b.pos, b.n)
    turns = sorted(range(8), key=lambda f: (f != a.facing, f != toward, min((f - a.facing) % 8, (a.facing - f) % 8), f))
    return next((f for f in turns if any(strikes(ctx, a, pos, f, sq) for sq in near)), None)


class RetreatSpace(TypedDict):
    """A space a beaten foe may be driven into, and where its attacker would follow."""

    to: Pos
    space: Arc  # rear or flank
    hazard: Hazard
    shift: Pos  # the step from where the foe stands
    follow_to: Pos | None  # None: the attacker cannot follow into it
    follow_facing: int | None  # the follower's facing there, turned to keep the foe threatened


def spaces(ctx: Ctx, a: Unit, b: Unit) -> list[RetreatSpace]:
    """'he must move backward into one of his rear spaces chosen by the attacker. If there is no
    place ... directly behind him, the attacker must choose one of ... his flank spaces.'

    Hazards are legal spaces (docs/rules.md#forced-retreats). Each option says where the attacker would follow to.
    'Decision: a held or tangled foe cannot give ground: it is treated as having no free space (save
    vs paralyzation or knocked down)'.
    """
    if b.conditions and conditions.stands_fast(b):
        return []
    rear, flank = retreat_vectors(b.facing)
    for name, vectors in ((REAR, rear), (FLANK, flank)):
        out: list[RetreatSpace] = []
        for v in vectors:
            to = (b.pos[0] + v[0], b.pos[1] + v[1])
            if not fits(ctx, b.id, to, b.n, allow_hazard=True):
                continue
            hz = next(
                (ctx.terrain.hazard_at(s) for s in footprint(to, b.n) if ctx.terrain.hazard_at(s) != Hazard.NONE),
                Hazard.NONE,
            )
            follow = _follow_after(ctx, a, b, to, v)
            out.append(
                RetreatSpace(
                    to=to,
                    space=name,
                    hazard=hz,
                    shift=v,
                    follow_to=follow[0] if follow else None,
                    follow_facing=follow[1] if follow else None,
                )
            )
        if out:
            return out
    return []


def _follow_after(ctx: Ctx, a: Unit, b: Unit, to: Pos, shift: Pos) -> tuple[Pos, int] | None:
    """Where, and facing which way, the attacker could follow once the foe stands at `to`
    (the foe is moved there and back)."""
    w = ctx.world
    saved = w.units[b.id]
    w.update(b.id, pos=to)
    try:
        return follow_to(ctx, a, w[b.id], saved.pos, shift)
    finally:
        w.update(b.id, pos=saved.pos)


def force(ctx: Ctx, a_id: str, b_id: str, to: Pos | None, follow: bool) -> None:
    a, b = ctx.world[a_id], ctx.world[b_id]
    options = spaces(ctx, a, b)
    ctx.rs.retreated[b_id] = a_id
    if not options:
        # 'If the character is unable to retreat into any rear or flank space, he must roll a
        # successful saving throw vs. paralyzation or be knocked down in the space he is in.'
        if saving_throw(ctx, b_id, "retreat"):
            ctx.emit(ev.RetreatRefused, id=b_id, by=a_id, reason="stood_fast", detail="no_space")
        else:
            knock_down(ctx, b_id, "no_retreat_space", a_id)
        return
    chosen = next(o for o in options if o["to"] == to)
    if chosen["hazard"] != Hazard.NONE and saving_throw(ctx, b_id, "stand_fast"):
        # 'the DM may allow a retreating character a chance to avoid being forced back ...
        # a character with his back to a cliff' (Decision: a save vs paralyzation).
        ctx.emit(ev.RetreatRefused, id=b_id, by=a_id, reason="stood_fast", detail=chosen["hazard"])
        return
    old = b.pos
    ctx.world.update(b_id, pos=chosen["to"])
    dest = follow_to(ctx, a, ctx.world[b_id], old, chosen["shift"]) if follow else None
    if dest is not None:
        ctx.world.update(a_id, pos=dest[0], facing=dest[1])
    ctx.emit(
        ev.Retreat,
        id=b_id,
        by=a_id,
        from_=old,
        to=chosen["to"],
        space=chosen["space"],
        followed=dest is not None,
        follow_to=dest[0] if dest else None,
        hazard=chosen["hazard"],
    )
    if dest is not None and dest[1] != a.facing:
        # 'keeping her foe in a threatened square': the follower turned to face it.
        ctx.emit(ev.Turn, id=a_id, facing=FACINGS[dest[1]])
    if chosen["hazard"] != Hazard.NONE:
        enter_hazard(ctx, b_id, a_id)
