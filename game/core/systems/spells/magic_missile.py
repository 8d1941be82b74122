"""Magic missile (wizard 1, PHB 2e): 'a foe within 12 squares + 2 per level; 1 missile at level 1,
+1 per two further levels (5 at most), 1d4+1 each; never misses' (docs/rules.md#magic)."""

from __future__ import annotations

from game.core.rules.dice import Dice, Roll, roll_dice
from game.core.rules.geometry import Pos
from game.core.rules.spells import FOE, W
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, announce, hurt
from game.core.systems.spell_record import Preview, SpellRecord
from game.core.world import Unit

DIE = Dice(1, 4, 1)
MISSILES_MAX = 5


def missiles(level: int) -> int:
    """'1 missile at level 1, +1 per two further levels (5 at most)'."""
    return min(MISSILES_MAX, 1 + (max(level, 1) - 1) // 2)


def _effect(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    """'1d4+1 each, never misses'."""
    rolls = tuple(roll_dice(ctx.rng, DIE, ("damage", u.id)) for _ in range(missiles(u.kind.level)))
    announce(ctx, u, a, at, rolls)
    hurt(ctx, u.id, a.targets[0], sum(r.total for r in rolls))


def _preview(level: int) -> Preview:
    n = missiles(level)
    low, high = 2 * n, 5 * n
    return Preview(low, high, f"{n} missile{'s' if n > 1 else ''}, {low}-{high} damage, never misses")


def _tell(rolls: tuple[Roll, ...]) -> str:
    """'2 missiles, 4 + 3 = 7'."""
    n = len(rolls)
    sums = " + ".join(str(r.total) for r in rolls)
    return f"{n} missile{'s' if n > 1 else ''}, {sums} = {sum(r.total for r in rolls)}"


SPELL = SpellRecord(
    key="magic_missile",
    name="magic missile",
    cls=W,
    level=1,
    aim=FOE,
    range_base=12,
    range_per_level=2,
    effect=_effect,
    preview=_preview,
    tell=_tell,
)
