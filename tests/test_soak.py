"""The soak gate: a few hundred short AI battles across every shipped map and every value of
every rule option, random and normal AIs, each event checked against the log's contract and the
world against its invariants after every command (tests/contract.py). bench/soak.py plays the
same plan for thousands."""

from __future__ import annotations

from collections import Counter

import pytest

from game import ai
from game.core.battle import Battle
from game.core.events import FirstStrike
from tests.soak import plan, play_checked, scenario

pytestmark = pytest.mark.slow

CASES = plan(288)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.map.stem}-{c.seed}")
def test_a_soak_battle_keeps_the_contract(case):
    decisions, _ = play_checked(case)
    assert decisions > 0


def test_the_plan_covers_every_map_level_and_option_value():
    assert len({c.map for c in CASES}) >= 18
    assert {lv for c in CASES for lv in c.levels} == {"random", "normal"}
    for name, values in {
        "morale_system": {"adnd2e", "ose"},
        "initiative": {"individual", "group"},
        "knockdown_dice": {True, False},
        "death_at_minus_10": {True, False},
    }.items():
        assert {c.options[name] for c in CASES} == values, name
    for name in ("surprised", "waiting", "foreign_environment"):
        assert any(name in c.options for c in CASES), name


def test_the_soak_reaches_the_mechanics_it_is_meant_to_test():
    """A gate that never saw a retreat or a rout would pass for the wrong reason."""
    seen: Counter[str] = Counter()
    for case in CASES[::8]:
        seen += play_checked(case)[1]
    for kind in ("attack", "retreat", "knockdown", "morale_check", "death", "fatigue", "withdraw", "flee"):
        assert seen[kind] > 0, (kind, seen)


def test_the_soak_shows_a_side_that_chose_to_wait():
    """Issue 24: on a map that offers the choice (meeting.tmx), the outmatched side waits."""
    cases = [c for c in CASES if scenario(c.map).wait_choice and "waiting" not in c.options][:2]
    seen: Counter[str] = Counter()
    for case in cases:
        seen += play_checked(case)[1]
    assert cases and seen["wait"] == len(cases), seen


def test_the_soak_shows_a_pike_s_first_strike_by_reach():
    """Issue 24: seed 002's exception, 'a weapon with a reach of greater than 10 feet against an
    opponent with a weapon with less than a 6 foot reach ... is allowed to attack first', played by
    the soak's AIs on the pike lesson's map."""
    case = next(c for c in CASES if c.map.stem == "lesson_pike")
    sc = scenario(case.map)
    b = Battle(sc, seed=case.seed, options=case.options)
    levels = dict(zip(sc.sides, case.levels, strict=True))
    while not b.over:
        b.apply(ai.decide(b, levels[b.pending().side or ""]))
    assert any(isinstance(e, FirstStrike) and e.reason == "reach" for e in b.events), case
