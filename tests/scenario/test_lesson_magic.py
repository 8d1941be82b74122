"""The magic lesson (maps/lesson_magic.tmx) shows its spells in play: played by the normal AI on
both sides (the baseline AI casts nothing) over 10 seeds, each mechanic shows in at least 7."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from game.battle import Battle
from game.runner import play
from game.scenario.tiled import load_scenario
from tests.helpers import as_json

MAPS = Path(__file__).resolve().parents[2] / "maps"
SEEDS = range(1, 11)
NEEDED = 7


@cache
def _logs() -> tuple[tuple[dict, ...], ...]:
    scenario = load_scenario(MAPS / "lesson_magic.tmx")
    out = []
    for seed in SEEDS:
        b = play(Battle(scenario, seed=seed), {"blue": "normal", "red": "normal"})
        assert b.over
        out.append(tuple(as_json(b.events)))
    return tuple(out)


def _missile_kill(ev) -> bool:
    """'A death from it is an ally slain by magic (seed 000 trigger)': a missile kills, an ally checks."""
    struck = {
        (e["round"], t) for e in ev if e["type"] == "cast" and e["spell"] == "magic_missile" for t in e["targets"]
    }
    killed = any(e["type"] == "death" and (e["round"], e["id"]) in struck for e in ev)
    return killed and any(e["type"] == "morale_check" and "slain_by_magic" in e["triggers"] for e in ev)


def _initiative(name: str):
    def shows(ev) -> bool:
        return any(
            m["name"] == name for e in ev if e["type"] == "initiative" for x in e["entries"] for m in x["modifiers"]
        )

    return shows


def _acid(ev) -> bool:
    """'then 2d4 continuing acid damage in the status step'."""
    return any(e["type"] == "status" and e["effect"] == "acid" and e["amount"] > 0 for e in ev)


@pytest.mark.parametrize(
    ("mechanic", "shows"),
    [
        ("a magic missile kills and an ally checks morale (slain_by_magic)", _missile_kill),
        ("haste: hasted +2 on the initiative track", _initiative("hasted")),
        ("slow: slowed -2 on the initiative track", _initiative("slowed")),
        ("entangle or hold person: hindered -3 on the initiative track", _initiative("hindered")),
        ("Melf's acid arrow burns on in the status step", _acid),
    ],
)
def test_the_magic_lesson_shows_each_spell(mechanic, shows):
    seeds = [s for s, ev in zip(SEEDS, _logs(), strict=True) if shows(ev)]
    assert len(seeds) >= NEEDED, f"{mechanic}: in seeds {seeds} only"
