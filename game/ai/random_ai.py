"""The yardstick: a uniformly random legal command."""

from __future__ import annotations

from game.ai.legal import legal_commands
from game.core import query
from game.core.battle import Battle
from game.core.commands import Command
from game.core.rules.dice import Rng


def decision_seed(battle: Battle, salt: int = 0) -> int:
    """A seed for an AI's own choices, made from the battle's state alone (never its log), so a
    copy of the battle (look-ahead, the window's worker) decides exactly as the battle would."""
    key = (battle.seed, battle.round, query.dice_drawn(battle), query.phase(battle), query.acted_count(battle), salt)
    h = 0
    for part in key:
        h = (h * 1_000_003 + part) & 0xFFFFFFFFFFFF
    return h


def decide(battle: Battle) -> Command:
    options = legal_commands(battle)
    # Its own generator, so the battle's dice are never touched by a decision.
    rng = Rng(decision_seed(battle))
    return options[rng.below(len(options))]
