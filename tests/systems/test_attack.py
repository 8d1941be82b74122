"""Attacks (PHB Table 51, C&T; docs/rules.md#melee-attacks) and attacks of opportunity."""

import pytest

from game.core import query
from game.core.commands import Illegal
from tests.helpers import as_json, battle, cmd, events_of, unit


def attack_event(b, attacker, target, path=None):
    evs = as_json(b.apply(cmd("attack", attacker, target=target, **({"path": path} if path else {}))))
    return events_of(evs, "attack")[0]


def test_front_attack_needs_thac0_minus_ac():
    """'Hit when d20 + modifiers >= THAC0 - target AC' (fighter THAC0 20 vs orc AC 6: 14)."""
    b = battle(
        [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")], script=[10, 1, 14, 1, 1]
    )
    ev = attack_event(b, "a", "b")
    assert ev["arc"] == "front" and ev["needed"] == 14
    assert ev["roll"]["mod"] == 0 and ev["modifiers"] == []  # Str 16: no to-hit bonus
    assert ev["hit"] is True


def test_flank_plus_one_rear_plus_two_and_rear_loses_shield_and_dex():
    """'flank +1; rear +2 and the defender loses shield and Dex AC'."""
    # b faces N: a at its E side is on the flank; c behind it (S) is in the rear.
    units = [
        unit("a", "blue", "fighter1", (5, 4), "W"),
        unit("b", "red", "orc_leader", (4, 4), "N"),
        unit("c", "blue", "fighter1", (4, 5), "N"),
    ]
    b = battle(units, script=[10, 1, 9, 10, 1, 1, 10, 1, 1])
    flank = attack_event(b, "a", "b")
    assert flank["arc"] == "flank" and {"name": "flank", "value": 1} in flank["modifiers"]
    b.apply(cmd("hold", b.pending().unit)) if b.pending().unit == "b" else None
    rear = attack_event(b, "c", "b")
    assert rear["arc"] == "rear" and {"name": "rear", "value": 2} in rear["modifiers"]
    leader = b.world["b"].kind
    assert rear["needed"] == flank["needed"] - leader.shield - max(leader.dex_ac, 0)


def test_prone_target_plus_four_and_higher_ground_plus_one():
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, script=[10, 1, 2, 1, 1], elevation={(4, 4): 1})
    b.world.update("b", prone=True)
    ev = attack_event(b, "a", "b")
    names = {m["name"]: m["value"] for m in ev["modifiers"]}
    assert names["target_prone"] == 4 and names["higher_ground"] == 1


def test_natural_one_misses_and_natural_twenty_hits():
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "stone_giant", (5, 4), "W")]
    b = battle(units, script=[10, 1, 20, 1, 1, 1], width=12)
    ev = attack_event(b, "a", "b")
    assert ev["needed"] > 20 - 1 and ev["hit"] is True


def test_leaving_a_threatened_square_provokes_one_attack_of_opportunity():
    """'leaving a square threatened by an enemy (other than by withdraw ...) gives that enemy
    one free melee attack, at most one per enemy per round'."""
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, script=[10, 1, 1])
    evs = as_json(b.apply(cmd("move", "a", path=[(3, 4), (2, 4), (3, 5)])))
    types = [e["type"] for e in evs]
    assert types[:2] == ["attack", "move"]
    assert evs[0]["id"] == "b" and evs[0]["purpose"] == "attack_of_opportunity"
    assert len(events_of(evs, "attack")) == 1


def test_withdraw_provokes_none():
    """'withdraw (half move directly away from an adjacent enemy, provokes no attack of opportunity)'."""
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, script=[10, 1])
    evs = as_json(b.apply(cmd("withdraw", "a", path=[(3, 4), (2, 4)])))
    assert not events_of(evs, "attack")
    assert events_of(evs, "move")[0]["path"] == [[4, 4], [3, 4], [2, 4]]
    assert b.world["a"].facing == 2  # backs away still facing E


def test_withdraw_must_lead_away():
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (6, 4), "W")]
    b = battle(units, script=[10, 1])
    try:
        b.apply(cmd("withdraw", "a", path=[(5, 4)]))
    except Illegal as e:
        assert "away" in str(e)
    else:
        raise AssertionError("a withdrawal toward the enemy was allowed")


def test_knockdown_die_reaching_the_size_number_and_a_failed_save_knock_prone():
    """C&T knockdown dice: 'if it reaches the target's number (M 7) the target saves ... or falls prone'."""
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, script=[10, 1, 20, 1, 7, 3])
    evs = as_json(b.apply(cmd("attack", "a", target="b")))
    ev = events_of(evs, "attack")[0]
    assert ev["knockdown_roll"]["rolls"] == [7] and ev["knockdown_needed"] == 7
    assert events_of(evs, "save")[0]["purpose"] == "knockdown"
    assert events_of(evs, "knockdown")[0]["cause"] == "weapon" and b.world["b"].prone


def test_knockdown_dice_option_off_rolls_no_die():
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, script=[10, 1, 20, 1], options={"knockdown_dice": False})
    ev = events_of(b.apply(cmd("attack", "a", target="b")), "attack")[0]
    assert "knockdown_roll" not in ev


def test_prone_creature_must_stand_up_first_and_fights_at_minus_four():
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, script=[10, 1, 10, 1, 1])
    b.world.update("a", prone=True)
    try:
        b.apply(cmd("attack", "a", target="b"))
        raise AssertionError("a prone creature attacked without standing")
    except Illegal:
        pass
    evs = as_json(b.apply(cmd("stand_up", "a", target="b")))
    assert evs[0]["type"] == "stand_up" and not b.world["a"].prone
    assert events_of(evs, "attack")[0]["modifiers"] == []  # standing again: no -4


def test_missile_range_penalties():
    """'missile medium range -2, long -5'. A short bow: 10/20/30 squares."""
    units = [unit("a", "blue", "archer", (0, 4), "E"), unit("b", "red", "orc", (15, 4), "W")]
    b = battle(units, script=[10, 1, 10, 1], width=40)
    evs = as_json(b.apply(cmd("fire", "a", target="b")))
    shots = events_of(evs, "attack")
    assert shots and all({"name": "medium_range", "value": -2} in s["modifiers"] for s in shots)
    assert len(shots) <= 2  # rate of fire 2


def test_withdraw_leads_directly_away_from_the_adjacent_enemy():
    """'withdraw (half move directly away from an adjacent enemy ...)' (docs/rules.md#activations):
    every step takes it farther from the orc beside it. Sliding along the orc's front to (4, 5)
    first, then back, ends no nearer, but is not directly away."""
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, script=[10, 1])
    ends = query.withdraw_squares(b, "a")
    assert (4, 5) not in ends and (4, 3) not in ends
    assert {(3, 3), (3, 4), (3, 5), (2, 4)} <= set(ends)
    with pytest.raises(Illegal, match="directly away"):
        b.apply(cmd("withdraw", "a", path=[(4, 4), (4, 5), (3, 5)]))
    b.apply(cmd("withdraw", "a", path=query.withdraw_reach(b, "a").path((2, 5))))
    assert b.world["a"].pos == (2, 5)
