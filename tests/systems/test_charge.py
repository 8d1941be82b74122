"""Charge and set to receive a charge (docs/rules.md#charge), each rule on a small board."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.ai import normal
from game.ai.legal import legal_commands
from game.core import query
from game.core.battle import Battle
from game.core.commands import Action, Illegal
from game.core.systems.attack import knock_down, modifiers
from tests.helpers import as_json, battle, cmd, events_of, run_round, unit

RUN = [(2, 4), (3, 4), (4, 4)]  # three squares east from (1, 4), into reach of a foe on (5, 4)


def _duel(charger: str = "fighter1", foe: str = "orc", script: list[int] | None = None) -> Battle:
    """The charger on (1, 4) facing E acts first; the foe on (5, 4) faces it."""
    return battle([unit("a", "blue", charger, (1, 4), "E"), unit("z", "red", foe, (5, 4), "W")], script=script)


def _state(b: Battle) -> tuple:
    return json.dumps(as_json(b.events)), dict(b.world.units), b.ctx.rng.state, b.pending(), b.round


def mods(e: dict) -> dict[str, int]:
    return {m["name"]: m["value"] for m in e["modifiers"]}


def test_a_charge_runs_at_least_two_squares_then_attacks_at_plus_two():
    """'a full move of at least 2 squares that ends with the charger in reach of its target, then
    one melee attack at +2'."""
    b = _duel(script=[10, 1, 13, 4, 1])
    evs = as_json(b.apply(cmd("charge", "a", target="z", path=RUN)))
    assert [e["type"] for e in evs][:3] == ["condition", "move", "attack"]
    assert evs[1]["path"] == [[1, 4], *map(list, RUN)]
    blow = events_of(evs, "attack")[0]
    assert blow["purpose"] == "charge" and mods(blow) == {"charge": 2}
    assert blow["needed"] == 14 and blow["roll"]["total"] == 15 and blow["hit"]  # 13 + 2 hits where 13 alone misses


def test_the_charger_is_charging_until_its_next_activation():
    """'Until its next activation the charger's AC is 1 worse and it loses its Dex bonus to AC':
    the condition starts as it sets off and ends as it next acts."""
    b = _duel(charger="thief", script=[10, 1, 1, 10, 1])
    evs = as_json(b.apply(cmd("charge", "a", target="z", path=RUN)))
    assert events_of(evs, "condition")[0] == {
        "type": "condition",
        "round": 1,
        "id": "a",
        "condition": "charging",
        "rounds": 2,
        "started": True,
    }
    assert b.world["a"].has("charging")
    # The orc strikes back: the thief's AC is 1 worse and its Dex bonus of 3 is gone.
    back = events_of(b.apply(cmd("attack", "z", target="a")), "attack")[0]
    assert mods(back)["target_charging"] == 1 + b.world["a"].kind.dex_ac
    assert back["roll"]["mod"] == sum(mods(back).values())
    while b.round == 1:
        p = b.pending()
        b.apply(cmd("decline_retreat", p.unit, target=p.target) if p.kind == "retreat" else cmd("hold", p.unit))
    assert b.world["a"].has("charging"), "the end of the round does not end it: only its next activation"
    if b.pending().unit == "z":
        b.apply(cmd("hold", "z"))
    evs = as_json(b.apply(cmd("hold", "a")))
    assert evs[0]["type"] == "condition" and evs[0]["started"] is False and evs[0]["condition"] == "charging"
    assert not b.world["a"].has("charging")


def test_charging_from_the_rear_adds_only_the_one_point():
    """From the rear 'the defender loses shield and Dex AC' already: the charge adds its 1."""
    b = _duel(charger="thief", script=[10, 1, 1, 1])
    b.apply(cmd("charge", "a", target="z", path=RUN))
    behind = replace(b.world["z"], pos=(3, 4))  # the thief faces E: (3, 4) is its rear
    got, _, arc = modifiers(b.ctx, behind, b.world["a"], "melee", behind.kind.melee)
    assert arc == "rear" and {m.name: m.value for m in got}["target_charging"] == 1


