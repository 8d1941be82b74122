"""The morale step at the end of the round: AD&D 2e 2d10 (seed 000) or B/X 2d6 (seed 001)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import events as ev
from game.core.rules import morale as rules
from game.core.rules.dice import Modifier, Roll, roll
from game.core.systems import conditions, surrender
from game.core.systems.context import Ctx
from game.core.systems.flight import WaysOut, has_way_out
from game.core.systems.space import above_nearest_enemy, threatening_enemies, threatens
from game.core.world import FLEEING, STEADY, SURRENDERED, WITHDRAWING, Unit


def _hd(u: Unit) -> float:
    return max(u.kind.power, 0.5)


def fallen(ctx: Ctx, side: str) -> int:
    return sum(1 for u in ctx.world.units.values() if u.side == side and not u.able)


def incapacitated(ctx: Ctx, side: str) -> int:
    """'half the side is incapacitated (slain, fled, surrendered, helpless)'; 'Decision: a held or
    tangled creature counts as helpless' (docs/rules.md#morale)."""
    return sum(
        1 for u in ctx.world.units.values() if u.side == side and (not u.able or conditions.helpless(u.conditions))
    )


def living_hd(ctx: Ctx, side: str) -> float:
    return sum(_hd(u) for u in ctx.world.units.values() if u.side == side and u.able and u.morale != FLEEING)


def enemy_hd(ctx: Ctx, side: str) -> float:
    return sum(_hd(u) for u in ctx.world.units.values() if u.side != side and u.able and u.morale != FLEEING)


def run(ctx: Ctx) -> None:
    ways: WaysOut = {}  # nobody moves during the morale step, so escape routes are shared
    seen_slain, seen_left = len(ctx.rs.slain), len(ctx.rs.left)
    if ctx.options.morale_system == "ose":
        _run_ose(ctx, ways)
    else:
        _run_adnd2e(ctx, ways)
    _cornered(ctx, ways)
    # 'A creature killed at any step of the round ... counts for the triggers of the next morale
    # step that can see it; a death is never lost between rounds': forget only what this step saw.
    del ctx.rs.slain[:seen_slain]
    del ctx.rs.left[:seen_left]
    for rec in ctx.sides.values():
        rec.struck_by_magic.clear()


def _cornered(ctx: Ctx, ways: WaysOut) -> None:
    """'Intelligent creatures may try to surrender if there is no place for them to run'
    (seed 000): a fleeing creature with no way out gives up at the end of the round."""
    for uid in ctx.world.ids():
        u = ctx.world[uid]
        if u.alive and u.morale == FLEEING and u.kind.intelligent and not has_way_out(ctx, u, ways):
            _apply_result(ctx, u, rules.SURRENDER)


def _side_triggers(ctx: Ctx, side: str) -> list[str]:
    """The seed's guidelines 'of when monsters or NPCs might make morale checks', per side."""
    rec = ctx.sides[side]
    out: list[str] = []

    def once(name: str, condition: bool) -> None:
        if condition and name not in rec.fired:
            rec.fired.add(name)
            out.append(name)

    if ctx.round == 1 and ctx.options.surprised == side:
        out.append("surprised")
    own, other = living_hd(ctx, side), enemy_hd(ctx, side)
    # Decision (docs/rules.md#morale-under-adnd2e): 'an obviously superior enemy force' is 3:1 in living HD.
    once("superior_enemy", own > 0 and other >= 3 * own)
    lost = fallen(ctx, side)
    once("quarter_fallen", lost * 4 >= rec.start_count)
    once("half_fallen", lost * 2 >= rec.start_count)
    # 'when their leader is killed or deserts' (seed 000). Decision: a leader deserts the moment it
    # withdraws, flees or surrenders; each leader is lost once (docs/rules.md#withdrawal-flight-and-surrender).
    gone = {uid for uid, _ in ctx.rs.slain} | set(ctx.rs.left)
    leaders = {uid for uid in gone if ctx.world[uid].leader and ctx.world[uid].side == side} - rec.leaders_lost
    if leaders:
        rec.leaders_lost |= leaders
        out.append("leader_lost")
    return out


def hit_only_by_magic(ctx: Ctx) -> list[Unit]:
    """The fighting creatures that only a magic weapon hurts: the only foes `_cannot_hurt` need
    look at. Nobody moves during the morale step, so one list serves every creature's check."""
    return [e for e in ctx.world.living() if e.kind.needs_plus]


def _cannot_hurt(ctx: Ctx, u: Unit, magic_only: list[Unit]) -> bool:
    """'A creature whose every attack cannot hurt a foe it faces has the trigger' (docs/rules.md#weapons-a-creature-cannot-hurt):
    a foe that threatens it and that none of its weapons can hurt. `magic_only` is
    `hit_only_by_magic(ctx)`: creatures hit only by magic are rare, so most steps ask no foe."""
    if not magic_only:
        return False
    weapons = [w for w in (u.kind.melee, u.kind.missile) if w is not None]
    return any(
        e.side != u.side and not any(u.kind.can_hurt(w, e.kind) for w in weapons) and threatens(ctx, e, u.squares)
        for e in magic_only
    )


