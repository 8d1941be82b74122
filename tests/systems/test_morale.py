"""Morale at the end of the round: adnd2e 2d10 (seed 000) and ose 2d6 (seed 001)."""

from game.core.world import Course
from tests.helpers import battle, cmd, events_of, run_round, unit


def orcs_lose_one_of_four(script, morale="adnd2e"):
    """Blue kills one orc in four: 25% of the red group has fallen."""
    units = [unit("a", "blue", "fighter1", (4, 4), "E", hero=True)] + [
        unit(f"o{i}", "red", "orc", (5, 2 + i), "W") for i in range(4)
    ]
    b = battle(units, script=[10, 1, 1, 1, 1, 20, 8, 1] + script, options={"morale_system": morale})
    b.apply(cmd("attack", "a", target="o2"))
    assert events_of(b.events, "death")
    run_round(b)
    return b


def test_quarter_fallen_triggers_a_check_and_a_small_failure_withdraws():
    """'When 25% of their group has fallen' ... 'fail by a small margin (say, 1 or 2 ...), they try
    to withdraw in good order'."""
    # each orc rolls 2d10; rating 11, modifiers: chaotic -1 ... check the arithmetic from the event.
    b = orcs_lose_one_of_four([1, 1, 10, 5, 9, 9])
    checks = events_of(b.events, "morale_check")
    assert [c["id"] for c in checks] == ["o0", "o1", "o3"]
    for c in checks:
        assert c["system"] == "adnd2e" and c["trigger"] == "quarter_fallen"
        assert c["margin"] == c["roll"]["total"] - (c["rating"] + sum(m["value"] for m in c["modifiers"]))
    mods = {m["name"] for m in checks[0]["modifiers"]}
    assert {"lawful", "no_enemy_slain"} <= mods  # orcs are lawful evil
    results = {c["id"]: c["result"] for c in checks}
    assert results["o0"] == "pass"
    for c in checks[1:]:
        expected = "pass" if c["margin"] <= 0 else ("withdraw" if c["margin"] <= 2 else "flee")
        assert c["result"] == expected
    assert b.world["o0"].morale == "steady"


def test_large_failure_flees():
    """'If they fail by a large margin, they break off the fight and flee for their lives.'"""
    b = orcs_lose_one_of_four([10, 10, 10, 10, 10, 10])
    for c in events_of(b.events, "morale_check"):
        assert c["margin"] > 2 and c["result"] == "flee"
    assert {e["id"] for e in events_of(b.events, "flee")} == {"o0", "o1", "o3"}


def test_heroes_never_check():
    """'player characters never need to check morale'."""
    units = [
        unit("a", "blue", "fighter1", (4, 4), "E", hero=True),
        unit("b", "blue", "fighter1", (0, 0), "E"),
        unit("c", "blue", "fighter1", (0, 2), "E"),
        unit("d", "blue", "fighter1", (0, 4), "E"),
        unit("o", "red", "ogre", (5, 4), "W"),
    ]
    b = battle(units, script=[5, 5, 5, 5, 10, 20, 10, 1])
    b.apply(cmd("attack", "o", target="a"))  # the ogre kills a (25% of blue)
    run_round(b)
    ids = {c["id"] for c in events_of(b.events, "morale_check")}
    assert ids == {"b", "c", "d"}


def test_ose_first_death_and_two_successes_make_fearless():
    """'First death on side' triggers a 2d6 check; 'Two successes ... fight until killed'."""
    b = orcs_lose_one_of_four([2, 2, 1, 3, 1, 1], morale="ose")
    checks = events_of(b.events, "morale_check")
    assert {c["trigger"] for c in checks} == {"first_death"} and all(c["system"] == "ose" for c in checks)
    assert all(c["result"] == "pass" for c in checks)
    assert all(b.world[c["id"]].ose_passes == 1 for c in checks)


def test_ose_rating_twelve_never_checks():
    """'A score of 12: Means the monster fights to the death, never checking morale.'"""
    units = [unit("a", "blue", "fighter1", (4, 4), "E", hero=True)] + [
        unit(f"s{i}", "red", "skeleton", (5, 4 + i), "W") for i in range(2)
    ]
    b = battle(units, script=[10, 1, 1, 20, 8, 1], options={"morale_system": "ose"})
    b.apply(cmd("attack", "a", target="s0"))
    run_round(b)
    assert events_of(b.events, "death") and not events_of(b.events, "morale_check")


def test_surrender_when_cornered_and_intelligent():
    """'Intelligent creatures may try to surrender if there is no place for them to run'."""
    units = (
        [unit("a", "blue", "fighter1", (1, 1), "S", hero=True)]
        + [unit(f"o{i}", "red", "orc", (i, 0), "S") for i in range(3)]
        + [unit("o3", "red", "orc", (2, 1), "W")]
    )
    walls = {(x, y): 0 for x in range(3, 10) for y in range(10)}
    walls.update({(x, y): 0 for x in range(3) for y in range(3, 10)})
    b = battle(units, script=[10, 1, 1, 1, 1, 20, 8, 1, 10, 10, 10, 10, 10, 10], move_cost=walls)
    b.apply(cmd("attack", "a", target="o3"))
    run_round(b)
    results = {c["id"]: c["result"] for c in events_of(b.events, "morale_check")}
    assert set(results.values()) == {"surrender"}
    assert all(b.world[i].life == "surrendered" for i in results)