@pytest.mark.parametrize(
    "setup, path, said",
    [
        ("short", [(4, 4)], "at least 2 squares, not 1"),
        (None, [(2, 4), (3, 4)], "out of a's reach"),
        ("adjacent", RUN, "engaged"),
        ("spear", RUN, "engaged"),
        ("prone", RUN, "prone"),
        ("exhausted", RUN, "exhausted"),
        ("withdrawing", RUN, "withdrawing"),
        ("fleeing", RUN, "fleeing"),
        ("no_fight", RUN, "will not fight"),
    ],
)
def test_an_illegal_charge_is_refused_and_changes_nothing(setup, path, said):
    """'It cannot start adjacent to an enemy, nor be made prone, withdrawing, fleeing or exhausted';
    'at least 2 squares'; 'ends with the charger in reach of its target'."""
    units = [
        unit("a", "blue", "fighter1", (3, 4) if setup == "short" else (1, 4), "E"),
        unit("z", "red", "orc", (5, 4), "W"),
    ]
    if setup == "adjacent":
        units.append(unit("y", "red", "orc", (0, 5), "S"))  # beside it, facing away
    if setup == "spear":
        units.append(unit("y", "red", "militia", (1, 6), "N"))  # two squares off, its spear reaching
    b = battle(units, script=[10, 1, 1])
    changes = {
        "prone": {"prone": True},
        "exhausted": {"fatigue_state": 2, "fatigue_points": 0},
        "withdrawing": {"morale": "withdrawing"},
        "fleeing": {"morale": "fleeing"},
        "no_fight": {"fights": False},
    }
    if setup in changes:
        b.world.update("a", **changes[setup])
    assert b.pending().unit == "a"
    before = _state(b)
    with pytest.raises(Illegal, match=said):
        b.apply(cmd("charge", "a", target="z", path=path))
    assert _state(b) == before
    if setup not in (None, "short"):
        assert not query.charge_options(b, "a"), "the query offers no charge the battle would refuse"


def test_a_refused_command_leaves_the_charging_condition_on():
    """A refused command changes nothing, not even the end of `charging` its activation would bring."""
    b = _duel(script=[10, 1, 1, 10, 1])
    b.apply(cmd("charge", "a", target="z", path=RUN))
    run_round(b)
    if b.pending().unit == "z":
        b.apply(cmd("hold", "z"))
    before = _state(b)
    with pytest.raises(Illegal):
        b.apply(cmd("move", "a", path=[(9, 9)]))
    assert _state(b) == before and b.world["a"].has("charging")


def test_a_set_spear_strikes_the_charger_first_for_double_dice():
    """'strikes a charger first the moment it comes into reach, and a hit does double damage (dice
    doubled, bonuses not). This is its attack of opportunity for the round'."""
    # The militia acts first and sets; the fighter charges from (1, 4): on (3, 4) it comes into
    # the spear's two squares. The spear hits (20) for 2d6 = 3 + 4; no knockdown (1).
    b = battle([unit("a", "blue", "fighter1", (0, 4), "E"), unit("z", "red", "militia", (5, 4), "W")], script=[1, 10])
    b.apply(cmd("set_vs_charge", "z"))
    b.ctx.rng.script[:] = [20, 3, 4, 1, 10, 5, 1]
    evs = as_json(b.apply(cmd("charge", "a", target="z", path=[(1, 4), (2, 4), (3, 4), (4, 4)])))
    attacks = events_of(evs, "attack")
    spear = attacks[0]
    assert spear["id"] == "z" and spear["purpose"] == "set_vs_charge"
    assert spear["damage_roll"] == {"dice": "2d6", "rolls": [3, 4], "mod": 0, "total": 7}
    assert events_of(evs, "move")[0]["path"][-1] == [3, 4], "it strikes as the charger comes into reach"
    assert [a["purpose"] for a in attacks] == ["set_vs_charge", "charge"], "no attack of opportunity besides"
    assert "z" in b.ctx.rs.aoo_used


def test_bonuses_are_not_doubled():
    """'dice doubled, bonuses not': a 1d6+1 weapon set against a charge rolls 2d6+1."""
    b = battle(
        [
            unit("a", "blue", "fighter1", (0, 4), "E"),
            unit("z", "red", "militia", (5, 4), "W", kind_changes={"damage_bonus": 1}),
        ],
        script=[1, 10],
    )
    b.apply(cmd("set_vs_charge", "z"))
    b.ctx.rng.script[:] = [20, 3, 4, 1]
    spear = events_of(b.apply(cmd("charge", "a", target="z", path=[(1, 4), (2, 4), (3, 4), (4, 4)])), "attack")[0]
    assert spear["damage_roll"]["dice"] == "2d6" and spear["damage_roll"]["mod"] == 1 and spear["damage"] == 8


def test_only_a_settable_weapon_and_only_a_charge_meet_the_set():
    """A long sword cannot be set against a charge (the battle refuses it); a plain move draws no
    set strike."""
    sword = battle(
        [unit("a", "blue", "fighter1", (0, 4), "E"), unit("z", "red", "fighter1", (5, 4), "W")], script=[1, 10]
    )
    with pytest.raises(Illegal, match="long sword cannot be set"):
        sword.apply(cmd("set_vs_charge", "z"))
    walk = battle(
        [unit("a", "blue", "fighter1", (0, 4), "E"), unit("z", "red", "militia", (5, 4), "W")], script=[1, 10]
    )
    walk.apply(cmd("set_vs_charge", "z"))
    evs = as_json(walk.apply(cmd("move", "a", path=[(1, 4), (2, 4), (3, 4)])))
    assert not events_of(evs, "attack")


