"""Melf's acid arrow (wizard 2, PHB 2e): 'a foe within 36 squares; an attack roll with no range
penalty; 2d4 acid, then 2d4 more in the status step for one more round per three levels'
(docs/rules.md#magic)."""

from __future__ import annotations

from game.core.rules.creature import Weapon
from game.core.rules.dice import Dice
from game.core.rules.geometry import Pos
from game.core.rules.spells import FOE, W
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, announce, spell_attack
from game.core.systems.spell_record import Preview, SpellRecord
from game.core.world import Course, Unit

KEY = "melfs_acid_arrow"
ACID = Dice(2, 4)
ARROW = Weapon(KEY, "Melf's acid arrow", "missile", ACID)  # for the attack roll's modifiers


def acid_rounds(level: int) -> int:
    """Continuing acid: 'one more round per three levels'."""
    return max(level, 1) // 3


def _effect(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    """'A ranged attack roll with no range penalty; 2d4 acid', then the continuing acid (game.core.systems.status)."""
    announce(ctx, u, a, at)
    if not spell_attack(ctx, u, a, ARROW, ACID):
        return
    t = ctx.world[a.targets[0]]
    more = acid_rounds(u.kind.level)
    if more and t.alive:
        # 'an acid arrow of a level-3 caster burns once more, at the end of the next round' (docs/rules.md#status)
        course = Course("acid", str(ACID), more, u.id, ctx.round + 1)
        ctx.world.update(t.id, continuing=(*t.continuing, course))


def _preview(level: int) -> Preview:
    more = acid_rounds(level)
    return Preview(
        2, 8, "an attack roll; 2-8 acid" + (f", then 2-8 for {more} more round{'s' * (more > 1)}" if more else "")
    )


SPELL = SpellRecord(
    key=KEY,
    name="Melf's acid arrow",
    cls=W,
    level=2,
    aim=FOE,
    range_base=36,
    effect=_effect,
    preview=_preview,
)
