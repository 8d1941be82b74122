"""d10 initiative (seed 002): order, Dex tie-break, simultaneous blows, group, modifiers,
and the first-round reach/size exception with the seed's own Hambone example."""

from game.core.battle import RETREAT
from game.core.query_swings import free_swings
from tests.helpers import as_json, battle, cmd, events_of, run_round, unit


def test_hambone_and_the_stone_giant():
    """'Hambone rolls a 9 initiative, and the stone giant rolls a 3 ... when Hambone moves within
    10 feet of the stone giant, the stone giant is allowed to swing first ... the stone giant's
    massive club glances off ... Hambone manages to move in close and slices at the stone giant's
    leg ... Such action counts as the action for that round for the larger creature.'"""
    units = [unit("giant", "red", "stone_giant", (5, 4), "W"), unit("hambone", "blue", "halfling", (1, 4), "E")]
    # initiative giant 3, hambone 9; giant's club d20 1 (glances off); Hambone d20 20, d6 5, knockdown d4 1.
    b = battle(units, script=[3, 9, 1, 20, 5, 1], width=12)
    assert as_json(b.events)[-1]["order"] == [["hambone"], ["giant"]]
    evs = as_json(b.apply(cmd("attack", "hambone", target="giant", path=[(1, 4), (2, 4), (3, 4), (4, 4)])))
    kinds = [e["type"] for e in evs]
    assert kinds[:5] == ["move", "first_strike", "attack", "move", "attack"]
    assert evs[0]["path"] == [[1, 4], [2, 4], [3, 4]]  # within 10 ft: two squares
    assert evs[1] == {**evs[1], "id": "giant", "against": "hambone", "reason": "size"}
    assert evs[2]["id"] == "giant" and evs[2]["hit"] is False
    assert evs[3]["path"] == [[3, 4], [4, 4]]
    assert evs[4]["id"] == "hambone" and evs[4]["hit"] is True and evs[4]["damage"] == 5
    assert b.world["giant"].hp == b.world["giant"].hp_max - 5
    # The giant's swing was its action: the round goes straight to its end, where Hambone
    # cannot force a giant 13 Hit Dice above him back.
    round_one = [e for e in evs if e["round"] == 1]
    assert "end_step" in kinds and not [e for e in round_one[5:] if e.get("id") == "giant" and e["type"] == "attack"]
    assert events_of(round_one, "retreat_refused")[0]["reason"] == "level"
    assert b.round == 2


def test_first_strike_only_in_round_one():
    """'In the first round only'."""
    units = [unit("giant", "red", "stone_giant", (5, 4), "W"), unit("hambone", "blue", "halfling", (0, 4), "E")]
    # round 1: giant 3, hambone 9; round 2: giant 1, hambone 9.
    b = battle(units, script=[3, 9, 1, 9], width=12)
    b.apply(cmd("move", "hambone", path=[(1, 4)]))
    b.apply(cmd("hold", "giant"))
    # Round 2: Hambone acts first again and charges; no first strike now.
    assert b.round == 2
    while b.pending().unit != "hambone":
        b.apply(cmd("hold", b.pending().unit))
    evs = as_json(b.apply(cmd("attack", "hambone", target="giant", path=[(1, 4), (2, 4), (3, 4), (4, 4)])))
    assert not events_of(evs, "first_strike")


def test_tie_goes_to_higher_dex():
    """'In the case of a tie, the one with the highest dexterity goes first.'"""
    units = [unit("orc", "red", "orc", (1, 1)), unit("thief", "blue", "thief", (5, 5))]
    b = battle(units, script=[6, 6])
    assert as_json(b.events)[-1]["order"] == [["thief"], ["orc"]]


