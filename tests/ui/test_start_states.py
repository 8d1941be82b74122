"""A creature a map starts hurt, down, tired or shaken (unit properties wounds, prone, fatigue,
morale: a sandbox's setup) is written so in `battle_start` (docs/formats.md), only where it
differs from a fresh creature, and the board's tokens show it from the first frame."""

from __future__ import annotations

from game.core.battle import Battle
from game.ui.common.view import BattleView
from tests.helpers import board, unit
from tests.test_schemas import EVENTS, as_written, problems


def _start():
    units = [
        unit("blue_f", "blue", "fighter1", (2, 2), "E", wounds=3, prone=True, fatigue=2, morale="withdrawing"),
        unit("red_o", "red", "orc", (6, 2), "W"),
    ]
    return Battle(board(units), seed=1).events[0]


def test_battle_start_names_the_states_a_creature_starts_in_and_only_those():
    start = as_written(_start())
    hurt, fresh = start["units"]
    assert hurt["hp"] == hurt["hp_max"] - 3
    assert (hurt["prone"], hurt["fatigue_state"], hurt["morale_state"]) == (True, "exhausted", "withdrawing")
    assert not {"hp_max", "prone", "fatigue_state", "morale_state"} & set(fresh), (
        "a fresh creature's entry is as before"
    )
    assert problems(EVENTS, start) == []


def test_the_tokens_start_as_the_creatures_do():
    tokens = BattleView.from_start(_start()).tokens
    hurt, fresh = tokens["blue_f"], tokens["red_o"]
    assert (hurt.hp, hurt.hp_max) == (hurt.hp_max - 3, hurt.hp_max)
    assert (hurt.prone, hurt.fatigue, hurt.morale) == (True, "exhausted", "withdrawing")
    assert (fresh.prone, fresh.fatigue, fresh.morale, fresh.hp) == (False, "fresh", "steady", fresh.hp_max)
