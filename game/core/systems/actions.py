"""Carrying out one activation: moving step by step, attacks of opportunity, first strikes,
attacks, missiles, withdrawals, standing up (C&T and seed 002)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise

from game.core import events as ev
from game.core.rules.geometry import FACINGS, VECTORS, Pos, facing_toward, footprint_distance
from game.core.rules.initiative import first_strike_applies
from game.core.systems import attack, charge, conditions, trail
from game.core.systems.context import Ctx
from game.core.systems.fatigue import exert
from game.core.systems.flight import in_exit
from game.core.systems.hazards import enter_hazard
from game.core.systems.space import can_threaten, nearest_square, reachable_squares, strikes, threatens
from game.core.terrain import Hazard
from game.core.world import FLED, FLEEING, Unit


def _step_facing(p: Pos, q: Pos) -> int:
    return VECTORS.index((q[0] - p[0], q[1] - p[1]))


def _can_move_on(ctx: Ctx, uid: str) -> bool:
    u = ctx.world[uid]
    return u.able and not u.prone


def walk(ctx: Ctx, uid: str, path: list[Pos], provoke: bool, keep_facing: bool = False, charging: bool = False) -> bool:
    """Walk a checked path; return False when the walk was cut short (death, knockdown, flight).

    'Leaving a square threatened by an enemy (other than by a withdrawal or a
    forced retreat) gives that enemy one free melee attack, at most one per enemy
    per round' (C&T; docs/rules.md#attacks-of-opportunity). A move interrupted by an attack is logged as a move
    to the square where it was interrupted, the attack, then the rest.
    """
    segment = [path[0]]
    walked = [path[0]]
    swung: set[str] = set()  # enemies that took an attack of opportunity at this mover on this walk
    if len(path) > 1:
        exert(ctx, uid)

    def stopped() -> bool:
        _fall_back(ctx, uid, walked)
        return False

    def flush() -> None:
        nonlocal segment
        if len(segment) > 1:
            trail.record(ctx, uid, segment)
            ctx.emit(ev.Move, id=uid, path=tuple(segment), facing=FACINGS[ctx.world[uid].facing])
        segment = [segment[-1]]

    for i, (p, q) in enumerate(pairwise(path)):
        if provoke and not _attacks_of_opportunity(ctx, uid, flush, swung, path[i + 1 :]):
            return stopped()
        facing = ctx.world[uid].facing if keep_facing else _step_facing(p, q)
        ctx.world.update(uid, pos=q, facing=facing)
        segment.append(q)
        walked.append(q)
        if ctx.terrain.hazard_at(q) != Hazard.NONE or any(
            ctx.terrain.hazard_at(s) != Hazard.NONE for s in ctx.world[uid].squares
        ):
            flush()
            enter_hazard(ctx, uid, None)
            return False
        u = ctx.world[uid]
        if u.morale == FLEEING and in_exit(ctx, u):
            flush()
            leave_field(ctx, uid)
            return False
        # A set weapon meets a charger before anyone's first strike: it 'strikes a charger first'.
        if charging and not charge.set_weapons(ctx, uid, flush, swung):
            return stopped()
        if provoke and ctx.round == 1 and not _first_strikes(ctx, uid, flush, swung):
            return stopped()
    flush()
    return True


def _attacks_of_opportunity(
    ctx: Ctx, uid: str, flush: Callable[[], None], swung: set[str], ahead: Sequence[Pos]
) -> bool:
    """Each enemy threatening the square the creature is about to leave, for the squares `ahead`,
    swings once (if it has not yet this round); return False when the creature can no longer move on."""
    u = ctx.world[uid]
    ux, uy = u.pos
    un = u.n
    for e in ctx.world.enemies_of(u):
        # takes_free_swing, with its cheap tests first and written out: every enemy is asked at
        # every step of every walk, and nearly all are out of reach.
        weapon = e.kind.melee
        if weapon is None or e.id in ctx.rs.aoo_used or e.id in swung:
            continue
        if e.n == 1 and un == 1:
            ex, ey = e.pos
            if max(abs(ex - ux), abs(ey - uy)) > weapon.reach_squares:
                continue
        if not takes_free_swing(ctx, e, u, swung, ahead):
            continue
        if not attack.free_blow(ctx, e.id, uid, "attack_of_opportunity", flush, swung):
            return False
    return True


def takes_free_swing(ctx: Ctx, e: Unit, mover: Unit, swung: set[str], ahead: Sequence[Pos]) -> bool:
    """Whether the enemy takes an attack of opportunity as the mover leaves the square it stands on
    for the squares `ahead` (not if it has already swung at this mover on this walk, `swung`: a
    first strike included; nor if it will strike first further on)."""
    if e.id in ctx.rs.aoo_used or e.id in swung or e.kind.melee is None:
        return False
    if footprint_distance(e.pos, e.n, mover.pos, mover.n) > e.kind.melee.reach_squares:
        return False  # out of reach whatever it faces: skip the arc test
    return threatens(ctx, e, mover.squares) and not strikes_first_ahead(ctx, e, mover, swung, ahead)


def strikes_first_ahead(ctx: Ctx, e: Unit, mover: Unit, swung: set[str], ahead: Sequence[Pos]) -> bool:
    """Whether the enemy will strike first at the mover on one of the squares its walk goes on to.

    Decision (docs/rules.md#first-strike-in-round-1): 'in round 1, an enemy that may still strike
    first at an approaching creature makes no attack of opportunity at it at all (not when it
    enters the long reach at 15 ft, nor when it leaves a square there): its one swing at that
    creature is the first strike, taken when the creature comes within 10 ft, and it is the
    enemy's action.' The seed's 'approaches within ten feet': a square ahead counts only if it
    is nearer the enemy than the mover stands (one walking away, or round it, draws the attack of
    opportunity). Judged on the field as it stands: only the mover moves during its walk."""
    if ctx.round != 1:
        return False
    near = footprint_distance(mover.pos, mover.n, e.pos, e.n)
    return any(
        footprint_distance(q, mover.n, e.pos, e.n) < near
        and first_strike_reason(ctx, e, replace(mover, pos=q), swung) is not None
        for q in ahead
    )


def first_strike_reason(ctx: Ctx, e: Unit, mover: Unit, swung: set[str]) -> str | None:
    """Why the enemy strikes first at the mover that has just stepped where it stands (round 1:
    `reach` or `size`), or None (docs/rules.md#first-strike-in-round-1)."""
    if e.id in ctx.rs.acted or e.id in ctx.rs.lost_action or e.id in swung or not can_threaten(e) or e.prone:
        return None
    ew, mw = e.kind.melee, mover.kind.melee
    assert ew is not None
    reason = first_strike_applies(mover.kind, e.kind, mw.reach_ft if mw else 0, ew.reach_ft)
    if reason is None or footprint_distance(mover.pos, mover.n, e.pos, e.n) > 2:
        return None
    return reason if threatens(ctx, e, mover.squares) else None


def _fall_back(ctx: Ctx, uid: str, walked: list[Pos]) -> None:
    """Cut short on an ally's square, the creature falls back to the last free one, back along
    the squares it came by: a path in the log moves one square a step (docs/rules.md#movement)."""
    if ctx.world[uid].alive and ctx.world.overlaps(uid):
        for i in range(len(walked) - 2, -1, -1):
            ctx.world.update(uid, pos=walked[i])
            if not ctx.world.overlaps(uid):
                path = walked[i:][::-1]
                trail.record(ctx, uid, path)
                ctx.emit(
                    ev.Move,
                    id=uid,
                    path=tuple(path),
                    facing=FACINGS[ctx.world[uid].facing],
                    reason="fell_back",
                )
                break


def leave_field(ctx: Ctx, uid: str) -> None:
    """A fleeing creature that reaches an exit 'has fled the battle' (docs/rules.md#withdrawal-flight-and-surrender)."""
    ctx.world.update(uid, life=FLED)
    ctx.rs.left.append(uid)
    ctx.emit(ev.Fled, id=uid)


def _first_strikes(ctx: Ctx, uid: str, flush: Callable[[], None], swung: set[str]) -> bool:
    """Seed 002: 'In the first round only, the creature with the longer reach or larger size is
    allowed to attack first ... if the creature with the shorter reach or smaller creature
    approaches within ten feet. Such action counts as the action for that round.'

    'One approach gives the big creature one swing: never an attack of opportunity *and* a first
    strike against the same mover in one move' (docs/rules.md#first-strike-in-round-1): an enemy
    in `swung` has had its swing at this approach, and one that strikes first joins it."""
    mover = ctx.world[uid]
    for e in ctx.world.enemies_of(mover):
        reason = first_strike_reason(ctx, e, mover, swung)
        if reason is None:
            continue
        flush()
        ctx.rs.lost_action.add(e.id)
        ctx.rs.acted.add(e.id)
        # Its one swing at this approach: no attack of opportunity at this mover follows (the
        # seed's example has the giant swing once and Hambone 'move in close'). Decision: 'A first
        # strike uses up nothing else': its attack of opportunity at another mover is still to come.
        swung.add(e.id)
        ctx.emit(ev.FirstStrike, id=e.id, against=uid, reason=reason)
        exert(ctx, e.id)
        attack.resolve(ctx, e.id, uid, "melee", "first_strike")
        if not _can_move_on(ctx, uid):
            return False
        mover = ctx.world[uid]
    return True


def melee_facing(ctx: Ctx, unit: Unit, pos: Pos, target: Unit) -> int | None:
    """A facing from pos whose front arc and reach take in the target, or None."""
    squares = reachable_squares(ctx, unit, pos, target.squares)
    if not squares:
        return None
    first = facing_toward(pos, unit.n, target.pos, target.n)
    for f in [first] + [f for f in range(8) if f != first]:
        if any(strikes(ctx, unit, pos, f, sq) for sq in squares):
            return f
    return None


SIGHT_LINES_KEPT = 100_000  # about 22 MB at most (three hard rounds on the 64x64 field ask 9,000)


def line_of_sight(ctx: Ctx, shooter: Unit, target: Unit, pos: Pos | None = None) -> bool:
    """Whether the shooter, at pos if given, sees the target: no sight-blocking square on the
    line between their nearest squares."""
    t = ctx.terrain
    if not t.sight_blocked_anywhere:
        return True
    pos = shooter.pos if pos is None else pos
    a = pos if shooter.n == 1 else nearest_square(replace(shooter, pos=pos), target.pos)
    b = target.pos if target.n == 1 else nearest_square(target, a)
    # Only the terrain blocks sight, and it never changes: each line is walked once a battle.
    lines = t.sight_lines
    got = lines.get((a, b))
    if got is None:
        if len(lines) > SIGHT_LINES_KEPT:
            lines.clear()
        got = lines[(a, b)] = _clear_line(t.width, t.height, t.blocks_sight, a, b)
    return got


def _clear_line(w: int, h: int, blocks: tuple[bool, ...], a: Pos, b: Pos) -> bool:
    """No sight-blocking square among squares_between(a, b), that Bresenham walk written out in
    place (the AI asks this most of all, and most of the lines it asks are blocked)."""
    x0, y0 = a
    x1, y1 = b
    if x0 == x1 and y0 == y1:
        return True
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    while True:
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        if x0 == x1 and y0 == y1:
            return True
        if 0 <= x0 < w and 0 <= y0 < h and blocks[y0 * w + x0]:
            return False


def melee(ctx: Ctx, uid: str, target: str, facing_after: int | None, defer: bool, purpose: str = "attack") -> None:
    u, t = ctx.world[uid], ctx.world[target]
    if not t.alive or not u.able:
        ctx.emit(ev.AttackLost, id=uid, target=target, reason="target_gone")
        return
    f = melee_facing(ctx, u, u.pos, t)
    if f is None:
        ctx.emit(ev.AttackLost, id=uid, target=target, reason="out_of_reach")
        return
    if f != u.facing:
        ctx.world.update(uid, facing=f)
        ctx.emit(ev.Turn, id=uid, facing=FACINGS[f])
    exert(ctx, uid)
    attack.resolve(ctx, uid, target, "melee", purpose, defer=defer)
    # Hasted: 'one extra melee attack per attack action' (docs/rules.md#magic).
    me = ctx.world[uid]
    if me.conditions and conditions.extra_blow(me) and me.able and ctx.world[target].able:
        attack.resolve(ctx, uid, target, "melee", purpose, defer=defer)
    if facing_after is not None and ctx.world[uid].alive and facing_after != ctx.world[uid].facing:
        ctx.world.update(uid, facing=facing_after)
        ctx.emit(ev.Turn, id=uid, facing=FACINGS[facing_after])


def fire(ctx: Ctx, uid: str, target: str, defer: bool) -> None:
    u = ctx.world[uid]
    weapon = u.kind.missile
    assert weapon is not None
    f = facing_toward(u.pos, u.n, ctx.world[target].pos, ctx.world[target].n)
    if f != u.facing:
        ctx.world.update(uid, facing=f)
        ctx.emit(ev.Turn, id=uid, facing=FACINGS[f])
    exert(ctx, uid)
    for _ in range(weapon.rate):
        if not ctx.world[target].able:
            break
        attack.resolve(ctx, uid, target, "missile", "fire", defer=defer)
