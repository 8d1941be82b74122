"""The rest of docs/rules.md, each with a board: reach, big footprints, pits, leaders, ose details."""

import pytest

from game.core import query
from game.core.battle import RETREAT
from game.core.commands import Action, Illegal
from game.core.rules.dice import Modifier
from game.core.rules.morale import ose_rating
from game.core.systems.attack import modifiers
from game.core.systems.movement import effective_mv
from tests.helpers import as_json, battle, cmd, events_of, kind, run_round, unit


def test_a_halberd_reaches_two_squares_but_not_through_a_creature():
    """docs/rules.md#reach-and-threatened-squares: within max(1, ceil(reach/5)) squares, not through a creature."""
    units = [
        unit("g", "red", "gnoll", (2, 4), "E"),
        unit("a", "blue", "fighter1", (4, 4), "W"),
        unit("b", "blue", "fighter1", (4, 6), "W"),
        unit("c", "blue", "fighter1", (3, 5), "W"),
    ]
    bt = battle(units, script=[1, 1, 1, 10])
    targets = {o.target for o in query.attack_options(bt, "g") if len(o.path) == 1}
    assert "a" in targets  # two squares east, nothing between
    b_from_here = [o for o in query.attack_options(bt, "g") if o.target == "b" and len(o.path) == 1]
    assert not b_from_here  # (4,6) lies behind c at (3,5) on the line from the gnoll


def test_attacker_prone_fights_at_minus_four():
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, script=[1, 10, 10, 1, 1])
    b.world.update("a", prone=True)
    ev = events_of(b.apply(cmd("attack", "b", target="a")), "attack")[0]
    assert {"name": "target_prone", "value": 4} in ev["modifiers"]
    b.world.update("a", prone=False)
    b.world.update("b", prone=True)
    mods, _, _ = modifiers(b.ctx, b.world["b"], b.world["a"], "melee", b.world["b"].kind.melee)
    assert Modifier("attacker_prone", -4) in mods


def test_death_at_minus_ten_option_leaves_the_creature_unconscious():
    """Decision: the -10 rule is option death_at_minus_10, default off."""
    units = [
        unit("a", "blue", "fighter3", (4, 4), "E"),
        unit("b", "red", "orc", (5, 4), "W"),
        unit("c", "red", "orc", (8, 8), "W", hero=True),
    ]
    b = battle(units, script=[10, 1, 1, 20, 6, 1], options={"death_at_minus_10": True})
    b.apply(cmd("attack", "a", target="b"))
    assert b.world["b"].hp <= 0 and b.world["b"].life == "fighting" and not b.world["b"].able
    assert not events_of(b.events, "death")


def test_big_footprint_retreats_by_shifting_one_square_back():
    """docs/rules.md#forced-retreats: 'A space is the foe's footprint shifted one square' back."""
    units = [unit("a", "blue", "stone_giant", (2, 4), "E"), unit("b", "red", "stone_giant", (4, 4), "W")]
    b = battle(units, script=[10, 1, 20, 6, 6, 1], width=12)
    b.apply(cmd("attack", "a", target="b"))
    finish = b.pending()
    while finish.kind != RETREAT:
        b.apply(cmd("hold", finish.unit))
        finish = b.pending()
    assert {s["to"] for s in finish.spaces} == {(5, 4), (5, 3), (5, 5)}
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=(5, 4), follow=True)))
    r = events_of(evs, "retreat")[0]
    assert r["follow_to"] == [3, 4] and b.world["a"].pos == (3, 4)


def test_retreats_in_attacker_initiative_order_and_once_a_round():
    """Decision: retreats resolve in initiative order of the attackers; a creature is forced back at most once."""
    units = [
        unit("a", "blue", "fighter1", (3, 4), "E"),
        unit("c", "blue", "fighter1", (4, 3), "S"),
        unit("b", "red", "orc_leader", (4, 4), "W"),
    ]
    # a 9, b 1, c 10; c hits (20, 1 dmg, kd 1), a hits (20, 1, kd 1).
    b = battle(units, script=[9, 1, 10, 20, 1, 1, 20, 1, 1])
    b.apply(cmd("attack", "c", target="b"))
    b.apply(cmd("attack", "a", target="b"))
    b.apply(cmd("hold", "b"))
    p = b.pending()
    assert p.kind == RETREAT and p.unit == "c"
    b.apply(cmd("force_retreat", "c", target="b", to=p.spaces[0]["to"], follow=False))
    assert b.pending().kind != RETREAT or b.pending().unit != "a"
    assert len(events_of(b.events, "retreat")) == 1


