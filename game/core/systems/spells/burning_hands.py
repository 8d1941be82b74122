"""Burning hands (wizard 1, PHB 2e): 'a square next to the caster; the 3 front squares and the one
beyond the centre: 1d3 + 2 per level to each creature there, a save vs spell halves it'
(docs/rules.md#magic)."""

from __future__ import annotations

from game.core.rules.dice import Dice
from game.core.rules.geometry import VECTORS, Pos
from game.core.rules.spells import SQUARE, Spell, W
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, blast, in_area
from game.core.systems.spell_record import ADJACENT, Preview, SpellRecord
from game.core.world import Unit


def dice(level: int) -> Dice:
    """'1d3 + 2 per level'."""
    return Dice(1, 3, 2 * max(level, 1))


def fan(pos: Pos, facing: int) -> list[Pos]:
    """'The 3 front squares and the square beyond the centre one'."""
    out = [(pos[0] + VECTORS[f % 8][0], pos[1] + VECTORS[f % 8][1]) for f in (facing - 1, facing, facing + 1)]
    vx, vy = VECTORS[facing]
    return [*out, (pos[0] + 2 * vx, pos[1] + 2 * vy)]


def _area(ctx: Ctx, caster: Unit, spell: Spell, at: Pos) -> Aim | str:
    """Aimed at a square next to a one-square caster, who turns toward it."""
    if caster.n != 1:
        return f"{caster.id} is too big to aim burning hands from one square"
    d = (at[0] - caster.pos[0], at[1] - caster.pos[1])
    if d not in VECTORS:
        return f"burning hands is aimed at a square next to the caster, not {list(at)}"
    facing = VECTORS.index(d)
    area = [sq for sq in fan(caster.pos, facing) if ctx.terrain.inside(sq)]
    caught = in_area(ctx, area, lambda u: u.id != caster.id)
    if not caught:
        return f"burning hands toward {list(at)} would take in no creature"
    return Aim(spell, tuple(sorted(caught)), tuple(area), facing)


def _effect(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    """'1d3 + 2 per level, save vs spell for half'."""
    blast(ctx, u, a, at, dice(u.kind.level))


def _preview(level: int) -> Preview:
    d = dice(level)
    low, high = 1 + d.bonus, 3 + d.bonus
    return Preview(low, high, f"{low}-{high} fire damage, a save halves it")


SPELL = SpellRecord(
    key="burning_hands",
    name="burning hands",
    cls=W,
    level=1,
    aim=SQUARE,
    range_base=0,
    save=True,
    effect=_effect,
    preview=_preview,
    area=_area,
    centres=ADJACENT,
)