def test_equal_dex_acts_simultaneously_and_both_blows_land():
    """'In the case of equal dexterity, a simultaneous action occurs': all their attacks are
    rolled before any damage from them is applied (docs/rules.md#individual-initiative), so a slain orc
    still strikes."""
    units = [unit("a", "blue", "fighter1", (4, 4), "E", hp=3), unit("b", "red", "fighter1", (5, 4), "W", hp=3)]
    # both 7; a hits for 8+1, knockdown 1; b hits for 8+1, knockdown 1.
    b = battle(units, script=[7, 7, 20, 8, 1, 20, 8, 1])
    assert as_json(b.events)[-1]["order"] == [["a", "b"]]
    first = b.apply(cmd("attack", "a", target="b"))
    assert not events_of(first, "damage")  # held back until the group is done
    rest = b.apply(cmd("attack", "b", target="a"))
    assert [e["id"] for e in events_of(rest, "death")] == ["b", "a"]
    assert b.over and b.winner is None


def test_modifiers_higher_ground_wading_and_set_vs_charge():
    """'On Higher Ground +1 ... Set to Receive Charge +2 ... Wading or Slippery Footing -2' (a spear
    can be set, docs/rules.md#charge)."""
    units = [unit("a", "blue", "militia", (2, 2), "E"), unit("b", "red", "orc", (6, 2), "W")]
    b = battle(units, script=[5, 5, 5, 5], elevation={(2, 2): 1}, footing={(6, 2): "wading"})
    entries = {e["id"]: e for e in as_json(b.events)[-1]["entries"]}
    assert [m["name"] for m in entries["a"]["modifiers"]] == ["higher_ground"]
    assert entries["a"]["total"] == 6
    assert [m["name"] for m in entries["b"]["modifiers"]] == ["wading_or_slippery"]
    assert entries["b"]["total"] == 3
    b.apply(cmd("set_vs_charge", "a"))
    b.apply(cmd("hold", "b"))
    while b.pending().kind == RETREAT:
        b.apply(cmd("decline_retreat", b.pending().unit, target=b.pending().target))
    entries = {e["id"]: e for e in events_of(b.events, "initiative")[-1]["entries"]}
    assert {m["name"] for m in entries["a"]["modifiers"]} == {"higher_ground", "set_vs_charge"}


def test_group_initiative_one_roll_a_side_and_common_modifiers_only():
    """'Everyone in the party ... must qualify for the modifier' and 'The side with the highest
    modified roll on 1d10 has the initiative and acts first.'"""
    units = [
        unit("a1", "blue", "fighter1", (1, 1), "E"),
        unit("a2", "blue", "fighter1", (1, 3), "E"),
        unit("r1", "red", "orc", (7, 1), "W"),
    ]
    # blue 4 (a1 is on a hill, a2 not: no modifier), red 4: tie, rerolled: blue 8, red 2.
    b = battle(units, script=[4, 4, 8, 2], options={"initiative": "group"}, elevation={(1, 1): 1})
    ini = as_json(b.events)[-1]
    assert ini["mode"] == "group" and ini["sides"] == ["blue", "red"]
    assert ini["entries"][0]["modifiers"] == [] and len(ini["rerolls"]) == 1
    p = b.pending()
    assert set(p.units) == {"a1", "a2"}  # the side's player orders its own units
    b.apply(cmd("hold", "a2"))
    assert b.pending().units == ["a1"]


def test_higher_ground_is_judged_against_the_nearest_enemy_counting_diagonals_as_one():
    """'On Higher Ground +1' (seed 002); decision (docs/decisions.md): the nearest enemy by
    squares between footprints, as reach and range count, the same for initiative and morale."""
    # c stands 2 squares away on a diagonal (4 steps counting diagonals as two), on the same
    # height as a; d stands 3 squares straight down, on low ground. c is the nearest enemy.
    units = [
        unit("a", "blue", "fighter1", (5, 5)),
        unit("c", "red", "orc", (7, 7)),
        unit("d", "red", "orc", (5, 8)),
    ]
    b = battle(units, script=[5, 5, 5], elevation={(5, 5): 1, (7, 7): 1})
    entries = {e["id"]: e for e in as_json(b.events)[-1]["entries"]}
    assert entries["a"]["modifiers"] == []
    assert entries["c"]["modifiers"] == []  # level with a: not higher
    b2 = battle(units, script=[5, 5, 5], elevation={(5, 5): 1})
    entries = {e["id"]: e for e in as_json(b2.events)[-1]["entries"]}
    assert [m["name"] for m in entries["a"]["modifiers"]] == ["higher_ground"]


