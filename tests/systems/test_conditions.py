"""What ends a condition, as its record says (game.core.systems.conditions): its opposite, a blow, an
activation, a knockdown. A record may say what no shipped condition does yet; these give a
condition such a record for one test."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.rules import conditions as book
from game.core.rules.capabilities import Action
from game.core.systems import conditions
from game.core.systems.attack import damage_unit, knock_down
from tests.helpers import battle, events_of, unit


def _two(**extra):
    return battle([unit("a", "blue", "fighter3", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W", **extra)])


@pytest.fixture
def struck_ends_hampered(monkeypatch):
    """`hampered` as a condition a blow ends (as sleep's `asleep` would be)."""
    monkeypatch.setitem(book.RULES, "hampered", replace(book.RULES["hampered"], ends_when_struck=True))


@pytest.mark.usefixtures("struck_ends_hampered")
def test_damage_ends_a_condition_whose_record_says_a_blow_ends_it():
    b = _two()
    b.world.update("b", conditions=(("hampered", 3), ("blessed", 3)))
    damage_unit(b.ctx, "b", 1, "a")
    assert b.world["b"].conditions == (("blessed", 3),)
    ended = events_of(b.events, "condition")[-1]
    assert (ended["id"], ended["condition"], ended["started"]) == ("b", "hampered", False)


def test_damage_leaves_the_shipped_conditions_alone():
    b = _two()
    b.world.update("b", conditions=(("held", 3), ("hampered", 3)))
    damage_unit(b.ctx, "b", 1, "a")
    assert b.world["b"].conditions == (("held", 3), ("hampered", 3))


def test_a_start_on_a_creature_under_the_opposite_ends_both():
    """'Haste and slow negate each other (PHB)' (docs/rules.md#magic): the record's opposite."""
    b = _two()
    conditions.start(b.ctx, "b", "slowed", 4, by="a")
    conditions.start(b.ctx, "b", "hasted", 4, by="a")
    assert b.world["b"].conditions == ()
    assert [(e["condition"], e["started"], e.get("by")) for e in events_of(b.events, "condition")] == [
        ("slowed", True, "a"),
        ("slowed", False, "a"),
    ]


def test_an_activation_ends_what_its_records_say_in_the_books_order():
    b = _two()
    b.world.update("b", conditions=(("set_vs_charge", 2), ("charging", 1), ("blessed", 3)))
    u = b.world["b"]
    assert conditions.ended_by(u, Action.ATTACK) == ["charging", "set_vs_charge"]
    assert conditions.ended_by(u, Action.TURN) == ["charging"]


def test_a_knockdown_ends_a_set_and_nothing_else():
    b = _two()
    b.world.update("b", conditions=(("set_vs_charge", 2), ("blessed", 3)))
    knock_down(b.ctx, "b", "weapon", "a")
    assert b.world["b"].conditions == (("blessed", 3),) and b.world["b"].prone


def test_a_condition_that_stops_a_creature_says_why_in_its_records_words():
    b = _two()
    b.world.update("b", conditions=(("tangled", 3), ("held", 3)))
    u = b.world["b"]
    assert conditions.refusal(u, Action.TURN) == "b is held by a spell: it cannot move or attack (it can only hold)"
    assert conditions.refusal(u, Action.HOLD) is None
    b.world.update("b", conditions=(("tangled", 3),))
    assert conditions.refusal(b.world["b"], Action.MOVE) == "b is tangled by a spell and cannot move"
    assert conditions.refusal(b.world["b"], Action.ATTACK) is None