def burning_dies_in_the_status_step(morale: str, leader: bool):
    """Round 1: nobody fights; o0 (1 hp, burning) dies in the status step, after the morale step."""
    units = [unit("a", "blue", "fighter1", (0, 0), "E", hero=True)] + [
        unit(f"o{i}", "red", "orc", (8, 2 + i), "W", leader=leader and i == 0) for i in range(5)
    ]
    b = battle(units, options={"morale_system": morale})
    b.world.update("o0", hp=1, continuing=(Course("burning", "1d6", 2),))
    run_round(b)
    assert [d["id"] for d in events_of(b.events, "death")] == ["o0"]
    assert not events_of(b.events, "morale_check")
    run_round(b)
    return [c for c in events_of(b.events, "morale_check") if c["round"] == 2]


def test_a_leader_burnt_to_death_in_the_status_step_is_lost_to_the_next_morale_step():
    """Seed 000: 'when their leader is killed'. 'A creature killed at any step of the round (a
    hazard, continuing damage in the status step) counts for the triggers of the next morale step
    that can see it; a death is never lost between rounds' (docs/rules.md#withdrawal-flight-and-surrender)."""
    checks = burning_dies_in_the_status_step("adnd2e", leader=True)
    assert {c["id"] for c in checks} == {"o1", "o2", "o3", "o4"}
    assert all(c["triggers"] == ["leader_lost"] for c in checks)


def test_a_first_death_in_the_status_step_is_seen_under_ose():
    """Seed 001: 'First death on side'; a death in the status step counts in the next round's
    morale step (docs/rules.md#withdrawal-flight-and-surrender)."""
    checks = burning_dies_in_the_status_step("ose", leader=False)
    assert {c["id"] for c in checks} == {"o1", "o2", "o3", "o4"}
    assert all(c["trigger"] == "first_death" for c in checks)


def test_a_withdrawing_creature_rallies_on_any_passed_check_with_no_enemy_threatening():
    """RULES (Morale): withdrawing creatures 'rally (steady again) after *any* passed check at the
    end of a round in which no enemy threatens them' (docs/rules.md#withdrawal-flight-and-surrender):
    o1, withdrawing far from the fighter, passes its quarter_fallen check and is steady again."""
    units = [unit("a", "blue", "fighter1", (4, 4), "E", hero=True), unit("o0", "red", "orc", (5, 4), "W", hp=1)] + [
        unit(f"o{i}", "red", "orc", pos, "W") for i, pos in ((1, (8, 8)), (2, (8, 1)), (3, (1, 8)))
    ]
    # initiative a 10, orcs 1; a hits o0 (d20 20, d8 8, knockdown d8 1); o1 rolls 2d10 = 2.
    b = battle(units, script=[10, 1, 1, 1, 1, 20, 8, 1, 1, 1])
    b.world.update("o1", morale="withdrawing")
    b.apply(cmd("attack", "a", target="o0"))
    run_round(b)
    check = next(c for c in events_of(b.events, "morale_check") if c["id"] == "o1")
    assert check["trigger"] == "quarter_fallen" and check["result"] == "pass"
    assert [e["id"] for e in events_of(b.events, "rally")] == ["o1"]
    assert b.world["o1"].morale == "steady"


def test_a_leader_that_flees_has_deserted():
    """Seed 000: 'when their leader is killed or deserts'. RULES (Morale, Decision): 'a leader
    deserts the moment it flees, withdraws or surrenders (not only when it leaves the map)'
    (docs/rules.md#withdrawal-flight-and-surrender): the leader flees in round 1's morale step,
    still on the map, and its orcs check for leader_lost in round 2's."""
    units = [
        unit("a", "blue", "fighter1", (4, 4), "E", hero=True),
        unit("ldr", "red", "orc_leader", (8, 8), "W", leader=True),
        unit("o0", "red", "orc", (5, 4), "W", hp=1),
        unit("o1", "red", "orc", (8, 1), "W"),
        unit("o2", "red", "orc", (1, 8), "W"),
    ]
    # initiative a 10, the rest 1; a kills o0 (d20 20, d8 8, knockdown d8 1); 2d10: ldr 20, o1 2, o2 2.
    b = battle(units, script=[10, 1, 1, 1, 1, 20, 8, 1, 10, 10, 1, 1, 1, 1])
    b.apply(cmd("attack", "a", target="o0"))
    run_round(b)
    assert [e["id"] for e in events_of(b.events, "flee")] == ["ldr"]
    assert b.world["ldr"].alive and b.world["ldr"].morale == "fleeing"
    run_round(b)
    checks = [c for c in events_of(b.events, "morale_check") if c["round"] == 2]
    assert {c["id"] for c in checks} == {"o1", "o2"}
    assert all(c["triggers"] == ["leader_lost"] for c in checks)


def test_a_maps_hp_is_the_creatures_full_hit_points_for_the_wounds_modifier():
    """DMG Table 50: 'lost 25% of own hit points -2'. A map's unit property hp gives the creature
    its full hit points (docs/rules.md#damage-and-death): o1, an orc of 20 hp at 14, has lost a
    quarter of its own, not none of a kind's 5."""
    units = [unit("a", "blue", "fighter1", (4, 4), "E", hero=True), unit("o0", "red", "orc", (5, 4), "W", hp=1)] + [
        unit(f"o{i}", "red", "orc", pos, "W", hp=20) for i, pos in ((1, (8, 8)), (2, (8, 1)), (3, (1, 8)))
    ]
    b = battle(units, script=[10, 1, 1, 1, 1, 20, 8, 1])
    assert b.world["o1"].hp_max == 20
    b.world.update("o1", hp=14)
    b.apply(cmd("attack", "a", target="o0"))
    run_round(b)
    mods = {c["id"]: {m["name"] for m in c["modifiers"]} for c in events_of(b.events, "morale_check")}
    assert "lost_quarter_hp" in mods["o1"]
    assert not {"lost_quarter_hp", "lost_half_hp"} & mods["o2"]
