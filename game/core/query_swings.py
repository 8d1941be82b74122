"""What a walk would draw before the action at its end: the free blows of the enemies it passes,
for the cards that propose a move, an attack or a charge (issue 13: a preview lists everything
the action will cause before any die is rolled). Read from the same tests the walk makes
(game/core/systems/actions.py, game/core/systems/charge.py), on a copy of the battle: nothing is rolled."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from game.core.battle import Battle
from game.core.rules.geometry import VECTORS, Pos
from game.core.rules.outcome import outcome
from game.core.systems import actions, charge
from game.core.systems.attack import modifiers
from game.core.systems.context import Ctx
from game.core.systems.space import threatens
from game.core.world import Unit

WHY = {
    "attack_of_opportunity": "a free swing as it leaves",
    "first_strike": "a first strike as it comes in",
    "set_vs_charge": "a set weapon's double blow",
}


@dataclass(frozen=True)
class Swing:
    """One enemy's blow at the walker: who, at which square, why (a key of WHY), how likely to hit."""

    enemy: str
    at: Pos
    why: str
    chance: float


def free_swings(battle: Battle, uid: str, path: Sequence[Pos], charging: bool = False) -> list[Swing]:
    """Every blow the walk along `path` would draw, in order, if none of them stopped it: attacks
    of opportunity as it leaves threatened squares, set weapons meeting a charge, and in round 1
    the first strikes of bigger or longer-reached foes it comes near."""
    b = battle.copy()
    ctx, w = b.ctx, b.ctx.world
    steps = list(path)
    if not steps or steps[0] != w[uid].pos:
        steps = [w[uid].pos, *steps]
    out: list[Swing] = []
    swung: set[str] = set()

    def swing(e: Unit, why: str) -> None:
        mover = w[uid]
        if why != "first_strike":  # 'A first strike uses up nothing else' (systems/actions.py)
            ctx.rs.aoo_used.add(e.id)
        swung.add(e.id)
        out.append(Swing(e.id, mover.pos, why, _chance(ctx, e, mover, why)))

    for i, (p, q) in enumerate(pairwise(steps)):
        for e in w.enemies_of(w[uid]):
            if actions.takes_free_swing(ctx, e, w[uid], swung, steps[i + 1 :]):
                swing(e, "attack_of_opportunity")
        w.update(uid, pos=q, facing=VECTORS.index((q[0] - p[0], q[1] - p[1])))
        if charging:
            for e in w.enemies_of(w[uid]):
                if charge.set_weapon_ready(e, ctx) and threatens(ctx, e, w[uid].squares):
                    swing(e, "set_vs_charge")
        if ctx.round == 1:
            for e in w.enemies_of(w[uid]):
                if actions.first_strike_reason(ctx, e, w[uid], swung) is not None:
                    ctx.rs.lost_action.add(e.id)
                    ctx.rs.acted.add(e.id)
                    swing(e, "first_strike")
    return out


def _chance(ctx: Ctx, e: Unit, mover: Unit, why: str) -> float:
    weapon = e.kind.melee
    assert weapon is not None  # only a creature with a melee weapon swings
    mods, needed, _ = modifiers(ctx, e, mover, "melee", weapon, why)
    return outcome(e.kind, weapon, mover.kind, "melee", mods, needed, purpose=why).chance
