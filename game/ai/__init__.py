"""AI players: they read the battle's legal options and issue the same commands a human does."""

from __future__ import annotations

from game.ai import baseline, hard, normal, random_ai
from game.battle import Battle
from game.commands import Command

LEVELS = ("random", "baseline", "normal", "hard")


def decide(battle: Battle, level: str = "baseline", explain: list | None = None) -> Command:
    """Return the command the AI of this level gives for the pending decision.

    With `explain` (a list), the tactical levels append their top candidates and scores
    for this decision: one list of (score, description) pairs.
    """
    if level == "random":
        return random_ai.decide(battle)
    if level == "normal":
        return normal.decide(battle, explain)
    if level == "hard":
        return hard.decide(battle, explain)
    return baseline.decide(battle)
