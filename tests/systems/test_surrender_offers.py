"""Offering surrender (docs/rules.md#offering-surrender): the command, its refusals, and the morale
check it brings at the end of the round."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import query_quarter
from game.core.battle import Battle
from game.core.commands import Illegal
from tests.helpers import as_json, battle, board, cmd, events_of, run_round, unit


def shaken_orc(**orc):
    """Blue's fighter and a red orc four squares apart; red is surprised, so the orc checks morale in
    round 1 (it has met a trigger) and holds its ground or runs; round 2 is about to start."""
    units = [unit("a", "blue", "fighter1", (2, 4), "E"), unit("o", "red", "orc", (6, 4), "W", **orc)]
    b = battle(units, options={"surprised": "red"})
    run_round(b)
    assert b.round == 2
    return b


def test_an_offer_is_logged_and_a_foe_that_met_a_trigger_checks_with_offered_surrender():
    """'That enemy checks morale at the end of the round if it has met another trigger this battle'."""
    b = shaken_orc()
    assert [c["id"] for c in events_of(b.events, "morale_check")] == ["o"]
    before = len(b.events)
    run_round(b, a=cmd("offer_surrender", "a", target="o"))
    new = as_json(b.events[before:])
    assert {"type": "surrender_offered", "round": 2, "id": "a", "target": "o"} in new
    check = next(e for e in new if e["type"] == "morale_check")
    assert check["id"] == "o" and check["triggers"] == ["offered_surrender"]


def test_a_failure_by_any_margin_surrenders():
    """'a failure by any margin means it surrenders to the offering side' (a pass changes nothing)."""
    seen = set()
    for seed in range(12):
        units = [unit("a", "blue", "fighter1", (2, 4), "E"), unit("o", "red", "orc", (6, 4), "W")]
        b = Battle(board(units, options={"surprised": "red"}), seed=seed)
        run_round(b)
        before = len(b.events)
        run_round(b, a=cmd("offer_surrender", "a", target="o"))
        check = next(e for e in as_json(b.events[before:]) if e["type"] == "morale_check")
        if check["margin"] > 0:
            assert check["result"] == "surrender" and b.world["o"].life == "surrendered"
        else:
            assert check["result"] == "pass" and b.world["o"].life == "fighting"
        seen.add(check["result"])
    assert seen == {"surrender", "pass"}


def test_a_foe_that_met_no_trigger_does_not_check():
    """'if it has met another trigger this battle': an offer alone brings no check."""
    units = [unit("a", "blue", "fighter1", (2, 4), "E"), unit("o", "red", "orc", (6, 4), "W")]
    b = battle(units)
    run_round(b, a=cmd("offer_surrender", "a", target="o"))
    assert events_of(b.events, "surrender_offered") and not events_of(b.events, "morale_check")


def test_a_fleeing_foe_offered_quarter_checks_and_may_surrender():
    """A fleeing creature never rallies, but an offer of quarter makes it check (docs/decisions.md)."""
    b = shaken_orc()
    b.world.update("o", morale="fleeing")  # it broke in an earlier round
    before = len(b.events)
    run_round(b, a=cmd("offer_surrender", "a", target="o"))
    check = next(e for e in as_json(b.events[before:]) if e["type"] == "morale_check")
    assert check["triggers"] == ["offered_surrender"]
    assert b.world["o"].life == ("surrendered" if check["margin"] > 0 else "fighting")


def _refused(b, command, words: str) -> None:
    log, world = list(b.events), dict(b.world.units)
    with pytest.raises(Illegal) as err:
        b.apply(command)
    assert words in str(err.value) and "\n" not in str(err.value)
    assert b.events == log and dict(b.world.units) == world


def test_illegal_offers_are_refused_in_one_line_and_change_nothing():
    """'an adjacent or visible enemy within 6 squares'; 'A side never offers to heroes'."""
    units = [
        unit("a", "blue", "fighter1", (0, 4), "E"),
        unit("b", "blue", "fighter1", (0, 6), "E"),
        unit("far", "red", "orc", (8, 4), "W"),
        unit("hid", "red", "orc", (4, 8), "W"),
        unit("h", "red", "fighter1", (3, 2), "W", hero=True),
        unit("s", "red", "skeleton", (3, 5), "W"),
    ]
    b = battle(units, blocks_sight={(2, 7): True, (3, 7): True, (2, 8): True, (1, 7): True, (1, 6): True})
    while b.pending().unit != "a":
        b.apply(cmd("hold", b.pending().unit))
    _refused(b, cmd("offer_surrender", "a", target="far"), "8 squares away")
    _refused(b, cmd("offer_surrender", "a", target="hid"), "cannot see hid")
    _refused(b, cmd("offer_surrender", "a", target="h"), "never offers quarter to a hero")
    _refused(b, cmd("offer_surrender", "a", target="b"), "own side")
    _refused(b, cmd("offer_surrender", "a", target="s"), "mindless")
    _refused(b, cmd("offer_surrender", "a", target="s", path=[(1, 4)]), "no path")


def test_a_prone_or_withdrawing_creature_cannot_offer():
    """Capabilities: an offer replaces an attack, so only a steady creature on its feet makes one."""
    for change, words in (({"prone": True}, "is prone"), ({"morale": "withdrawing"}, "is withdrawing")):
        units = [unit("a", "blue", "fighter1", (2, 4), "E"), unit("o", "red", "orc", (4, 4), "W")]
        b = battle(units)
        while b.pending().unit != "a":
            b.apply(cmd("hold", b.pending().unit))
        b.world.update("a", **change)
        _refused(b, cmd("offer_surrender", "a", target="o"), words)


def test_under_ose_an_offer_is_refused():
    """Decision (docs/decisions.md): B/X morale checks only on its own two triggers."""
    units = [unit("a", "blue", "fighter1", (2, 4), "E"), unit("o", "red", "orc", (4, 4), "W")]
    b = battle(units, options={"morale_system": "ose"})
    while b.pending().unit != "a":
        b.apply(cmd("hold", b.pending().unit))
    _refused(b, cmd("offer_surrender", "a", target="o"), "morale_system adnd2e")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    x=st.integers(0, 9),
    y=st.integers(0, 9),
    wall=st.booleans(),
    hero=st.booleans(),
    target=st.sampled_from(["o", "b", "nobody"]),
)
def test_any_offer_is_either_carried_out_or_refused_with_nothing_changed(x, y, wall, hero, target):
    """An offer that the query lists is accepted and logged; any other is refused and changes nothing."""
    if (x, y) in ((0, 0), (0, 2)):
        return
    units = [
        unit("a", "blue", "fighter1", (0, 0), "E"),
        unit("b", "blue", "fighter1", (0, 2), "E"),
        unit("o", "red", "orc", (x, y), "W", hero=hero),
    ]
    b = battle(units, blocks_sight={(2, 2): True, (3, 3): True} if wall else {})
    while b.pending().unit != "a":
        b.apply(cmd("hold", b.pending().unit))
    legal = query_quarter.offer_targets(b, "a")
    command = cmd("offer_surrender", "a", target=target)
    if target in legal:
        b.apply(command)
        assert events_of(b.events, "surrender_offered")[-1]["target"] == target
        assert b.ctx.rs.offers[target] == "blue"
    else:
        with pytest.raises(Illegal):
            b.apply(command)
        assert not events_of(b.events, "surrender_offered")