def test_climbing_out_of_a_pit_takes_the_whole_move():
    """Decision (docs/rules.md#hazards): 'climbing out is a full move'."""
    units = [unit("a", "blue", "orc", (4, 4), "E"), unit("b", "red", "orc", (9, 9), "W", hero=True)]
    b = battle(units, script=[10, 1], hazard={(4, 4): "pit"})
    assert query.moves(b, "a").costs.keys() == {(x, y) for x in (3, 4, 5) for y in (3, 4, 5)}
    assert query.moves(b, "a", half=True).costs.keys() == {(4, 4)}
    assert effective_mv(b.world["a"]) == 9


def test_leader_killed_triggers_a_check():
    """'When their leader deserts or is killed'."""
    units = [
        unit("a", "blue", "fighter3", (4, 4), "E", hero=True),
        unit("L", "red", "orc_leader", (5, 4), "W", leader=True, hp=1),
    ] + [unit(f"o{i}", "red", "orc", (8, 2 + i), "W") for i in range(6)]
    b = battle(units, script=[1, 10] + [1] * 6 + [20, 5, 1])  # ids sort L, a, o0...
    b.apply(cmd("attack", "a", target="L"))
    run_round(b)
    triggers = {t for c in events_of(b.events, "morale_check") for t in c["triggers"]}
    assert "leader_lost" in triggers


def test_half_fallen_and_superior_force_are_triggers():
    """'When 50% of their group has fallen' and 'When faced by an obviously superior enemy force'."""
    units = [
        unit("a", "blue", "fighter3", (4, 4), "E", hero=True),
        unit("b", "blue", "ogre", (1, 1), "E", hero=True),
        unit("o0", "red", "orc", (5, 4), "W", hp=1),
        unit("o1", "red", "orc", (8, 8), "W"),
    ]
    b = battle(units, script=[10, 10, 1, 1, 20, 5, 1])
    b.apply(cmd("attack", "a", target="o0"))
    run_round(b)
    check = events_of(b.events, "morale_check")[0]
    assert check["id"] == "o1"
    assert {"quarter_fallen", "half_fallen", "superior_enemy"} <= set(check["triggers"])
    assert {"name": "further_triggers", "value": -(len(check["triggers"]) - 1)} in check["modifiers"]
    assert {"name": "outnumbered_3_to_1", "value": -4} in check["modifiers"]


def test_withdrawing_creature_rallies_when_no_enemy_threatens():
    """Decision (docs/rules.md#withdrawal-flight-and-surrender): rally after a passed check at the end of
    a round with no enemy near."""
    units = [unit("a", "blue", "fighter1", (0, 0), "E", hero=True), unit("o", "red", "orc", (9, 9), "W")]
    b = battle(units, script=[10, 1, 1, 1])
    b.world.update("o", morale="withdrawing")
    run_round(b)
    check = events_of(b.events, "morale_check")[0]
    assert check["trigger"] == "rally" and check["result"] == "pass"
    assert events_of(b.events, "rally") and b.world["o"].morale == "steady"


def test_withdrawing_and_fleeing_creatures_never_attack():
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("o", "red", "orc", (5, 4), "W")]
    b = battle(units, script=[1, 10])
    b.world.update("o", morale="withdrawing")
    try:
        b.apply(cmd("attack", "o", target="a"))
        raise AssertionError("a withdrawing orc attacked")
    except Illegal as e:
        assert "withdrawing" in str(e)


def test_ose_half_incapacitated_rating_two_and_situation_adjustment():
    """'Side half incapacitated'; 'A score of 2: Means the monster will not fight';
    'the side losing a battle might suffer a -1 morale penalty'."""
    units = [
        unit("a", "blue", "fighter3", (4, 4), "E", hero=True),
        unit("o0", "red", "orc", (5, 4), "W", hp=1),
        unit("o1", "red", "orc", (5, 3), "W", hp=1),
        unit("o2", "red", "orc", (8, 8), "W"),
        unit("k", "red", "kobold", (8, 1), "W", kind_changes={"morale_ose": 2}),
    ]
    b = battle(units, script=[10, 1, 1, 1, 1, 20, 5, 1], options={"morale_system": "ose"})
    b.apply(cmd("attack", "a", target="o0"))
    run_round(b)
    assert [e for e in events_of(b.events, "flee") if e["id"] == "k" and e["reason"] == "will_not_fight"]
    check = next(c for c in events_of(b.events, "morale_check") if c["id"] == "o2")
    assert check["modifiers"] == [{"name": "situation", "value": -1}]


