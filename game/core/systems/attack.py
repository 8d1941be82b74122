"""Attacks: THAC0 rolls, damage, death and knockdown dice (PHB Table 51, C&T)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core import events as ev
from game.core.rules import attack as rules
from game.core.rules import charge, encumbrance
from game.core.rules.creature import Poison, Weapon
from game.core.rules.dice import Modifier, Roll, roll, roll_dice
from game.core.rules.geometry import Arc, footprint_distance
from game.core.rules.outcome import outcome
from game.core.rules.tables import missile_adjustment, save_vs_paralyzation, thac0
from game.core.systems import conditions, initiative
from game.core.systems.context import Ctx, Effect
from game.core.systems.fatigue import exert
from game.core.systems.space import arc_from, elevation
from game.core.world import DEAD, FIGHTING, Course, Unit


def modifiers(
    ctx: Ctx, att: Unit, tgt: Unit, kind: str, weapon: Weapon, purpose: str = "attack"
) -> tuple[list[Modifier], int, Arc]:
    """Return (modifiers, needed, arc) for an attack as it would be rolled now."""
    arc = arc_from(att, tgt)
    mods = rules.arc_modifiers(arc, kind)
    if purpose == "charge":
        mods.append(charge.charge_modifier())
    if tgt.conditions and conditions.bares_ac(tgt):
        mods.append(charge.charging_modifier(tgt.kind.dex_ac, arc))
    mods += rules.prone_modifiers(tgt.prone, att.prone, kind)
    if elevation(ctx, att) > elevation(ctx, tgt):
        mods.append(Modifier("higher_ground", 1))
    if kind == "missile" and purpose != "spell":  # a spell's attack roll has 'no range penalty'
        rm = rules.range_modifier(footprint_distance(att.pos, att.n, tgt.pos, tgt.n), weapon.range)
        if rm is not None and rm.value:
            mods.append(rm)
    if kind == "melee" and att.kind.hit_bonus:
        mods.append(Modifier("strength", att.kind.hit_bonus))
    if purpose == "spell" and missile_adjustment(att.kind.dex):
        # 'A spell's attack roll (the acid arrow) takes the caster's missile adjustment
        # (Dexterity), never Strength' (docs/rules.md#magic).
        mods.append(Modifier("dexterity", missile_adjustment(att.kind.dex)))
    if weapon.magic:
        mods.append(Modifier("magic", weapon.magic))  # PHB: a +N weapon adds N to hit and to damage
    att_cat = encumbrance.effective_category(att.kind.encumbrance, att.fatigue_state)
    if encumbrance.attack_penalty(att_cat):
        mods.append(Modifier("encumbrance", encumbrance.attack_penalty(att_cat)))
    if att.conditions or tgt.conditions:
        mods += conditions.attack_modifiers(att, tgt)
    tgt_cat = encumbrance.effective_category(tgt.kind.encumbrance, tgt.fatigue_state)
    ac = rules.effective_ac(tgt.kind.ac, tgt.kind.shield, tgt.kind.dex_ac, arc, encumbrance.ac_penalty(tgt_cat))
    return mods, thac0(att.kind) - ac, arc


@dataclass(frozen=True, slots=True)
class Swing:
    """One attack roll rolled: who at whom, with what kind of blow and why, its modifiers, the
    number it needed, the arc it came from, the d20 and whether it hit."""

    att: str
    tgt: str
    kind: str
    purpose: str
    mods: tuple[Modifier, ...]
    needed: int
    arc: Arc
    roll: Roll
    hit: bool


def swing(ctx: Ctx, att: Unit, tgt: Unit, kind: str, weapon: Weapon, purpose: str) -> Swing:
    """Roll the d20 of an attack as the board stands (a weapon's blow or a spell's attack roll)."""
    mods, needed, arc = modifiers(ctx, att, tgt, kind, weapon, purpose)
    r = roll(ctx.rng, 1, 20, ("attack", att.id), mods)
    return Swing(att.id, tgt.id, kind, purpose, tuple(mods), needed, arc, r, rules.is_hit(r.natural, r.total, needed))


def announce(
    ctx: Ctx,
    s: Swing,
    weapon: str,
    damage: int,
    damage_roll: Roll | None,
    *,
    knockdown: tuple[Roll, int] | None = None,
    reason: str | None = None,
) -> None:
    """The `attack` event of a swing: the one place it is built, for blows and spells alike."""
    ctx.emit(
        ev.Attack,
        id=s.att,
        target=s.tgt,
        kind=s.kind,
        weapon=weapon,
        arc=s.arc,
        roll=s.roll,
        modifiers=s.mods,
        needed=s.needed,
        hit=s.hit,
        damage=damage,
        purpose=s.purpose,
        damage_roll=damage_roll,
        knockdown_roll=knockdown[0] if knockdown is not None else None,
        knockdown_needed=knockdown[1] if knockdown is not None else None,
        reason=reason,
    )


def resolve(ctx: Ctx, att_id: str, tgt_id: str, kind: str, purpose: str, defer: bool = False) -> bool:
    """Roll one attack and its damage; apply now, or after a simultaneous group when deferred."""
    att, tgt = ctx.world[att_id], ctx.world[tgt_id]
    weapon = att.kind.melee if kind == "melee" else att.kind.missile
    assert weapon is not None
    initiative.note_attack(ctx, att.side, tgt.side)  # 'waiting ... if the other side attacks' (seed 002)
    s = swing(ctx, att, tgt, kind, weapon, purpose)
    hit = s.hit
    out = outcome(
        att.kind, weapon, tgt.kind, kind, s.mods, s.needed, purpose=purpose, knockdown_dice=ctx.options.knockdown_dice
    )
    damage = 0
    dr = None
    knockdown: tuple[Roll, int] | None = None
    hurts = out.hit.hurts  # a hit by a weapon that cannot hurt the target rolls no damage, no knockdown
    if hit and hurts:
        dr = roll_dice(ctx.rng, out.hit.dice, ("damage", att_id), out.hit.extra)
        damage = out.hit.damage_of(dr.total)
    kd_check = False
    if hit and out.knockdown is not None:
        die, need = out.knockdown
        knockdown = (roll(ctx.rng, 1, die, ("knockdown", att_id)), need)
        kd_check = knockdown[0].total >= need and tgt.hp - damage > 0
    announce(ctx, s, weapon.key, damage, dr, knockdown=knockdown, reason=None if hurts or not hit else "cannot_hurt")
    if kind == "melee":
        ctx.last_melee_round = ctx.round
    if hit:
        ctx.rs.hits.add((att_id, tgt_id))  # any hit is 'hit in return', even one that cannot hurt
    if out.inflicts_melee_damage(damage):
        ctx.rs.melee_damage.add((att_id, tgt_id))  # it may force a retreat (game.core.rules.outcome.earns_retreat)
    knock = kd_check and not saving_throw(ctx, tgt_id, "knockdown")
    if damage and weapon.poison is not None:
        poison(ctx, tgt_id, weapon.poison, att_id)
    effect = (att_id, tgt_id, damage, knock, False)
    if defer:
        ctx.deferred.append(effect)
    elif hit:
        apply_effect(ctx, effect)
    return hit


def free_blow(ctx: Ctx, att_id: str, mover_id: str, purpose: str, flush: Callable[[], None], swung: set[str]) -> bool:
    """Give an enemy its one free melee swing of the round at a creature on the move (an attack of
    opportunity, or a set weapon meeting a charge: 'This is its attack of opportunity for the round');
    return False when the mover, felled or knocked prone, can go no further."""
    flush()  # the steps walked so far are logged before the swing that interrupts them
    ctx.rs.aoo_used.add(att_id)
    swung.add(att_id)
    exert(ctx, att_id)
    resolve(ctx, att_id, mover_id, "melee", purpose)
    mover = ctx.world[mover_id]
    return mover.able and not mover.prone


def saving_throw(
    ctx: Ctx, uid: str, purpose: str, bonus: list[Modifier] | None = None, vs: str = "paralyzation"
) -> bool:
    """A save vs paralyzation (or poison, the same column): it succeeds when d20 + modifiers reach the
    number (docs/rules.md#saving-throws)."""
    u = ctx.world[uid]
    needed = save_vs_paralyzation(u.kind)
    r = roll(ctx.rng, 1, 20, ("save", uid), bonus)
    ok = r.total >= needed
    ctx.emit(ev.Save, id=uid, vs=vs, roll=r, needed=needed, success=ok, purpose=purpose)
    return ok


def poison(ctx: Ctx, uid: str, venom: Poison, by: str) -> None:
    """'a hit by a poisonous attack forces a save vs poison; on a failure the victim takes the poison's
    damage in the status step of each of the next rounds ... the save halves nothing' (docs/rules.md#poison).
    Decision: each failed save adds its own course of damage."""
    if ctx.world[uid].life != FIGHTING or saving_throw(ctx, uid, "poison", vs="poison"):
        return
    u = ctx.world[uid]
    course = Course("poison", venom.dice, venom.rounds, by, ctx.round + 1)
    ctx.world.update(uid, continuing=(*u.continuing, course))


def apply_effect(ctx: Ctx, effect: Effect) -> None:
    att_id, tgt_id, damage, knock, magic = effect
    if damage:
        damage_unit(ctx, tgt_id, damage, att_id)
        if magic and not ctx.world[tgt_id].able:
            struck_by_magic(ctx, tgt_id)  # 'A death from it is an ally slain by magic'
    if knock and ctx.world[tgt_id].life == FIGHTING:
        knock_down(ctx, tgt_id, "weapon", att_id)


def struck_by_magic(ctx: Ctx, uid: str) -> None:
    """'A spell that kills, holds or tangles is "magic" for morale': the side's next morale step sees it."""
    rec = ctx.sides.get(ctx.world[uid].side)
    if rec is not None:
        rec.struck_by_magic.add(uid)


def flush_deferred(ctx: Ctx) -> None:
    """'all their attacks are rolled before any damage from them is applied' (docs/rules.md#individual-initiative)."""
    effects, ctx.deferred = ctx.deferred, []
    for effect in effects:
        apply_effect(ctx, effect)


def damage_unit(ctx: Ctx, uid: str, amount: int, source: str | None, by: str | None = None) -> None:
    """`source` deals the damage (a creature, a hazard, acid); a death is credited to `by` when given
    (continuing damage: who caused it), else to the source."""
    u = ctx.world[uid]
    if u.life != FIGHTING:
        return
    hp = u.hp - amount
    ctx.world.update(uid, hp=hp)
    ctx.rs.damaged.add(uid)
    ctx.emit(ev.Damage, id=uid, amount=amount, source=source, hp=hp)
    # Decision (docs/rules.md#damage-and-death): death at 0 hp; the -10 rule is an option, and below 0
    # a creature under it lies unconscious, out of the fight.
    limit = -10 if ctx.options.death_at_minus_10 else 0
    if hp <= limit:
        kill(ctx, uid, source if by is None else by)
    elif hp <= 0:
        ctx.world.update(uid, prone=True)
        ctx.emit(ev.Status, id=uid, effect="unconscious", amount=hp)
    elif u.conditions:
        conditions.struck(ctx, uid)  # a condition that a blow or a wound ends (its record says so)


def kill(ctx: Ctx, uid: str, by: str | None) -> None:
    victim = ctx.world[uid]
    ctx.world.update(uid, life=DEAD, prone=False)
    ctx.emit(ev.Death, id=uid, by=by)
    ctx.rs.slain.append((uid, by))
    if by in ctx.world.units:
        killer = ctx.world[by]
        if killer.side != victim.side and killer.side in ctx.sides:
            ctx.sides[killer.side].kills += 1
    rec = ctx.sides.get(victim.side)
    if rec is not None and uid == rec.strongest:
        rec.strongest_lost = True  # DMG Table 50: most powerful ally killed


def knock_down(ctx: Ctx, uid: str, cause: str, by: str | None = None) -> None:
    """Knocked down: prone, and no longer set against a charge ('a creature stays set until it ...
    is knocked down', docs/rules.md#charge)."""
    u = ctx.world[uid]
    ctx.world.update(uid, prone=True, conditions=conditions.knocked_down(u.conditions))
    ctx.rs.knocked_down.add(uid)
    ctx.emit(ev.Knockdown, id=uid, cause=cause, by=by)
