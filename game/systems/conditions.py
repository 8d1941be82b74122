"""Timed conditions (hasted, slowed, tangled, held, blessed, charging): their start and end are
events, and their rounds tick down in the status step at the end of the round (docs/rules.md#status).

A condition lives on the unit as (name, rounds left). `set_vs_charge` is kept there too but is
announced by its own event and ends silently, as it always has.
"""

from __future__ import annotations

from game import events as ev
from game.systems.context import Ctx

# Announced conditions: each start and end is a `condition` event.
ANNOUNCED = frozenset({"hasted", "slowed", "tangled", "held", "blessed", "charging"})
# 'hindered (tangled, climbing, held) -3' (seed 002): the conditions that hinder.
HINDERING = frozenset({"tangled", "held"})


def start(ctx: Ctx, uid: str, name: str, rounds: int, by: str | None = None) -> None:
    """Give the creature the condition for `rounds` rounds; a second dose replaces the first."""
    u = ctx.world[uid]
    kept = tuple(c for c in u.conditions if c[0] != name)
    ctx.world.update(uid, conditions=(*kept, (name, rounds)))
    if name in ANNOUNCED:
        ctx.emit(ev.Condition, id=uid, condition=name, rounds=rounds, started=True, by=by)


def end(ctx: Ctx, uid: str, name: str) -> None:
    """End the condition now (a charger's next activation, a dispelled spell)."""
    u = ctx.world[uid]
    if not u.has(name):
        return
    ctx.world.update(uid, conditions=tuple(c for c in u.conditions if c[0] != name))
    if name in ANNOUNCED:
        ctx.emit(ev.Condition, id=uid, condition=name, rounds=0, started=False)


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


def hindered(conditions: tuple[tuple[str, int], ...]) -> bool:
    return any(name in HINDERING for name, _ in conditions)