def test_higher_ground_on_a_map_raised_everywhere_counts_from_the_lowest_ground_up():
    """Standing on the map's lowest ground is being above nobody; the lowest need not be 0."""
    units = [unit("a", "blue", "fighter1", (5, 5)), unit("c", "red", "orc", (7, 7))]
    raised = {(x, y): 2 for x in range(10) for y in range(10)}
    b = battle(units, script=[5, 5], width=10, height=10, elevation={**raised, (5, 5): 3})
    entries = {e["id"]: e for e in as_json(b.events)[-1]["entries"]}
    assert [m["name"] for m in entries["a"]["modifiers"]] == ["higher_ground"]
    assert entries["c"]["modifiers"] == []


def waiting_board(script):
    """Blue a (d10 9) and b (5, Dex 12); red r (6, Dex 10) waits. Far apart but for a and r."""
    units = [
        unit("a", "blue", "fighter1", (4, 4), "E"),
        unit("b", "blue", "fighter1", (0, 9), "E", kind_changes={"dex": 12}),
        unit("r", "red", "orc", (5, 4), "W", kind_changes={"dex": 10}),
    ]
    return battle(units, script=script, options={"waiting": "red"})


def test_waiting_costs_one_only_once_the_other_side_attacks():
    """Seed 002: 'waiting -1' for a side that chose to wait 'if the other side attacks'. Decision
    (docs/rules.md#initiative-modifiers): the penalty starts at 0; when a creature of another side
    first attacks in round 1, every waiting creature that has not yet acted takes -1 and the order
    of those still to act is recomputed: r falls from 6 to 5, ties b and loses on Dex."""
    b = waiting_board([9, 5, 6, 1])  # a's attack: d20 1, a miss
    first = events_of(b.events, "initiative")[0]
    assert first["order"] == [["a"], ["r"], ["b"]]
    assert all(e["modifiers"] == [] for e in first["entries"])
    evs = as_json(b.apply(cmd("attack", "a", target="r")))
    adjusted = events_of(evs, "initiative")
    assert len(adjusted) == 1 and adjusted[0]["adjusted"] is True
    assert adjusted[0]["order"] == [["a"], ["b"], ["r"]]
    r = next(e for e in adjusted[0]["entries"] if e["id"] == "r")
    assert r["total"] == 5 and r["modifiers"] == [{"name": "waiting", "value": -1}]
    # the log's contract: the roll's mod is the sum of its modifiers, and the entry's total the roll's
    assert r["roll"] == {"dice": "1d10", "rolls": [6], "mod": -1, "total": 5}
    assert b.pending().units == ["b"]


def test_waiting_costs_nothing_when_the_other_side_never_attacks():
    """'... if the other side attacks': a round with no attack leaves the waiting side's roll as it is."""
    b = waiting_board([9, 5, 6])
    b.apply(cmd("hold", "a"))
    assert b.pending().units == ["r"]
    run_round(b)
    assert len([e for e in events_of(b.events, "initiative") if e["round"] == 1]) == 1


def test_one_approach_gives_the_giant_one_swing():
    """Seed 002: the first strike 'counts as the action for that round'; docs/rules.md#first-strike-in-round-1:
    'One approach gives the big creature one swing: never an attack of opportunity and a first
    strike against the same mover in one move'. Hambone starts within the giant's 10 ft reach and
    steps in: leaving his square draws no attack of opportunity from a giant that may still
    strike him first, and the giant's one swing is the first strike, its action for the round."""
    units = [unit("giant", "red", "stone_giant", (5, 4), "W"), unit("hambone", "blue", "halfling", (3, 4), "E")]
    # initiative giant 3, hambone 9; the giant's first strike d20 1 (a miss); Hambone d20 20, d6 5, knockdown d4 1.
    b = battle(units, script=[3, 9, 1, 20, 5, 1], width=12)
    evs = as_json(b.apply(cmd("attack", "hambone", target="giant", path=[(3, 4), (4, 4)])))
    round_one = [e for e in evs if e["round"] == 1]
    giant_swings = [e for e in events_of(round_one, "attack") if e["id"] == "giant"]
    assert [e["purpose"] for e in giant_swings] == ["first_strike"]
    assert b.round == 2  # the giant had no activation left


