"""Bless (priest 1, PHB 2e): 'aimed at nothing; allies within 5 squares, the caster too: blessed
for 6 rounds' (docs/rules.md#magic)."""

from __future__ import annotations

from game.core.rules.geometry import Pos
from game.core.rules.spells import AROUND, P
from game.core.systems import conditions
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, announce
from game.core.systems.spell_record import Preview, SpellRecord
from game.core.world import Unit

ROUNDS = 6


def _effect(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    announce(ctx, u, a, at)
    for tid in a.targets:
        conditions.start(ctx, tid, "blessed", ROUNDS, u.id)


def _preview(level: int) -> Preview:
    return Preview(0, 0, f"+1 to attacks and morale for {ROUNDS} rounds")


SPELL = SpellRecord(
    key="bless",
    name="bless",
    cls=P,
    level=1,
    aim=AROUND,
    range_base=5,
    effect=_effect,
    preview=_preview,
)
