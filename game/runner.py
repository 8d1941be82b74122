"""Playing a battle to its end: commands from a list first, then the AI decides."""

from __future__ import annotations

from typing import Iterable

from game import ai
from game.battle import Battle
from game.commands import Command, Illegal


def play(battle: Battle, levels: dict[str, str] | None = None, commands: Iterable[Command] = (),
         max_decisions: int = 200_000) -> Battle:
    """Run commands in order, then let each side's AI (by level) decide until the battle ends."""
    levels = levels or {}
    queue = list(commands)
    for i, cmd in enumerate(queue):
        if battle.over:
            raise Illegal(f"command {i + 1} comes after the battle ended")
        try:
            battle.apply(cmd)
        except Illegal as e:
            raise Illegal(f"command {i + 1} ({cmd.action} {cmd.unit}): {e}") from None
    decisions = 0
    while not battle.over:
        p = battle.pending()
        level = levels.get(p.side or "", "baseline")
        battle.apply(ai.decide(battle, level))
        decisions += 1
        if decisions > max_decisions:
            raise RuntimeError("the battle did not end; the AI is stuck")
    return battle
