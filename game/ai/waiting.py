"""The AI's choice to wait when a battle starts, where the map offers it (docs/decisions.md#waiting)."""

from __future__ import annotations

from game.core.battle import Battle
from game.core.commands import Action, Command
from game.core.systems import wait_choice

# 'You don't want to attack them ... you don't want to say anything to provoke them. What you can
# do is wait and see how they react' (seed 002). Decision: a side waits when the other sides
# together are at least this many times as strong as it is.
OUTMATCHED = 1.5


def wants_to_wait(battle: Battle, side: str) -> bool:
    """Whether the AI's side waits: the others' strength at the start, as morale counts a side's
    (each creature its catalogue power, at least 1/2), is at least OUTMATCHED times its own."""
    strength = {s: r.start_hd for s, r in battle.ctx.sides.items()}
    others = sum(v for s, v in strength.items() if s != side)
    return others >= OUTMATCHED * strength[side]


def choice(battle: Battle) -> Command | None:
    """The `wait` of the first side the AI plays (in name order) that may choose it and wants to, or None."""
    if not battle.scenario.wait_choice or battle.over:
        return None
    for side in battle.scenario.sides:
        if battle.controllers.get(side) != "ai":
            continue
        if wait_choice.refusal(battle.ctx, True, side) is None and wants_to_wait(battle, side):
            return Command(Action.WAIT, "", side=side)
    return None
