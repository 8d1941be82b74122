"""Dice named by what they decide (tests/named_dice.py): a roll the engine adds moves no named value."""

import pytest

import game.core.systems.attack as attack_system
from game.core.rules.dice import Rng, roll
from tests.helpers import as_json, battle, cmd, events_of, unit
from tests.named_dice import NamedDice

DUEL = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("z", "red", "orc", (5, 4), "W")]
NAMED = {"initiative a": 10, "initiative z": 1, "attack a": 17, "damage a": 6}


def _strike(b):
    return events_of(as_json(b.apply(cmd("attack", "a", target="z"))), "attack")[0]


def _with_a_new_roll_first(monkeypatch):
    """The engine as if a new roll, named by no test, came before every attack roll."""
    real = attack_system.roll

    def roll_twice(rng, count, sides, why, modifiers=None):
        if why[0] == "attack":
            real(rng, 1, 20, ("save", "someone new"))
        return real(rng, count, sides, why, modifiers)

    monkeypatch.setattr(attack_system, "roll", roll_twice)


def test_a_new_unnamed_roll_before_a_named_one_leaves_its_value(monkeypatch):
    _with_a_new_roll_first(monkeypatch)
    ev = _strike(battle(DUEL, dice=NAMED))
    assert ev["roll"]["rolls"] == [17] and ev["hit"] is True
    assert ev["damage_roll"]["rolls"] == [6]


def test_the_same_new_roll_shifts_dice_given_in_order(monkeypatch):
    """Why the names: the positional script gives the new roll the attack's 17."""
    _with_a_new_roll_first(monkeypatch)
    ev = _strike(battle(DUEL, script=[10, 1, 17, 6]))
    assert ev["roll"]["rolls"] == [6]


def test_a_named_total_is_spread_over_its_dice_and_a_tuple_is_the_dice():
    rng = NamedDice({"morale y": 11, "hazard y": (1, 5)})
    assert roll(rng, 2, 10, ("morale", "y")).rolls == (6, 5)
    assert roll(rng, 2, 6, ("hazard", "y")).rolls == (1, 5)


def test_a_list_gives_that_name_s_rolls_in_turn_then_the_stream_takes_over():
    rng = NamedDice({"attack a": [20, 3]})
    stream = Rng(7)
    assert [roll(rng, 1, 20, ("attack", "a")).total for _ in range(2)] == [20, 3]
    assert roll(rng, 1, 20, ("attack", "a")).total == stream.die(20)
    assert rng.left() == []


def test_a_kind_alone_names_anyone_s_roll_and_whose_comes_first():
    rng = NamedDice({"save": 4, "save b": 19})
    assert roll(rng, 1, 20, ("save", "b")).total == 19
    assert roll(rng, 1, 20, ("save", "c")).total == 4
    assert rng.left() == []


def test_unnamed_rolls_come_from_the_seeded_stream():
    rng, stream = NamedDice({"attack a": 2}), Rng(7)
    assert [roll(rng, 1, 6, ("damage", "a")).total for _ in range(3)] == [stream.die(6) for _ in range(3)]
    assert rng.left() == ["attack a"]


def test_a_value_no_roll_can_give_fails():
    with pytest.raises(AssertionError, match="attack a: 21 is not a roll of 1d20"):
        roll(NamedDice({"attack a": 21}), 1, 20, ("attack", "a"))


def test_a_copy_keeps_the_names_still_to_come_apart_from_the_original():
    rng = NamedDice({"attack a": [5, 6]})
    roll(rng, 1, 20, ("attack", "a"))
    twin = rng.copy()
    assert roll(twin, 1, 20, ("attack", "a")).total == 6
    assert roll(rng, 1, 20, ("attack", "a")).total == 6


def test_the_battle_s_dice_draw_the_same_whatever_a_roll_is_for():
    """The purpose is a name only: the real generator's draws never depend on it."""
    one, two = Rng(5), Rng(5)
    assert one.dice(3, 6, ("attack", "a")) == two.dice(3, 6, ("morale", "b"))
    assert (one.state, one.draws) == (two.state, two.draws)