def test_query_offers_charges_with_the_plus_two_and_the_random_ai_lists_them():
    b = battle([unit("a", "blue", "fighter1", (1, 4), "E"), unit("z", "red", "orc", (8, 4), "W")], script=[10, 1])
    options = query.charge_options(b, "a")
    assert options and all(o.target == "z" and len(o.path) >= 3 for o in options)
    front = next(o for o in options if o.arc == "front")
    assert {m.name: m.value for m in front.modifiers} == {"charge": 2}
    assert not query.attack_options(b, "a"), "seven squares off: no half move reaches it"
    charges = [c for c in legal_commands(b) if c.action == Action.CHARGE]
    assert {c.path for c in charges} == {o.path for o in options}
    for c in charges:
        b.copy().apply(c)  # every charge offered is accepted


def test_the_normal_ai_charges_when_it_pays_and_never_into_a_set_spear():
    b = battle([unit("a", "blue", "fighter1", (1, 4), "E"), unit("z", "red", "orc", (8, 4), "W")], script=[10, 1])
    assert normal.decide(b).action == Action.CHARGE
    b = battle([unit("a", "blue", "fighter1", (1, 4), "E"), unit("z", "red", "militia", (8, 4), "W")], script=[1, 10])
    b.apply(cmd("set_vs_charge", "z"))
    assert query.charge_options(b, "a"), "the charge is legal"
    assert all(c.cmd.action != Action.CHARGE for c in normal.candidates(b))


def _set_then(action):
    """The militia (5, 4) sets in round 1 and takes `action` first in round 2; then the fighter on
    (0, 4) charges it along the row."""
    b = battle([unit("a", "blue", "fighter1", (0, 4), "E"), unit("z", "red", "militia", (5, 4), "W")], script=[1, 10])
    b.apply(cmd("set_vs_charge", "z"))
    run_round(b)
    b.ctx.rng.script[:] = [1, 10]
    assert b.pending().unit == "z" and b.world["z"].has("set_vs_charge")
    b.apply(action)
    return b


@pytest.mark.parametrize(
    "action",
    [cmd("move", "z", path=[(6, 4)], facing="W"), cmd("hold", "z")],
    ids=["moved", "held"],
)
def test_a_set_ends_when_the_creature_next_moves(action):
    """'a creature stays set until it next moves, charges, attacks, casts or is knocked down ...
    setting is not a move, so a set creature that moves is no longer set' (docs/rules.md#charge)."""
    b = _set_then(action)
    moved = action.action == Action.MOVE
    assert b.world["z"].has("set_vs_charge") is not moved
    to = b.world["z"].pos[0] - 1
    b.ctx.rng.script[:] = [20, 3, 4, 1, 10, 5, 1]
    evs = as_json(b.apply(cmd("charge", "a", target="z", path=[(x, 4) for x in range(1, to + 1)])))
    purposes = [a["purpose"] for a in events_of(evs, "attack")]
    assert ("set_vs_charge" in purposes) is not moved


def test_a_knocked_down_creature_is_no_longer_set():
    """'... or is knocked down' (docs/rules.md#charge): knocked down, the set is gone for good."""
    b = battle([unit("a", "blue", "fighter1", (4, 4), "E"), unit("z", "red", "militia", (5, 4), "W")], script=[1, 10])
    b.apply(cmd("set_vs_charge", "z"))
    knock_down(b.ctx, "z", "test")
    assert not b.world["z"].has("set_vs_charge")


def test_only_a_creature_whose_weapon_can_be_set_may_set_to_receive_a_charge():
    """RULES (Charge, Decision, turn 4): 'only a creature whose melee weapon can be set may take the
    `set_vs_charge` action ... Seed 002's +2 initiative goes with it. A creature without such a
    weapon that wants to wait for the foe holds' (docs/rules.md#charge). The case of issue 38: an
    orc with a battle axe sets, and gains +2 initiative. Now the battle refuses it, the query and
    the AIs do not offer it; the militia's spear still sets."""
    b = battle([unit("a", "blue", "fighter1", (1, 4), "E"), unit("z", "red", "orc", (8, 4), "W")], script=[1, 10])
    assert b.pending().unit == "z"
    before = _state(b)
    with pytest.raises(Illegal, match="battle axe cannot be set"):
        b.apply(cmd("set_vs_charge", "z"))
    assert _state(b) == before
    assert Action.SET_VS_CHARGE not in query.allowed_actions(b, "z")
    assert all(c.action != Action.SET_VS_CHARGE for c in legal_commands(b))
    assert all(c.cmd.action != Action.SET_VS_CHARGE for c in normal.candidates(b))
    spear = battle(
        [unit("a", "blue", "fighter1", (1, 4), "E"), unit("z", "red", "militia", (8, 4), "W")], script=[1, 10]
    )
    assert Action.SET_VS_CHARGE in query.allowed_actions(spear, "z")
    assert any(c.cmd.action == Action.SET_VS_CHARGE for c in normal.candidates(spear))
    spear.apply(cmd("set_vs_charge", "z"))
    assert spear.world["z"].has("set_vs_charge")
