"""Playing a battle on: commands from a list first, then the AI decides for its sides."""

from __future__ import annotations

from typing import Iterable

from game import ai
from game.battle import Battle
from game.commands import Command, Illegal


def play(battle: Battle, levels: dict[str, str] | None = None, commands: Iterable[Command] = (),
         stop_at_human: bool = False, max_decisions: int = 200_000) -> Battle:
    """Run commands in order, then let the AI (each side's level) decide until the battle ends.

    With stop_at_human, stop when a human-controlled decision is pending and the
    commands have run out (a replay of a game that was saved mid-battle).
    """
    levels = levels or {}
    for i, cmd in enumerate(commands):
        if battle.over:
            raise Illegal(f"command {i + 1} comes after the battle ended")
        try:
            battle.apply(cmd)
        except Illegal as e:
            raise Illegal(f"command {i + 1} ({cmd.action} {cmd.unit}): {e}") from None
    decisions = 0
    while not battle.over:
        p = battle.pending()
        if stop_at_human and p.controller == "human":
            break
        battle.apply(ai.decide(battle, levels.get(p.side or "", "baseline")))
        decisions += 1
        if decisions > max_decisions:
            raise RuntimeError("the battle did not end; the AI is stuck")
    return battle


def summary(battle: Battle) -> dict:
    """Per-side counts of what happened, for `rout simulate`."""
    sides = battle.scenario.sides
    out = {s: {"casualties": 0, "retreats": 0, "knockdowns": 0, "morale_failures": 0, "fled": 0, "surrendered": 0}
           for s in sides}
    side_of = {u.id: u.side for u in battle.world.units.values()}
    for e in battle.events:
        t = e["type"]
        s = side_of.get(e.get("id", ""))
        if s is None:
            continue
        if t == "death":
            out[s]["casualties"] += 1
        elif t == "retreat":
            out[s]["retreats"] += 1
        elif t == "knockdown":
            out[s]["knockdowns"] += 1
        elif t == "morale_check" and e["result"] != "pass":
            out[s]["morale_failures"] += 1
        elif t == "fled":
            out[s]["fled"] += 1
        elif t == "surrender":
            out[s]["surrendered"] += 1
    return out
