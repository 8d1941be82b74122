"""The window's AI decides on a copy of the battle (in a worker process); a replay decides on the
battle itself. Both must give the same command, or a game would not replay as it was played."""

from pathlib import Path

import pytest

from game import ai
from game.battle import Battle
from game.scenario.tiled import load_scenario

SKIRMISH = Path(__file__).resolve().parents[2] / "maps" / "skirmish.tmx"


@pytest.mark.parametrize("level", ["baseline", "normal", "hard", "random"])
def test_a_copy_of_the_battle_gets_the_same_decision(level):
    b = Battle(load_scenario(SKIRMISH), seed=4)
    for _ in range(120):
        if b.over:
            break
        cmd = ai.decide(b, level)
        assert ai.decide(b.copy(), level) == cmd
        b.apply(cmd)
