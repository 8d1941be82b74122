"""The fatigue step at the end of the round (seed 000, 'Fatigue')."""

from tests.helpers import battle, cmd, events_of, run_round, unit


def test_a_phase_of_movement_checks_off_one_point():
    """'In every phase that a character or monster moves or attacks, check off one fatigue point.'"""
    b = battle(
        [unit("a", "blue", "fighter1", (0, 0), "E"), unit("b", "red", "orc", (9, 9))],
        dice={"initiative a": 10, "initiative b": 1},
    )
    run_round(b, a=cmd("move", "a", path=[(1, 0)]))
    ev = next(e for e in events_of(b.events, "fatigue") if e["id"] == "a")
    assert ev["points"] == b.world["a"].fatigue_max - 1 and ev["state"] == "fresh" and ev["changed"] is False
    assert not [e for e in events_of(b.events, "fatigue") if e["id"] == "b"]  # held: nothing checked off


def test_reaching_zero_makes_fatigued_and_doubles_the_rate():
    """'When the total reaches 0, the character ... is fatigued. Reset ... check off two points'."""
    b = battle(
        [unit("a", "blue", "fighter1", (0, 0), "E"), unit("b", "red", "orc", (9, 9))],
        dice={"initiative a": 10, "initiative b": 1},
    )
    b.world.update("a", fatigue_points=1)
    run_round(b, a=cmd("move", "a", path=[(1, 0)]))
    ev = [e for e in events_of(b.events, "fatigue") if e["id"] == "a"][-1]
    assert ev["state"] == "fatigued" and ev["changed"] is True and ev["points"] == 10
    run_round(b, a=cmd("move", "a", path=[(0, 0)]))
    ev = [e for e in events_of(b.events, "fatigue") if e["id"] == "a"][-1]
    assert ev["points"] == 8


def test_resting_allows_a_recovery_save_with_the_cumulative_bonus():
    """'spends one round resting ... recover one category ... by rolling a successful saving
    throw vs. paralyzation ... a cumulative +1 bonus for each consecutive round'."""
    b = battle(
        [unit("a", "blue", "fighter1", (0, 0), "E", kind_changes={"con": 12}), unit("b", "red", "orc", (9, 9))],
        dice={"initiative a": 10, "initiative b": 1, "fatigue a": [12, 12]},
    )
    b.world.update("a", fatigue_state=2, fatigue_points=0)
    run_round(b, a=cmd("rest", "a"))
    rec = events_of(b.events, "recover")[-1]
    assert rec["roll"]["rolls"] == [12] and rec["roll"]["mod"] == 1 and rec["success"] is False
    assert rec["state"] == "exhausted"
    run_round(b, a=cmd("rest", "a"))
    rec = events_of(b.events, "recover")[-1]
    assert rec["roll"]["mod"] == 2 and rec["roll"]["total"] == 14 and rec["success"] is True
    assert rec["state"] == "fatigued" and b.world["a"].fatigue_points == b.world["a"].fatigue_max


def test_force_marched_start_fatigued_and_never_become_fresh():
    """'they automatically begin the combat in a fatigued state ... cannot return to a fully fresh state'."""
    b = battle(
        [unit("a", "blue", "fighter1", (0, 0), "E", force_marched=True), unit("b", "red", "orc", (9, 9))],
        dice={"initiative a": 10, "initiative b": 1},
    )
    assert b.world["a"].fatigue_state == 1
    run_round(b, a=cmd("rest", "a"))
    assert not events_of(b.events, "recover") and b.world["a"].fatigue_state == 1
    run_round(b, a=cmd("move", "a", path=[(1, 0)]))
    assert b.world["a"].fatigue_points == b.world["a"].fatigue_max - 2  # 'consumed at the doubled rate'


def test_fatigue_is_encumbrance_in_the_attack():
    """Exhausted: 'encumbered two categories more' - light becomes heavy: attack -2, AC 1 worse."""
    b = battle(
        [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")],
        dice={"initiative a": 10, "initiative b": 1, "attack a": 10},
    )
    b.world.update("a", fatigue_state=2)
    ev = events_of(b.apply(cmd("attack", "a", target="b")), "attack")[0]
    assert {"name": "encumbrance", "value": -2} in ev["modifiers"]


def test_recovery_roll_lists_its_modifiers():
    """Event contract: a roll's mod is the sum of the event's modifiers."""
    b = battle(
        [unit("a", "blue", "fighter1", (0, 0), "E", kind_changes={"con": 17}), unit("b", "red", "orc", (9, 9))],
        dice={"initiative a": 10, "initiative b": 1, "fatigue a": 5},
    )
    b.world.update("a", fatigue_state=1, fatigue_points=0)
    run_round(b, a=cmd("rest", "a"))
    rec = events_of(b.events, "recover")[-1]
    assert rec["modifiers"] == [{"name": "resting", "value": 1}, {"name": "constitution", "value": 3}]
    assert rec["roll"]["mod"] == sum(m["value"] for m in rec["modifiers"]) == 4


def test_a_resting_monster_saves_without_the_characters_bonuses():
    """Seed 000: 'If a character or monster spends one round resting ... he gets the chance to recover
    ... by rolling a successful saving throw vs. paralyzation. Characters modify the die roll by a
    cumulative +1 bonus for each consecutive round they spend resting.' Decision (docs/decisions.md):
    the bonus (and the Constitution one) is the characters'; the orc rolls unmodified."""
    b = battle(
        [unit("a", "blue", "fighter1", (0, 0), "E"), unit("o", "red", "orc", (9, 9))],
        dice={"initiative a": 10, "initiative o": 1, "fatigue o": 13},
    )
    b.world.update("o", fatigue_state=1, fatigue_points=0)
    run_round(b, o=cmd("rest", "o"))
    rec = events_of(b.events, "recover")[-1]
    assert rec["id"] == "o" and rec["modifiers"] == [] and rec["roll"]["total"] == 13
    assert rec["needed"] == 14 and rec["success"] is False
