"""Casting a spell: the slot spent, the disrupted cast, the caster's turn toward its aim, and then
what the spell's record does (docs/rules.md#magic)."""

from __future__ import annotations

from game.core import events as ev
from game.core.rules.geometry import FACINGS, Pos, facing_toward
from game.core.rules.spells import FOE
from game.core.systems.context import Ctx
from game.core.systems.fatigue import exert
from game.core.systems.spell_kit import Aim
from game.core.systems.spells import SPELLS


def disrupted(ctx: Ctx, uid: str) -> bool:
    """'A caster damaged earlier in the same round loses the spell it would cast (the slot is spent)',
    'damaged (or knocked down) ... standing or prone' (docs/rules.md#magic)."""
    return uid in ctx.rs.damaged or uid in ctx.rs.knocked_down


def cast(ctx: Ctx, uid: str, a: Aim, at: Pos | None) -> None:
    """Spend the slot and cast; 'a caster damaged earlier in the same round loses the spell it would
    cast (the slot is spent)', 'damaged (or knocked down) ... standing or prone' (docs/rules.md#magic)."""
    u = ctx.world[uid]
    spells = list(u.spells)
    spells.remove(a.spell.key)
    ctx.world.update(uid, spells=tuple(spells))
    exert(ctx, uid)
    if disrupted(ctx, uid):
        ctx.emit(ev.Cast, id=uid, spell=a.spell.key, targets=(), at=at, slot_level=a.spell.level, lost=True)
        return
    _face(ctx, uid, a)
    SPELLS[a.spell.key].effect(ctx, ctx.world[uid], a, at)


def _face(ctx: Ctx, uid: str, a: Aim) -> None:
    u = ctx.world[uid]
    f = a.facing
    if f is None and a.spell.aim == FOE:
        t = ctx.world[a.targets[0]]
        f = facing_toward(u.pos, u.n, t.pos, t.n)
    if f is not None and f != u.facing:
        ctx.world.update(uid, facing=f)
        ctx.emit(ev.Turn, id=uid, facing=FACINGS[f])