def test_a_pike_makes_no_attack_of_opportunity_at_a_foe_it_may_still_strike_first():
    """docs/rules.md#first-strike-in-round-1: 'in round 1, an enemy that may still strike first at
    an approaching creature makes no attack of opportunity at it at all (not when it enters the
    long reach at 15 ft, nor when it leaves a square there): its one swing at that creature is the
    first strike, taken when the creature comes within 10 ft, and it is the enemy's action'. The
    swordsman walks straight at the pike: 15 ft, 10 ft, then blade to pike (issue 38, row 4: the
    pike swung as he left the 15 ft square and again in its own activation)."""
    units = [unit("p", "red", "pikeman", (6, 4), "W"), unit("s", "blue", "fighter1", (1, 4), "E")]
    path = [(1, 4), (2, 4), (3, 4), (4, 4), (5, 4)]
    # initiative p 1, s 10; the pike's first strike d20 1 and the sword's blow d20 1 (misses).
    b = battle(units, script=[1, 10, 1, 1], width=12)
    assert [(w.enemy, w.at, w.why) for w in free_swings(b, "s", path)] == [("p", (4, 4), "first_strike")]
    evs = as_json(b.apply(cmd("attack", "s", target="p", path=path)))
    round_one = [e for e in evs if e["round"] == 1]
    assert [(e["id"], e["purpose"]) for e in events_of(round_one, "attack")] == [("p", "first_strike"), ("s", "attack")]
    assert events_of(round_one, "first_strike")[0]["reason"] == "reach"
    assert events_of(round_one, "move")[0]["path"] == [[1, 4], [2, 4], [3, 4], [4, 4]]  # struck at 10 ft
    assert b.round == 2  # the first strike was the pikeman's action


def test_a_foe_passing_across_the_pike_s_reach_draws_its_attack_of_opportunity():
    """The first strike is for a creature that 'approaches within ten feet' (seed 002): one that
    walks across the pike's front at 15 ft, coming no nearer, draws the attack of opportunity as
    it leaves a square there, and the pikeman keeps its action."""
    units = [unit("p", "red", "pikeman", (6, 4), "W"), unit("s", "blue", "fighter1", (3, 2), "S")]
    path = [(3, 2), (3, 3), (3, 4)]
    # initiative p 1, s 10; the pike's swing d20 1 (a miss).
    b = battle(units, script=[1, 10, 1], width=12)
    evs = as_json(b.apply(cmd("move", "s", path=path)))
    assert [(e["id"], e["purpose"]) for e in events_of(evs, "attack")] == [("p", "attack_of_opportunity")]
    assert not events_of(evs, "first_strike")
    assert b.pending().units == ["p"]


def test_a_first_strike_uses_up_nothing_else():
    """docs/rules.md#first-strike-in-round-1: 'A first strike uses up nothing else: the striker
    still makes attacks of opportunity at other movers that round'. The giant strikes Hambone
    first as he closes; then Pip, standing in its front, steps away and draws its attack of
    opportunity (issue 38, row 3: it drew none)."""
    units = [
        unit("giant", "red", "stone_giant", (5, 4), "W"),
        unit("hambone", "blue", "halfling", (1, 4), "E"),
        unit("pip", "blue", "halfling", (4, 5), "E"),
    ]
    # initiative giant 3, hambone 9, pip 8; the giant's first strike d20 1 and its swing at Pip d20 1 (misses).
    b = battle(units, script=[3, 9, 8, 1, 1], width=12)
    b.apply(cmd("move", "hambone", path=[(1, 4), (2, 4), (3, 4)]))
    evs = as_json(b.apply(cmd("move", "pip", path=[(4, 5), (4, 6)])))
    giant_swings = [e for e in events_of(b.events, "attack") if e["id"] == "giant"]
    assert [(e["purpose"], e["target"]) for e in giant_swings] == [
        ("first_strike", "hambone"),
        ("attack_of_opportunity", "pip"),
    ]
    assert [e["id"] for e in events_of(evs, "attack")] == ["giant"]


