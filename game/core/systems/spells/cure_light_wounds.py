"""Cure light wounds (priest 1, PHB 2e): 'a wounded ally within reach of a touch (or itself); heals
1d8, never above full hit points' (docs/rules.md#magic)."""

from __future__ import annotations

from game.core import events as ev
from game.core.rules.dice import roll
from game.core.rules.geometry import Pos
from game.core.rules.spells import ALLY, TOUCH, P, Spell
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, announce
from game.core.systems.spell_record import Preview, SpellRecord
from game.core.world import Unit


def _take(ctx: Ctx, caster: Unit, spell: Spell, t: Unit) -> Aim | str:
    if t.hp >= t.hp_max:
        return f"{t.id} is not wounded"
    return Aim(spell, (t.id,))


def _effect(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    """'touch, heals 1d8' (never above the creature's full hit points)."""
    r = roll(ctx.rng, 1, 8, ("heal", u.id))
    announce(ctx, u, a, at, (r,))
    t = ctx.world[a.targets[0]]
    amount = min(r.total, t.hp_max - t.hp)
    ctx.world.update(t.id, hp=t.hp + amount)
    ctx.emit(ev.Heal, id=t.id, amount=amount, source=a.spell.key, hp=t.hp + amount, roll=r, by=u.id)


def _preview(level: int) -> Preview:
    return Preview(1, 8, "heals 1-8")


SPELL = SpellRecord(
    key="cure_light_wounds",
    name="cure light wounds",
    cls=P,
    level=1,
    aim=ALLY,
    range_base=TOUCH,
    effect=_effect,
    preview=_preview,
    take=_take,
)
