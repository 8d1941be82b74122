"""The fatigue step at the end of the round: check off points, and recover by resting (seed 000)."""

from __future__ import annotations

from game.core import events as ev
from game.core.rules.dice import roll
from game.core.rules.fatigue import FATIGUED, FRESH, STATE_NAMES, check_off, recovery_modifiers
from game.core.rules.tables import save_vs_paralyzation
from game.core.systems.context import Ctx


def exert(ctx: Ctx, uid: str) -> None:
    """'In every phase that a character or monster moves or attacks, check off one fatigue point.'

    Counted here, checked off at the end of the round; one phase counts once.
    """
    rs = ctx.rs
    if rs.exerted_phase.get(uid) != rs.phase:
        rs.exerted_phase[uid] = rs.phase
        rs.exerted[uid] = rs.exerted.get(uid, 0) + 1


def run(ctx: Ctx) -> None:
    for uid in ctx.world.ids():
        u = ctx.world[uid]
        if not u.alive:
            continue
        phases = ctx.rs.exerted.get(uid, 0)
        if phases:
            points, state = check_off(u.fatigue_points, u.fatigue_state, u.fatigue_max, phases)
            changed = state != u.fatigue_state
            ctx.world.update(uid, fatigue_points=points, fatigue_state=state, rest_streak=0)
            ctx.emit(ev.Fatigue, id=uid, points=points, state=STATE_NAMES[state], changed=changed, phases=phases)
            continue
        if uid not in ctx.rs.rested:
            ctx.world.update(uid, rest_streak=0)
            continue
        streak = u.rest_streak + 1
        ctx.world.update(uid, rest_streak=streak)
        if u.fatigue_state == FRESH or (u.force_marched and u.fatigue_state == FATIGUED):
            continue  # force-marched creatures 'cannot return to a fully fresh state during the battle'
        # 'a successful saving throw vs. paralyzation ... a cumulative +1 bonus for each
        # consecutive round they spend resting ... hit-point bonus for exceptional Constitution'
        mods = recovery_modifiers(streak, u.kind)
        r = roll(ctx.rng, 1, 20, mods)
        needed = save_vs_paralyzation(u.kind)
        ok = r.total >= needed
        state = u.fatigue_state - 1 if ok else u.fatigue_state
        if ok:
            ctx.world.update(uid, fatigue_state=state, fatigue_points=u.fatigue_max)
        ctx.emit(ev.Recover, id=uid, state=STATE_NAMES[state], roll=r, modifiers=tuple(mods), needed=needed, success=ok)
