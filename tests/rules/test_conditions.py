"""The conditions are records (issue 41): one place says what each does, the engine asks it."""

from __future__ import annotations

from typing import get_args

import pytest

from game.core.rules.capabilities import Action
from game.core.rules.conditions import BOOK, RULES, Condition, ConditionRecord, announced, rules_of
from game.core.rules.dice import Modifier


def test_every_condition_name_has_one_record_and_every_record_a_name():
    assert sorted(RULES) == sorted(get_args(Condition)) and len(BOOK) == len(RULES)


def test_a_record_that_stops_a_creature_says_why():
    with pytest.raises(ValueError, match="says why"):
        ConditionRecord(name="held", cannot_move=True)
    with pytest.raises(ValueError, match="positive fraction"):
        ConditionRecord(name="hampered", mv_over=0)


def test_the_records_say_what_docs_rules_md_says_of_each_condition():
    """docs/rules.md#magic's table of what the conditions do, and the charge's conditions."""
    held, hasted, slowed = rules_of("held"), rules_of("hasted"), rules_of("slowed")
    assert held.cannot_move and held.cannot_act and held.attacked == Modifier("held", 4)
    assert held.stands_fast and held.helpless and held.no_morale_check and held.hinders
    tangled = rules_of("tangled")
    assert tangled.cannot_move and not tangled.cannot_act and tangled.attack == Modifier("tangled", -2)
    assert (hasted.mv_times, hasted.mv_over, hasted.extra_blow, hasted.opposite) == (2, 1, True, "slowed")
    assert (slowed.mv_times, slowed.mv_over, slowed.opposite) == (1, 2, "hasted")
    assert slowed.attacked == Modifier("target_slowed", 2) and slowed.initiative == Modifier("slowed", -2)
    assert rules_of("blessed").morale == Modifier("blessed", 1)
    assert rules_of("charging").bares_ac and rules_of("charging").ends_on_activation
    set_ = rules_of("set_vs_charge")
    assert not set_.announced and set_.ends_when_knocked_down and Action.TURN not in set_.ends_on
    assert Action.MOVE in set_.ends_on and Action.CAST in set_.ends_on


def test_the_announced_conditions_are_those_whose_records_say_so():
    assert announced() == [r.name for r in BOOK if r.announced]
    assert "set_vs_charge" not in announced() and "hindered" not in announced()  # set: an event of its own