def test_a_group_tie_after_the_waiting_minus_one_is_rerolled():
    """docs/rules.md#initiative-modifiers: 'Under group initiative the recomputed order rerolls a
    tie, as any group tie is.' Blue waits and rolls 7, green 6: blue goes first. Green's orc swings
    at b1 as he steps away, blue falls to 7-1=6, level with green; the sides roll again, blue
    2-1=1 and green 5, and green acts before b2 (issue 38, row 5: the tie kept the old order)."""
    units = [
        unit("b1", "blue", "fighter1", (4, 4), "E"),
        unit("b2", "blue", "fighter1", (0, 9), "E"),
        unit("g1", "green", "orc", (5, 4), "W"),
    ]
    # blue 7, green 6; the orc's swing d20 1 (a miss); the reroll: blue 2, green 5.
    b = battle(units, script=[7, 6, 1, 2, 5], options={"initiative": "group", "waiting": "blue"})
    evs = as_json(b.apply(cmd("move", "b1", path=[(4, 4), (3, 4)])))
    assert [e["purpose"] for e in events_of(evs, "attack")] == ["attack_of_opportunity"]
    adjusted = events_of(evs, "initiative")
    assert len(adjusted) == 1 and adjusted[0]["adjusted"] is True
    totals = {e["side"]: (e["roll"]["rolls"], e["total"]) for e in adjusted[0]["entries"]}
    assert totals == {"blue": ([2], 1), "green": ([5], 5)}
    assert adjusted[0]["order"] == [["b1"], ["g1"], ["b2"]]
    assert b.pending().units == ["g1"]
    assert adjusted[0]["rerolls"] == [
        {
            "tie": [
                {"dice": "1d10", "rolls": [7], "mod": -1, "total": 6},
                {"dice": "1d10", "rolls": [6], "mod": 0, "total": 6},
            ]
        }
    ]


def test_a_waiting_side_that_attacked_first_has_stopped_waiting():
    """docs/rules.md#initiative-modifiers: 'A side that attacks first has stopped waiting: once one
    of its creatures attacks, a later attack on it brings no -1.' Red waits; its orc r strikes
    first, then blue's b strikes r: r2, still to act, keeps its 3 (issue 38, row 6: it took -1)."""
    units = [
        unit("a", "blue", "fighter1", (4, 4), "E"),
        unit("b", "blue", "fighter1", (5, 3), "S"),
        unit("r", "red", "orc", (5, 4), "W"),
        unit("r2", "red", "orc", (9, 9), "W"),
    ]
    # initiative a 9, b 5, r 6, r2 3; r's blow d20 1 and b's d20 1 (misses).
    b = battle(units, script=[9, 5, 6, 3, 1, 1], options={"waiting": "red"})
    b.apply(cmd("hold", "a"))
    b.apply(cmd("attack", "r", target="a"))
    evs = b.apply(cmd("attack", "b", target="r"))
    assert not events_of(evs, "initiative")
    assert b.pending().units == ["r2"]


def test_waiting_costs_one_only_for_an_attack_on_the_waiting_side():
    """docs/rules.md#initiative-modifiers: 'the -1 comes only from an attack *on* the waiting
    side ...; with three sides, a fight between the two others costs it nothing.' Blue waits; red
    strikes green, and blue's w keeps its roll (issue 38, row 6: it took -1)."""
    units = [
        unit("g", "green", "orc", (5, 4), "W"),
        unit("r", "red", "orc", (4, 4), "E"),
        unit("w", "blue", "fighter1", (0, 9), "E"),
    ]
    # initiative g 5, r 9, w 3; r's blow d20 1 (a miss).
    b = battle(units, script=[5, 9, 3, 1], options={"waiting": "blue"})
    evs = b.apply(cmd("attack", "r", target="g"))
    assert not events_of(evs, "initiative")
    assert [e["total"] for e in events_of(b.events, "initiative")[-1]["entries"] if e["id"] == "w"] == [3]
