"""Casting a spell: the slot spent, the disrupted cast, and what each of the nine spells does
(docs/rules.md#magic)."""

from __future__ import annotations

from collections.abc import Callable

from game import events as ev
from game.rules import attack as attack_rules
from game.rules import spells as book
from game.rules.creature import Weapon
from game.rules.dice import Dice, Roll, roll, roll_dice
from game.rules.geometry import FACINGS, Pos, facing_toward
from game.rules.tables import save_vs_spell
from game.systems import attack, conditions
from game.systems.attack import damage_unit
from game.systems.context import Ctx
from game.systems.fatigue import exert
from game.systems.spell_aim import Aim
from game.world import Unit

ACID = Dice(2, 4)
ACID_ARROW = Weapon("melfs_acid_arrow", "Melf's acid arrow", "missile", ACID)  # for the attack roll's modifiers


def cast(ctx: Ctx, uid: str, a: Aim, at: Pos | None) -> None:
    """Spend the slot and cast; 'a caster damaged earlier in the same round loses the spell it would
    cast (the slot is spent)' (docs/rules.md#magic)."""
    u = ctx.world[uid]
    spells = list(u.spells)
    spells.remove(a.spell.key)
    ctx.world.update(uid, spells=tuple(spells))
    exert(ctx, uid)
    if uid in ctx.rs.damaged:
        ctx.emit(ev.Cast, id=uid, spell=a.spell.key, targets=(), at=at, slot_level=a.spell.level, lost=True)
        return
    _face(ctx, uid, a)
    EFFECTS[a.spell.key](ctx, ctx.world[uid], a, at)


def _face(ctx: Ctx, uid: str, a: Aim) -> None:
    u = ctx.world[uid]
    f = a.facing
    if f is None and a.spell.aim == book.FOE:
        t = ctx.world[a.targets[0]]
        f = facing_toward(u.pos, u.n, t.pos, t.n)
    if f is not None and f != u.facing:
        ctx.world.update(uid, facing=f)
        ctx.emit(ev.Turn, id=uid, facing=FACINGS[f])


def _announce(ctx: Ctx, u: Unit, a: Aim, at: Pos | None, rolls: tuple[Roll, ...] | None = None) -> None:
    ctx.emit(
        ev.Cast, id=u.id, spell=a.spell.key, targets=a.targets, at=at, slot_level=a.spell.level, lost=False, rolls=rolls
    )


def spell_save(ctx: Ctx, uid: str, purpose: str) -> bool:
    """A save vs spell: d20 reaching the number of PHB Table 60 (docs/rules.md#saving-throws)."""
    needed = save_vs_spell(ctx.world[uid].kind)
    r = roll(ctx.rng, 1, 20)
    ok = r.total >= needed
    ctx.emit(ev.Save, id=uid, vs="spell", roll=r, needed=needed, success=ok, purpose=purpose)
    return ok


def struck_by_magic(ctx: Ctx, uid: str) -> None:
    """'A spell that kills, holds or tangles is "magic" for morale': the side's next morale step sees it."""
    rec = ctx.sides.get(ctx.world[uid].side)
    if rec is not None:
        rec.struck_by_magic += 1


def _hurt(ctx: Ctx, caster: str, tid: str, amount: int) -> None:
    damage_unit(ctx, tid, amount, caster)
    if not ctx.world[tid].able:
        struck_by_magic(ctx, tid)  # 'A death from it is an ally slain by magic'


