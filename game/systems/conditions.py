"""Timed conditions (hasted, slowed, tangled, hampered, held, blessed, charging): their start and end are
events, and their rounds tick down in the status step at the end of the round (docs/rules.md#status).

A condition lives on the unit as (name, rounds left). `set_vs_charge` is kept there too but is
announced by its own event and ends silently, as it always has.
"""

from __future__ import annotations

from game import events as ev
from game.rules.conditions import Condition
from game.rules.dice import Modifier
from game.systems.context import Ctx
from game.world import Unit

# Announced conditions: each start and end is a `condition` event.
# 'A condition's start and end are events (hampered included)' (docs/rules.md#magic).
ANNOUNCED: frozenset[Condition] = frozenset({"hasted", "slowed", "tangled", "hampered", "held", "blessed", "charging"})
# 'hindered (tangled, climbing, held) -3' (seed 002): the conditions that hinder.
HINDERING: frozenset[Condition] = frozenset({"tangled", "held"})


def start(ctx: Ctx, uid: str, name: Condition, rounds: int, by: str | None = None) -> None:
    """Give the creature the condition for `rounds` rounds; a second dose replaces the first."""
    u = ctx.world[uid]
    kept = tuple(c for c in u.conditions if c[0] != name)
    ctx.world.update(uid, conditions=(*kept, (name, rounds)))
    if name in ANNOUNCED:
        ctx.emit(ev.Condition, id=uid, condition=name, rounds=rounds, started=True, by=by)


def end(ctx: Ctx, uid: str, name: Condition, by: str | None = None) -> None:
    """End the condition now (a charger's next activation, a spell undone by its opposite)."""
    u = ctx.world[uid]
    if not u.has(name):
        return
    ctx.world.update(uid, conditions=tuple(c for c in u.conditions if c[0] != name))
    if name in ANNOUNCED:
        ctx.emit(ev.Condition, id=uid, condition=name, rounds=0, started=False, by=by)


def start_or_cancel(ctx: Ctx, uid: str, name: Condition, opposite: Condition, rounds: int, by: str) -> None:
    """'Haste and slow negate each other (PHB): either spell on a creature under the other ends
    the other and does not take hold itself' (docs/rules.md#magic)."""
    if ctx.world[uid].has(opposite):
        end(ctx, uid, opposite, by)
    else:
        start(ctx, uid, name, rounds, by)


def tick(ctx: Ctx, uid: str) -> None:
    """One round passes: every condition loses a round, and those with none left end."""
    u = ctx.world[uid]
    kept = tuple((name, n - 1) for name, n in u.conditions if n > 1)
    if kept == u.conditions:
        return
    ctx.world.update(uid, conditions=kept)
    for name, n in u.conditions:
        if n <= 1 and name in ANNOUNCED:
            ctx.emit(ev.Condition, id=uid, condition=name, rounds=0, started=False)


def movement(unit: Unit, mv: int) -> int:
    """MV under the spells: tangled or held 0 ('cannot move'), hasted doubled, slowed and hampered halved."""
    if unit.has("tangled") or unit.has("held"):
        return 0
    if unit.has("hasted"):
        mv *= 2
    if unit.has("slowed"):
        mv //= 2
    if unit.has("hampered"):
        mv //= 2
    return mv


def hindered(conditions: tuple[tuple[Condition, int], ...]) -> bool:
    return any(name in HINDERING for name, _ in conditions)


def attack_modifiers(att: Unit, tgt: Unit) -> list[Modifier]:
    """The spells' modifiers to an attack roll: slowed -2, tangled -2, blessed +1 for the attacker;
    a held target +4, a slowed one's AC 2 worse (docs/rules.md#magic)."""
    mods: list[Modifier] = []
    own: tuple[tuple[Condition, int], ...] = (("hasted", 0), ("slowed", -2), ("tangled", -2), ("blessed", 1))
    for name, value in own:
        if att.has(name):
            mods.append(Modifier(name, value))
    if tgt.has("held"):
        mods.append(Modifier("held", 4))
    if tgt.has("slowed"):
        mods.append(Modifier("target_slowed", 2))
    return mods
