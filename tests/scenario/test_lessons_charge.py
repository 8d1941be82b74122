"""The charge and size lessons (tools/lessons_charge.py), played AI against AI, show their mechanic
in every one of 10 seeds (docs/rules.md#charge, docs/rules.md#forced-retreats).

The normal AI plays both sides: it is the one that charges and sets spears (the baseline AI of
tests/scenario/test_lessons.py does neither).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from game.core.battle import Battle
from game.play.runner import play
from game.scenario import catalogue
from game.scenario.tiled import load_scenario
from tests.helpers import as_json

MAPS = Path(__file__).resolve().parents[2] / "maps"
SEEDS = range(1, 11)
WEAPONS = {w.key: w for k in catalogue.load().values() for w in k.weapons}


@cache
def _logs(name: str) -> tuple[tuple[dict, ...], ...]:
    scenario = load_scenario(MAPS / name)
    logs = []
    for seed in SEEDS:
        battle = play(Battle(scenario, seed=seed), {"blue": "normal", "red": "normal"})
        assert battle.over, f"{name} seed {seed} did not finish"
        logs.append(tuple(as_json(battle.events)))
    return tuple(logs)


def _charges(events) -> list[dict]:
    return [e for e in events if e["type"] == "attack" and {"name": "charge", "value": 2} in e["modifiers"]]


def _set_strikes(events) -> list[dict]:
    return [e for e in events if e["type"] == "attack" and e["purpose"] == "set_vs_charge"]


def test_lesson_charge_shows_a_charge_and_a_set_spear_in_every_seed():
    """'one melee attack at +2'; a set weapon 'strikes a charger first ... a hit does double damage
    (dice doubled, bonuses not)'."""
    hits = 0
    for seed, events in zip(SEEDS, _logs("lesson_charge.tmx"), strict=True):
        assert _charges(events), f"seed {seed}: no charge"
        strikes = _set_strikes(events)
        assert strikes, f"seed {seed}: no set spear met a charge"
        for e in strikes:
            assert e["round"] <= 4, f"seed {seed}: the set spear struck late: {e}"
            if e["hit"]:
                hits += 1
                base = WEAPONS[e["weapon"]].damage
                count = int(re.match(r"(\d+)d", e["damage_roll"]["dice"]).group(1))
                assert count == 2 * base.count and e["damage_roll"]["dice"].endswith(f"d{base.sides}"), e
    assert hits >= 3, f"the set spear hit in only {hits} games: the doubled dice are hardly seen"


def test_lesson_size_shows_a_retreat_refused_by_size_in_every_seed():
    """'if he is two sizes larger than the attacker': the ogre is Large, the halflings Small and
    within 4 levels of it, so the refusal is by size, not level."""
    for seed, events in zip(SEEDS, _logs("lesson_size.tmx"), strict=True):
        refused = [e for e in events if e["type"] == "retreat_refused" and e["reason"] == "size"]
        assert refused, f"seed {seed}: no retreat refused by size"
        assert all(e["round"] <= 5 for e in refused[:1]), f"seed {seed}: the first refusal came late"


@pytest.mark.parametrize("name", ["lesson_charge.tmx", "lesson_size.tmx"])
def test_the_lessons_say_what_to_watch(name):
    scenario = load_scenario(MAPS / name)
    assert scenario.title.startswith("Lesson: ") and len(scenario.description) > 80