def check_modifiers(ctx: Ctx, u: Unit, triggers: list[str]) -> list[Modifier]:
    """DMG Table 50's modifiers that the game can know (docs/rules.md#morale-under-adnd2e)."""
    mods: list[Modifier] = []
    for m in (
        rules.wounds_modifier(u.hp, u.hp_max),
        rules.hd_modifier(u.kind),
        rules.alignment_modifier(u.kind.alignment),
    ):
        if m:
            mods.append(m)
    own, other = living_hd(ctx, u.side), enemy_hd(ctx, u.side)
    if own > 0 and other >= 3 * own:
        mods.append(Modifier("outnumbered_3_to_1", -4))
    elif other > 0 and own >= 3 * other:
        mods.append(Modifier("outnumbering_3_to_1", 2))
    if ctx.sides[u.side].strongest_lost:
        mods.append(Modifier("most_powerful_ally_killed", -4))
    if "cannot_hurt" in triggers:
        mods.append(Modifier("cannot_affect_foe", -8))
    if u.conditions:
        mods += conditions.morale_modifiers(u)  # bless: '+1 to morale' (docs/rules.md#magic)
    if above_nearest_enemy(ctx, u):
        mods.append(Modifier("higher_ground", 1))
    if "surprised" in triggers:
        mods.append(Modifier("surprised", -2))
    if ctx.sides[u.side].kills == 0:
        mods.append(Modifier("no_enemy_slain", -2))
    if len(triggers) > 1:
        mods.append(Modifier("further_triggers", -(len(triggers) - 1)))
    return mods


def _apply_result(ctx: Ctx, u: Unit, result: str) -> None:
    if result == rules.WITHDRAW and u.morale != WITHDRAWING:
        ctx.world.update(u.id, morale=WITHDRAWING)
        ctx.rs.left.append(u.id)  # deserted: seen by the next morale step
        ctx.emit(ev.Withdraw, id=u.id)
    elif result == rules.FLEE:
        ctx.world.update(u.id, morale=FLEEING)
        ctx.rs.left.append(u.id)
        ctx.emit(ev.Flee, id=u.id)
    elif result == rules.SURRENDER:
        ctx.world.update(u.id, life=SURRENDERED, morale=STEADY, prone=False)
        ctx.rs.left.append(u.id)
        ctx.emit(ev.Surrender, id=u.id)


@dataclass(frozen=True)
class _Check:
    """One creature's check, judged before any result of the step is applied."""

    unit: Unit
    triggers: list[str]
    mods: list[Modifier]
    roll: Roll
    margin: int
    result: str


def _adnd2e_triggers(
    ctx: Ctx, u: Unit, side_triggers: list[str], magic: set[str], magic_only: list[Unit]
) -> list[str] | None:
    """The creature's triggers this step, or None while it is held (its triggers wait until it is
    free). 'Decision: under either system a creature is never its own "ally slain by magic", and a
    held creature makes no check while held' (docs/rules.md#morale)."""
    rec = ctx.sides[u.side]
    if u.morale == FLEEING:
        return []  # the fleeing never rally: only an offer of quarter makes them check
    met = list(side_triggers)
    # 'When an ally is slain by magic' (seed 000); a spell that kills, holds or tangles is magic.
    if magic - {u.id}:
        met.append("slain_by_magic")
    if _cannot_hurt(ctx, u, magic_only):
        met.append("cannot_hurt")
    waited = rec.waiting.pop(u.id, ())
    met = [*waited, *(t for t in met if t not in waited)]
    if u.conditions and conditions.no_morale_check(u):
        if met:
            rec.waiting[u.id] = tuple(met)
        return None
    return met


def _judge_adnd2e(
    ctx: Ctx, u: Unit, side_triggers: list[str], magic: set[str], ways: WaysOut, magic_only: list[Unit]
) -> _Check | None:
    triggers = _adnd2e_triggers(ctx, u, side_triggers, magic, magic_only)
    if triggers is None:
        return None
    offered = surrender.must_check(ctx, u, triggers)
    if triggers:
        ctx.sides[u.side].met.add(u.id)
    if offered:
        triggers.append("offered_surrender")
    if not triggers and u.morale == WITHDRAWING and not threatening_enemies(ctx, u):
        triggers = ["rally"]  # Decision (docs/rules.md#withdrawal-flight-and-surrender): a check of its own
    if not triggers:
        return None
    mods = check_modifiers(ctx, u, [t for t in triggers if t != "rally"])
    r = roll(ctx.rng, 2, 10)
    margin = r.total - (u.kind.morale + sum(m.value for m in mods))
    if triggers == ["rally"]:
        result = rules.PASS if margin <= 0 else rules.WITHDRAW
    elif offered and margin > 0:
        result = rules.SURRENDER  # 'a failure by any margin means it surrenders to the offering side'
    else:
        result = rules.adnd2e_result(margin, u.kind.intelligent, margin <= 0 or has_way_out(ctx, u, ways))
    return _Check(u, triggers, mods, r, margin, result)


