"""The default scenario over 20 seeds: every battle ends, and the mechanics all show."""

from collections import Counter
from pathlib import Path

import pytest

from game.core.battle import Battle
from game.play.runner import play
from game.scenario.tiled import load_scenario
from tests.helpers import as_json

SKIRMISH = Path(__file__).resolve().parent.parent / "maps" / "skirmish.tmx"


@pytest.mark.slow
def test_twenty_seeds_finish_and_show_every_mechanic():
    scenario = load_scenario(SKIRMISH)
    seen: Counter = Counter()
    for seed in range(1, 21):
        b = play(Battle(scenario, seed=seed))
        assert b.over and as_json(b.events)[-1]["type"] == "battle_end"
        for e in as_json(b.events):
            t = e["type"]
            if t == "retreat":
                seen["retreat " + e["space"]] += 1
            elif t == "fatigue" and e["state"] == "fatigued":
                seen["fatigued"] += 1
            elif t == "morale_check":
                seen["morale " + ("pass" if e["result"] == "pass" else "fail")] += 1
            elif t in ("knockdown", "flee"):
                seen[t] += 1
    for mechanic in ("retreat rear", "retreat flank", "knockdown", "fatigued", "morale pass", "morale fail", "flee"):
        assert seen[mechanic] > 0, f"no {mechanic} in 20 battles: {dict(seen)}"