def _magic_missile(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    """'1 missile at level 1, +1 per two further levels (5 at most), 1d4+1 each, never misses'."""
    rolls = tuple(roll_dice(ctx.rng, book.MAGIC_MISSILE_DIE) for _ in range(book.missiles(u.kind.level)))
    _announce(ctx, u, a, at, rolls)
    _hurt(ctx, u.id, a.targets[0], sum(r.total for r in rolls))


def _burning_hands(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    """'1d3 + 2 per level, save vs spell for half'."""
    r = roll_dice(ctx.rng, book.burning_dice(u.kind.level))
    _announce(ctx, u, a, at, (r,))
    for tid in a.targets:
        amount = r.total // 2 if spell_save(ctx, tid, a.spell.key) else r.total
        if amount > 0:
            _hurt(ctx, u.id, tid, amount)


def _acid_arrow(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    """'A ranged attack roll with no range penalty; 2d4 acid, then 2d4 continuing acid damage in the
    status step for one more round per three levels'."""
    _announce(ctx, u, a, at)
    t = ctx.world[a.targets[0]]
    # Rolled as any missile attack is (arc, prone, higher ground, a charger's AC, conditions), bar range.
    mods, needed, arc = attack.modifiers(ctx, u, t, "missile", ACID_ARROW, "spell")
    r = roll(ctx.rng, 1, 20, mods)
    hit = attack_rules.is_hit(r.natural, r.total, needed)
    dr = roll_dice(ctx.rng, ACID) if hit else None
    damage = dr.total if dr is not None else 0
    ctx.emit(
        ev.Attack,
        id=u.id,
        target=t.id,
        kind="missile",
        weapon=a.spell.key,
        arc=arc,
        roll=r,
        modifiers=tuple(mods),
        needed=needed,
        hit=hit,
        damage=damage,
        purpose="spell",
        damage_roll=dr,
    )
    if not hit:
        return
    ctx.rs.hits.add((u.id, t.id))
    _hurt(ctx, u.id, t.id, damage)
    more = book.acid_rounds(u.kind.level)
    if more and ctx.world[t.id].alive:
        t = ctx.world[t.id]
        ctx.world.update(t.id, continuing=(*t.continuing, ("acid", str(ACID), more)))


def _haste(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    _announce(ctx, u, a, at)
    for tid in a.targets:
        conditions.start(ctx, tid, "hasted", book.haste_rounds(u.kind.level), u.id)


def _slow(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    _announce(ctx, u, a, at)
    for tid in a.targets:
        if not spell_save(ctx, tid, a.spell.key):
            conditions.start(ctx, tid, "slowed", book.haste_rounds(u.kind.level), u.id)


def _bless(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    _announce(ctx, u, a, at)
    for tid in a.targets:
        conditions.start(ctx, tid, "blessed", book.BLESS_ROUNDS, u.id)


def _cure(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    """'touch, heals 1d8' (never above the creature's full hit points)."""
    r = roll(ctx.rng, 1, 8)
    _announce(ctx, u, a, at, (r,))
    t = ctx.world[a.targets[0]]
    amount = min(r.total, t.hp_max - t.hp)
    ctx.world.update(t.id, hp=t.hp + amount)
    ctx.emit(ev.Heal, id=t.id, amount=amount, source=a.spell.key, hp=t.hp + amount, roll=r, by=u.id)


def _entangle(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    """'saves vs spell or is tangled ... for 1d4 rounds; a success halves its MV there'. Decision:
    one who saves is hampered (half MV) for the same rounds, wherever it goes."""
    r = roll(ctx.rng, 1, 4)
    _announce(ctx, u, a, at, (r,))
    for tid in a.targets:
        if spell_save(ctx, tid, a.spell.key):
            conditions.start(ctx, tid, "hampered", r.total, u.id)
        else:
            conditions.start(ctx, tid, "tangled", r.total, u.id)
            struck_by_magic(ctx, tid)


def _hold_person(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    _announce(ctx, u, a, at)
    for tid in a.targets:
        if not spell_save(ctx, tid, a.spell.key):
            conditions.start(ctx, tid, "held", book.hold_rounds(u.kind.level), u.id)
            struck_by_magic(ctx, tid)


EFFECTS: dict[str, Callable[[Ctx, Unit, Aim, Pos | None], None]] = {
    "magic_missile": _magic_missile,
    "burning_hands": _burning_hands,
    "melfs_acid_arrow": _acid_arrow,
    "haste": _haste,
    "slow": _slow,
    "bless": _bless,
    "cure_light_wounds": _cure,
    "entangle": _entangle,
    "hold_person": _hold_person,
}
