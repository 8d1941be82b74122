"""The AI's army picker (issue 20, 'An army picker for the AI'): seeded, within the budget and
the zone's room, and mixed: never forty of one kind."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.generate.make import army_size, generate
from game.generate.picker import SHARE_MAX, buy
from game.generate.spec import FieldSpec
from game.scenario.catalogue import load

KINDS = load()
# Prices for the test, in the shape `rout price` writes: what matters here is the picker's
# arithmetic, not the measured values.
PRICES = {k: max(2.0, 10.0 * max(0.5, kind.hd) * kind.squares) for k, kind in KINDS.items()}


@settings(max_examples=60, deadline=None)
@given(budget=st.integers(10, 1000), seed=st.integers(0, 10**6), room=st.integers(1, 80))
def test_an_army_keeps_to_its_budget_its_room_and_each_kinds_share(budget: int, seed: int, room: int) -> None:
    army = buy(budget, KINDS, PRICES, random.Random(seed), room)
    assert sum(PRICES[k.key] for k in army) <= budget
    assert sum(k.squares**2 for k in army) <= room
    for key in {k.key for k in army}:
        spent = sum(PRICES[k.key] for k in army if k.key == key)
        assert spent <= budget * SHARE_MAX or len(army) == 1
    assert not any(k.hit_only_by for k in army)


def test_the_same_seed_buys_the_same_army() -> None:
    assert buy(300, KINDS, PRICES, random.Random(5)) == buy(300, KINDS, PRICES, random.Random(5))


def test_a_fair_budget_buys_a_mixed_army_of_fighters_and_shooters_or_casters() -> None:
    for seed in range(30):
        army = buy(200, KINDS, PRICES, random.Random(seed))
        keys = {k.key for k in army}
        assert len(keys) >= 2, keys
        assert any(k.missile is not None or k.spells for k in army)
        assert any(k.missile is None and not k.spells for k in army)


def test_a_budget_below_every_share_still_buys_the_cheapest_creature() -> None:
    cheapest = min(v for k, v in PRICES.items() if not KINDS[k].hit_only_by)
    army = buy(cheapest, KINDS, PRICES, random.Random(1))
    assert len(army) == 1 and PRICES[army[0].key] == cheapest


def test_only_priced_kinds_are_bought() -> None:
    prices = {"orc": 6.0, "archer": 9.0}
    army = buy(120, KINDS, prices, random.Random(2))
    assert army and {k.key for k in army} <= {"orc", "archer"}


@pytest.mark.parametrize("each_buys", [False, True])
def test_a_field_with_a_budget_fields_armies_within_it(each_buys: bool) -> None:
    spec = FieldSpec(seed=9, width=30, height=20, points=250)
    made = generate(spec, KINDS, prices=PRICES, each_buys=each_buys)
    spent = {side: sum(PRICES[s.kind.key] for s in made.soldiers if s.side == side) for side in spec.side_names}
    assert all(0 < v <= 250 for v in spent.values())
    armies = {side: sorted(s.kind.key for s in made.soldiers if s.side == side) for side in spec.side_names}
    # one army that both field, or one bought for each side (this seed buys two different ones)
    assert (armies["blue"] != armies["red"]) == each_buys


def test_an_unpriced_field_is_the_field_it_always_was() -> None:
    """Adding budgets changed nothing for a field without one: its seed and its army stay."""
    plain = generate(FieldSpec(seed=4, width=40, height=30, terrain="broken"), KINDS)
    assert len(plain.soldiers) == 2 * army_size(plain.spec)
    assert plain.text("t.tsx") == generate(FieldSpec(seed=4, width=40, height=30, terrain="broken"), KINDS).text(
        "t.tsx"
    )


def test_a_kind_that_leads_comes_one_to_an_army() -> None:
    """An army of seven orc leaders is not one a player would buy: at most one leader."""
    for seed in range(40):
        army = buy(400, KINDS, PRICES, random.Random(seed))
        assert sum(1 for k in army if "leader" in k.flags) <= 1
