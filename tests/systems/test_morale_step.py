"""The morale step where spells meet it (issue 24; docs/rules.md#morale), each on a small board.
Initiative d10s come first in the script, in id order; the highest total acts first."""

from __future__ import annotations

from tests.helpers import battle, cmd, events_of, run_round, unit


def test_ose_counts_held_creatures_as_incapacitated():
    """'Decision: a held or tangled creature counts as helpless for ose's "half the side
    incapacitated"': two of three orcs held, the third checks."""
    b = battle(
        [unit("a", "blue", "fighter1", (0, 0), "E", hero=True)]
        + [unit(f"o{i}", "red", "orc", (9, 2 + i), "W") for i in range(3)],
        dice={"initiative a": 10, "initiative o0": 1, "initiative o1": 1, "initiative o2": 1},
        options={"morale_system": "ose"},
    )
    for held in ("o0", "o1"):
        b.world.update(held, conditions=(("held", 3),))
    run_round(b)
    checks = events_of(b.events, "morale_check")
    assert [(c["id"], c["trigger"]) for c in checks] == [("o2", "half_incapacitated")]


def test_a_held_creature_is_not_its_own_ally_slain_by_magic_and_does_not_check_while_held():
    """'under either system a creature is never its own "ally slain by magic", and a held creature
    makes no check while held (its triggers wait until it is free)' (docs/rules.md#morale)."""
    b = battle(
        [
            unit("o", "red", "orc", (8, 0), "W"),
            unit("q", "red", "orc", (8, 6), "W"),
            unit("p", "blue", "priest3", (0, 0), "E", hero=True),
        ],
        dice={"initiative o": 1, "initiative p": 1, "initiative q": 10, "save o": 1},
    )
    run_round(b, p=cmd("cast", "p", spell="hold_person", target="o"))
    assert b.world["o"].has("held") and not b.world["q"].has("held")
    checks = events_of(b.events, "morale_check")
    assert [(c["id"], c["trigger"]) for c in checks] == [("q", "slain_by_magic")]
    assert not events_of(b.events, "flee") or all(e["id"] != "o" for e in events_of(b.events, "flee"))


def test_a_tangled_creature_does_not_check_for_its_own_tangle():
    """A creature is never its own 'ally slain by magic': the one orc tangled, alone on its side,
    meets no such trigger (it checks only for the priest's superior force)."""
    b = battle(
        [unit("o", "red", "orc", (6, 0), "W"), unit("p", "blue", "priest3", (0, 0), "E", hero=True)],
        dice={"initiative o": 1, "initiative p": 10, "duration p": 4, "save o": 1},
    )
    run_round(b, p=cmd("cast", "p", spell="entangle", at=(6, 0)))
    assert b.world["o"].has("tangled")
    assert all("slain_by_magic" not in c["triggers"] for c in events_of(b.events, "morale_check"))


def test_a_neighbours_flight_does_not_take_away_outnumbering_in_the_same_step():
    """'Decision: the checks of one morale step are simultaneous: every trigger and modifier is
    judged from the field as it stood when the step began ... (a neighbour's flight in the same
    step does not take away an outnumbering bonus)'. Three surprised fighters face one orc: the
    first rolls 20 and flees; the other two still outnumber it 3:1."""
    b = battle(
        [unit(f"b{i}", "blue", "fighter1", (1, 2 + 2 * i), "E") for i in range(3)]
        + [unit("o", "red", "orc", (9, 9), "W", hero=True)],
        dice={
            "initiative b0": 1,
            "initiative b1": 1,
            "initiative b2": 1,
            "initiative o": 10,
            "morale b0": 20,
            "morale b1": 2,
            "morale b2": 2,
        },
        options={"surprised": "blue"},
    )
    run_round(b)
    checks = {c["id"]: c for c in events_of(b.events, "morale_check")}
    assert checks["b0"]["result"] == "flee"
    for uid in ("b1", "b2"):
        assert {m["name"]: m["value"] for m in checks[uid]["modifiers"]}["outnumbering_3_to_1"] == 2


def test_a_held_creatures_triggers_wait_until_it_is_free():
    """'a held creature makes no check while held (its triggers wait until it is free)'
    (docs/rules.md#morale): held through round 1's morale step, the orc checks for the quarter of
    its side that fell then at the first morale step after its hold ends."""
    b = battle(
        [unit("a", "blue", "fighter1", (0, 0), "E", hero=True)]
        + [unit(f"o{i}", "red", "orc", (9, 2 + i), "W") for i in range(4)],
        dice={"initiative a": 10, "initiative o0": 1, "initiative o1": 1, "initiative o2": 1, "initiative o3": 1},
    )
    b.world.update("o0", conditions=(("held", 1),))
    b.world.update("o3", hp=0)  # a quarter of the side has fallen
    run_round(b)
    first = events_of(b.events, "morale_check")
    assert sorted(c["id"] for c in first) == ["o1", "o2"]
    assert not b.world["o0"].has("held"), "the hold ended in round 1's status step"
    run_round(b)
    later = [c for c in events_of(b.events, "morale_check") if c["round"] == 2]
    assert [(c["id"], c["triggers"]) for c in later] == [("o0", ["quarter_fallen"])]
