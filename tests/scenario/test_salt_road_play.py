"""Each battle of The Salt Road (campaigns/the_salt_road/README.md), played normal AI against
normal AI over seeds 1-10 with the map's own armies, puts what it asks of the player on the
board: a fall from the causeway, the company's surprise at Saltwell, quarter offered at the
bridge, a set pike meeting a charge at the gap, spells on both sides at the tower; and every
battle ends before its last round. The counts required are below those measured over these
seeds (causeway 6 of 10, bridge 6, gap 6; the rest 10), so a change of the AI's dice use alone
does not fail them, but a map that no longer stages its mechanic does."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from game.core.battle import Battle
from game.play.runner import play
from game.scenario.tiled import load_scenario
from tests.helpers import as_json

pytestmark = pytest.mark.slow

MAPS = Path(__file__).resolve().parents[2] / "campaigns" / "the_salt_road" / "maps"
SEEDS = range(1, 11)


@cache
def _logs(name: str) -> tuple[tuple[dict, ...], ...]:
    scenario = load_scenario(MAPS / name)
    logs = []
    for seed in SEEDS:
        battle = play(Battle(scenario, seed=seed), {"blue": "normal", "red": "normal"})
        assert battle.over, f"{name} seed {seed} did not finish"
        logs.append(tuple(as_json(battle.events)))
    return tuple(logs)


def _seeds_with(name: str, shows: Callable[[dict], bool]) -> int:
    return sum(1 for events in _logs(name) if any(shows(e) for e in events))


def _blue(e: dict) -> bool:
    return str(e.get("id", "")).startswith("blue")


@pytest.mark.parametrize("name", sorted(p.name for p in MAPS.glob("*.tmx")))
def test_every_battle_is_decided(name):
    ends = [events[-1] for events in _logs(name)]
    assert all(e["type"] == "battle_end" and e["reason"] != "max_rounds" for e in ends)


def test_the_causeway_sends_someone_over_the_edge():
    """'Hazards are legal spaces: pushing a foe into a pit, fire or over a cliff is the point.'"""
    assert _seeds_with("causeway.tmx", lambda e: e["type"] == "hazard" and e["hazard"] == "cliff") >= 4


def test_the_company_is_surprised_at_saltwell():
    """Option `surprised`: 'that side checks morale in round 1, at -2'."""

    def shows(e: dict) -> bool:
        return e["type"] == "morale_check" and e["round"] == 1 and _blue(e) and "surprised" in e["triggers"]

    assert _seeds_with("camp.tmx", shows) == len(SEEDS)


def test_the_company_offers_the_deserters_quarter():
    """'Instead of attacking, a creature offers quarter to an adjacent or visible enemy.'"""
    assert _seeds_with("bridge.tmx", lambda e: e["type"] == "surrender_offered" and _blue(e)) >= 4


def test_a_set_pike_meets_a_charge_at_the_gap():
    """A set weapon 'strikes a charger first the moment it comes into reach'."""
    assert _seeds_with("gap.tmx", lambda e: e["type"] == "attack" and e["purpose"] == "charge") == len(SEEDS)
    assert _seeds_with("gap.tmx", lambda e: e["type"] == "attack" and e["purpose"] == "set_vs_charge") >= 4


def test_both_sides_cast_at_the_tower():
    assert _seeds_with("tower.tmx", lambda e: e["type"] == "cast" and _blue(e)) == len(SEEDS)
    assert _seeds_with("tower.tmx", lambda e: e["type"] == "cast" and not _blue(e)) == len(SEEDS)
