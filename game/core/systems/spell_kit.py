"""What the spells share (docs/rules.md#magic): the aimed cast, the squares and creatures an area
takes in, and the steps of an effect (the cast announced, a save vs spell, damage, an attack roll).
Each spell's record (game/core/systems/spells/) is built from these."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from game.core import events as ev
from game.core.rules.creature import Weapon
from game.core.rules.dice import Dice, Roll, roll, roll_dice
from game.core.rules.geometry import Pos, footprint, footprint_distance, squares_between
from game.core.rules.spells import Spell
from game.core.rules.tables import save_vs_spell
from game.core.systems import attack, initiative
from game.core.systems.context import Ctx
from game.core.world import Unit


@dataclass(frozen=True, slots=True)
class Aim:
    """A legal cast: the spell, the creatures it takes in, the squares of its area, the caster's facing."""

    spell: Spell
    targets: tuple[str, ...]
    squares: tuple[Pos, ...] = ()
    facing: int | None = None


def in_area(ctx: Ctx, area: Iterable[Pos], keep: Callable[[Unit], bool]) -> list[str]:
    """The living creatures `keep` accepts with a square in the area."""
    squares = set(area)
    return [u.id for u in ctx.world.living() if keep(u) and any(sq in squares for sq in u.squares)]


def area_aim(ctx: Ctx, spell: Spell, at: Pos, area: list[Pos], taken: list[str]) -> Aim | str:
    """The cast at `at` over the area's squares on the map, or why it takes in no one."""
    if not taken:
        return f"{spell.name} at {list(at)} would take in no creature it can affect"
    return Aim(spell, tuple(sorted(taken)), tuple(sq for sq in area if ctx.terrain.inside(sq)))


def nearest_per_level(ctx: Ctx, ids: list[str], at: Pos, level: int) -> list[str]:
    """'Up to one creature per level': those nearest the aimed square."""
    return sorted(ids, key=lambda uid: (sq_gap(ctx.world[uid], at), uid))[: max(level, 1)]


def sees_square(ctx: Ctx, caster: Unit, at: Pos) -> bool:
    """No sight-blocking square on the line from the caster to the aimed square."""
    t = ctx.terrain
    if not t.sight_blocked_anywhere:
        return True
    a = min(footprint(caster.pos, caster.n), key=lambda s: (max(abs(s[0] - at[0]), abs(s[1] - at[1])), s))
    return not any(t.inside(sq) and t.blocks_sight[sq[1] * t.width + sq[0]] for sq in squares_between(a, at))


def gap(a: Unit, b: Unit) -> int:
    return footprint_distance(a.pos, a.n, b.pos, b.n)


def sq_gap(u: Unit, at: Pos) -> int:
    return footprint_distance(u.pos, u.n, at, 1)


def announce(ctx: Ctx, u: Unit, a: Aim, at: Pos | None, rolls: tuple[Roll, ...] | None = None) -> None:
    ctx.emit(
        ev.Cast, id=u.id, spell=a.spell.key, targets=a.targets, at=at, slot_level=a.spell.level, lost=False, rolls=rolls
    )


def spell_save(ctx: Ctx, uid: str, purpose: str) -> bool:
    """A save vs spell: d20 reaching the number of PHB Table 60 (docs/rules.md#saving-throws)."""
    needed = save_vs_spell(ctx.world[uid].kind)
    r = roll(ctx.rng, 1, 20, ("save", uid))
    ok = r.total >= needed
    ctx.emit(ev.Save, id=uid, vs="spell", roll=r, needed=needed, success=ok, purpose=purpose)
    return ok


def attacks(ctx: Ctx, caster: str, tid: str) -> None:
    """'A spell that damages, holds, tangles or slows a creature of the other side is an attack for
    waiting's -1 (seed 002)' (docs/rules.md#initiative-modifiers)."""
    initiative.note_attack(ctx, ctx.world[caster].side, ctx.world[tid].side)


def hurt(ctx: Ctx, caster: str, tid: str, amount: int) -> None:
    """Spell damage. 'Spell damage in a simultaneous initiative group is held back like weapon
    damage: every attack and spell of the group is resolved before any damage is applied'
    (docs/rules.md#magic)."""
    # Decision: '"hit in return" is any hit or damage that foe dealt the attacker this round, by
    # weapon, missile or spell' (docs/rules.md#forced-retreats).
    ctx.rs.hits.add((caster, tid))
    attacks(ctx, caster, tid)
    effect = (caster, tid, amount, False, True)
    if ctx.deferring:
        ctx.deferred.append(effect)
    else:
        attack.apply_effect(ctx, effect)


def blast(ctx: Ctx, u: Unit, a: Aim, at: Pos | None, dice: Dice) -> None:
    """One damage roll for every creature the area takes in, each saving vs spell for half (burning
    hands: '1d3 + 2 per level, save vs spell for half')."""
    r = roll_dice(ctx.rng, dice, ("damage", u.id))
    announce(ctx, u, a, at, (r,))
    for tid in a.targets:
        amount = r.total // 2 if spell_save(ctx, tid, a.spell.key) else r.total
        if amount > 0:
            hurt(ctx, u.id, tid, amount)


def spell_attack(ctx: Ctx, u: Unit, a: Aim, weapon: Weapon, damage: Dice) -> bool:
    """A spell that needs an attack roll: rolled as any attack of the weapon's kind is (arc, prone,
    higher ground, a charger's AC, conditions), bar range; on a hit, `damage` to the first target."""
    t = ctx.world[a.targets[0]]
    s = attack.swing(ctx, u, t, weapon.kind, weapon, "spell")
    dr = roll_dice(ctx.rng, damage, ("damage", u.id)) if s.hit else None
    dealt = dr.total if dr is not None else 0
    attack.announce(ctx, s, a.spell.key, dealt, dr)
    if s.hit:
        ctx.rs.hits.add((u.id, t.id))
        hurt(ctx, u.id, t.id, dealt)
    return s.hit
