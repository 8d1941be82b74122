"""AI players: they read the battle's legal options and issue the same commands a human does."""

from __future__ import annotations

from game.ai import baseline, random_ai
from game.battle import Battle
from game.commands import Command

LEVELS = ("random", "baseline")


def decide(battle: Battle, level: str = "baseline") -> Command:
    """Return the command the AI of this level gives for the pending decision."""
    if level == "random":
        return random_ai.decide(battle)
    return baseline.decide(battle)
