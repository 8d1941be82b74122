"""The yardstick: a uniformly random legal command."""

from __future__ import annotations

from game.ai.legal import legal_commands
from game.battle import Battle
from game.commands import Command
from game.rules.dice import Rng


def decide(battle: Battle) -> Command:
    options = legal_commands(battle)
    # Its own generator, seeded from the battle, so replays stay deterministic and the
    # battle's dice are never touched by a decision.
    rng = Rng(battle.seed * 1_000_003 + len(battle.events))
    return options[rng.below(len(options))]