def test_mercenary_troop_types_set_the_ose_rating():
    """'Morale rating: Determined solely by the type of troops': militia 6, trained 8, elite +1."""
    assert ose_rating(kind("militia")) == 6
    assert ose_rating(kind("archer")) == 8
    assert ose_rating(kind("archer", troop_mods=("elite",))) == 9
    assert ose_rating(kind("orc")) == kind("orc").morale_ose


def test_first_strike_by_reach_over_ten_feet():
    """'when a creature uses a weapon with a reach of greater than 10 feet against an opponent
    with a weapon with less than a 6 foot reach' (the catalogue's pikeman against a swordsman)."""
    pike = kind("pikeman").melee
    assert pike is not None and pike.key == "pike" and pike.reach_ft == 15 and pike.settable
    units = [
        unit("p", "red", "pikeman", (5, 4), "W"),
        unit("s", "blue", "fighter1", (4, 0), "S"),
    ]
    b = battle(units, script=[1, 10, 1], width=12)
    # s comes down the pike's flank, where it draws no attack of opportunity (one approach, one
    # swing), and steps into its front 10 ft away.
    evs = as_json(b.apply(cmd("move", "s", path=[(4, 0), (4, 1), (4, 2)])))
    fs = events_of(evs, "first_strike")
    assert fs and fs[0]["reason"] == "reach" and fs[0]["id"] == "p"
    assert [e["purpose"] for e in events_of(evs, "attack")] == ["first_strike"]


def test_an_ose_morale_2_creature_never_attacks():
    """Seed 001: 'A score of 2: Means the monster will not fight.' It is offered no attack, an
    attack command is refused, and it neither threatens nor makes attacks of opportunity: the
    fighter walks out of its front unharmed (docs/rules.md#morale-under-ose)."""
    units = [
        unit("a", "blue", "fighter1", (4, 4), "E"),
        unit("k", "red", "kobold", (5, 4), "W", kind_changes={"morale_ose": 2}),
    ]
    b = battle(units, script=[1, 10], options={"morale_system": "ose"})
    assert b.pending().units == ["k"]
    assert Action.ATTACK not in query.allowed_actions(b, "k") and Action.FIRE not in query.allowed_actions(b, "k")
    assert query.attack_options(b, "k") == []
    with pytest.raises(Illegal, match="will not fight"):
        b.apply(cmd("attack", "k", target="a"))
    b.apply(cmd("hold", "k"))
    evs = as_json(b.apply(cmd("move", "a", path=[(4, 4), (4, 5), (4, 6)], facing="N")))
    assert not events_of(evs, "attack")
    assert b.world["a"].pos == (4, 6)


def test_the_same_creature_fights_under_adnd2e():
    """The morale-2 rule is seed 001's: under adnd2e the same creature may attack."""
    units = [
        unit("a", "blue", "fighter1", (4, 4), "E"),
        unit("k", "red", "kobold", (5, 4), "W", kind_changes={"morale_ose": 2}),
    ]
    b = battle(units, script=[1, 10])
    assert Action.ATTACK in query.allowed_actions(b, "k")


def orcs_checking_under_ose(leader_morale: str | None):
    """a kills o0 (one orc in four dies: 'first death on side'); the others check under ose."""
    units = [
        unit("a", "blue", "fighter1", (4, 4), "E", hero=True),
        unit("o0", "red", "orc", (5, 4), "W", hp=1),
        unit("o1", "red", "orc", (8, 1), "W"),
        unit("o2", "red", "orc", (1, 8), "W"),
    ]
    if leader_morale is not None:
        units.append(unit("z", "red", "orc_leader", (8, 8), "W", leader=True))
    b = battle(
        units, script=[10, 1, 1, 1] + ([1] if leader_morale else []) + [20, 8, 1], options={"morale_system": "ose"}
    )
    if leader_morale is not None:
        b.world.update("z", morale=leader_morale)
    b.apply(cmd("attack", "a", target="o0"))
    run_round(b)
    return {c["id"]: c["rating"] for c in events_of(b.events, "morale_check")}


def test_orcs_led_by_a_steady_leader_check_ose_morale_at_8():
    """RULES (Morale, Decision): 'under ose, orcs (and any kind whose catalogue entry names a
    led_morale) check at that rating while a living, steady leader of their side is on the field
    (orc 6, 8 with a leader)' (docs/rules.md#morale-under-ose)."""
    assert kind("orc").led_morale == 8
    assert orcs_checking_under_ose("steady") == {"o1": 8, "o2": 8, "z": 8}
    assert orcs_checking_under_ose(None) == {"o1": 6, "o2": 6}
    assert orcs_checking_under_ose("withdrawing") == {"o1": 6, "o2": 6, "z": 8}