def _run_adnd2e(ctx: Ctx, ways: WaysOut) -> None:
    """'Decision: the checks of one morale step are simultaneous: every trigger and modifier is
    judged from the field as it stood when the step began' (docs/rules.md#morale): every check is
    judged (and rolled, in id order) before any result is applied."""
    side_triggers = {s: _side_triggers(ctx, s) for s in sorted(ctx.sides)}
    magic = {s: set(rec.struck_by_magic) for s, rec in ctx.sides.items()}
    magic_only = hit_only_by_magic(ctx)
    checks = []
    for uid in ctx.world.ids():
        u = ctx.world[uid]
        if not u.able or u.hero:
            continue  # 'player characters never need to check morale'
        c = _judge_adnd2e(ctx, u, side_triggers[u.side], magic[u.side], ways, magic_only)
        if c is not None:
            checks.append(c)
    for c in checks:
        _emit_adnd2e(ctx, c)


def _emit_adnd2e(ctx: Ctx, c: _Check) -> None:
    u = c.unit
    ctx.emit(
        ev.MoraleCheck,
        id=u.id,
        system="adnd2e",
        trigger=c.triggers[0],
        triggers=tuple(c.triggers),
        roll=c.roll,
        rating=u.kind.morale,
        modifiers=tuple(c.mods),
        result=c.result,
        margin=c.margin,
    )
    if c.result == rules.PASS and u.morale == WITHDRAWING and not threatening_enemies(ctx, u):
        # Decision (docs/rules.md#withdrawal-flight-and-surrender): a withdrawing creature
        # rallies 'after *any* passed check at the end of a round in which no enemy threatens them'.
        ctx.world.update(u.id, morale=STEADY)
        ctx.emit(ev.Rally, id=u.id)
    else:
        _apply_result(ctx, ctx.world[u.id], c.result)


def _ose_trigger(ctx: Ctx, u: Unit, trigger: str | None) -> str | None:
    """The side's trigger, or one the creature met while held; none while it is held ('a held
    creature makes no check while held (its triggers wait until it is free)', docs/rules.md#morale)."""
    waiting = ctx.sides[u.side].waiting
    if u.conditions and conditions.no_morale_check(u):
        if trigger is not None:
            waiting[u.id] = (trigger,)
        return None
    waited = waiting.pop(u.id, ())
    return trigger if trigger is not None else (waited[0] if waited else None)


def _run_ose(ctx: Ctx, ways: WaysOut) -> None:
    lost = {s: fallen(ctx, s) / max(1, rec.start_count) for s, rec in ctx.sides.items()}
    triggers: dict[str, str] = {}
    for s in sorted(ctx.sides):
        rec = ctx.sides[s]
        # 'First death on side' and 'Side half incapacitated' (seed 001), once each.
        dead_now = any(ctx.world[v].side == s for v, _ in ctx.rs.slain)
        if dead_now and "first_death" not in rec.fired:
            rec.fired.add("first_death")
            triggers[s] = "first_death"
        if incapacitated(ctx, s) * 2 >= rec.start_count and "half_incapacitated" not in rec.fired:
            rec.fired.add("half_incapacitated")
            triggers[s] = "half_incapacitated"
    # Judged as the step begins, so the order of the checks within it does not matter.
    leaders: dict[str, set[str]] = {}
    for v in ctx.world.units.values():
        if v.leader and v.steady:
            leaders.setdefault(v.side, set()).add(v.id)
    for uid in ctx.world.ids():
        u = ctx.world[uid]
        if not u.able or u.hero or u.retainer or u.morale == FLEEING:
            continue  # 'Retainers do not make morale checks in combat'
        rating = rules.ose_rating(u.kind, bool(leaders.get(u.side, set()) - {uid}))  # led by another
        if rating <= 2:
            # 'A score of 2: Means the monster will not fight.'
            if threatening_enemies(ctx, u) or any(
                max(abs(e.pos[0] - u.pos[0]), abs(e.pos[1] - u.pos[1])) <= 6 for e in ctx.world.enemies_of(u)
            ):
                ctx.world.update(uid, morale=FLEEING)
                ctx.rs.left.append(uid)
                ctx.emit(ev.Flee, id=uid, reason="will_not_fight")
            continue
        trigger = _ose_trigger(ctx, u, triggers.get(u.side))
        if trigger is None or rating >= 12 or u.ose_passes >= 2:
            continue  # 12 'fights to the death'; 'Two successes ... will fight until killed'
        adj = rules.ose_adjustment(lost[u.side], [v for s, v in lost.items() if s != u.side])
        mods = [Modifier("situation", adj)] if adj else []
        r = roll(ctx.rng, 2, 6)
        margin = r.total - (rating + adj)
        result = rules.ose_result(margin, u.kind.intelligent, margin <= 0 or has_way_out(ctx, u, ways))
        ctx.emit(
            ev.MoraleCheck,
            id=uid,
            system="ose",
            trigger=trigger,
            triggers=(trigger,),
            roll=r,
            rating=rating,
            modifiers=tuple(mods),
            result=result,
            margin=margin,
        )
        if result == rules.PASS:
            ctx.world.update(uid, ose_passes=u.ose_passes + 1)
        else:
            _apply_result(ctx, u, result)
