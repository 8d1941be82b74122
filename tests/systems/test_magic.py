"""Magic: casters, every spell of the book and its conditions (docs/rules.md#magic), each on a concrete board.

Initiative d10s come first in the script, in id order; the highest total acts first."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.commands import Illegal
from game.core.rules.tables import save_vs_spell
from game.core.systems.movement import effective_mv
from tests.helpers import as_json, battle, cmd, events_of, kind, run_round, unit


def _mods(e: dict) -> dict[str, int]:
    return {m["name"]: m["value"] for m in e["modifiers"]}


def test_magic_missile_never_misses_and_a_death_from_it_is_an_ally_slain_by_magic():
    """'Magic missile (W1): 1 missile at level 1, +1 per two further levels (5 at most), 1d4+1 each,
    never misses ... A death from it is an ally slain by magic (seed 000 trigger).'"""
    b = battle(
        [
            unit("a", "red", "orc", (6, 0), "W"),
            unit("b", "red", "orc", (7, 0), "W"),
            unit("w", "blue", "wizard5", (0, 0), "E"),
        ],
        dice={"initiative a": 1, "initiative b": 1, "initiative w": 10, "damage w": [4, 4, 4]},
    )
    run_round(b, w=cmd("cast", "w", spell="magic_missile", target="a"))
    cast = events_of(b.events, "cast")[0]
    assert cast["targets"] == ["a"] and not cast["lost"] and len(cast["rolls"]) == 3  # level 5: 3 missiles
    assert [r["total"] for r in cast["rolls"]] == [5, 5, 5]
    assert events_of(b.events, "death")[0] == {"type": "death", "round": 1, "id": "a", "by": "w"}
    check = next(e for e in events_of(b.events, "morale_check") if e["id"] == "b")
    assert "slain_by_magic" in check["triggers"]
    assert b.world["w"].spells.count("magic_missile") == 2  # one slot spent


def test_burning_hands_takes_in_the_three_front_squares_and_the_one_beyond_and_a_save_halves_it():
    """'Burning hands (W1): the 3 front squares and the square beyond the centre one; 1d3 + 2 per
    level, save vs spell for half.'"""
    tough = {"kind_changes": {"hp": 40}, "hero": True}
    b = battle(
        [
            unit("a", "red", "orc", (5, 3), "W", **tough),
            unit("b", "red", "orc", (5, 4), "W", **tough),
            unit("c", "red", "orc", (6, 4), "W", **tough),
            unit("d", "red", "orc", (7, 4), "W", **tough),
            unit("w", "blue", "wizard3", (4, 4), "N"),
        ],
        dice={
            **{f"initiative {u}": 1 for u in "abcd"},
            "initiative w": 10,
            "damage w": 2,
            "save a": 20,
            "save b": 1,
            "save c": 1,
        },
    )
    b.apply(cmd("cast", "w", spell="burning_hands", at=(5, 4)))
    cast = events_of(b.events, "cast")[0]
    assert cast["targets"] == ["a", "b", "c"] and cast["rolls"][0]["total"] == 2 + 6
    saves = events_of(b.events, "save")
    assert [(s["id"], s["vs"], s["success"]) for s in saves] == [
        ("a", "spell", True),
        ("b", "spell", False),
        ("c", "spell", False),
    ]
    assert b.world["a"].hp == 40 - 4 and b.world["b"].hp == 40 - 8 and b.world["c"].hp == 40 - 8
    assert b.world["d"].hp == 40  # two squares beyond the centre: outside the fan
    assert b.world["w"].facing == 2  # the caster turned east, toward the aimed square


def test_acid_arrow_rolls_to_hit_without_range_penalty_and_burns_on_in_the_status_step():
    """'Melf's acid arrow (W2): range 36 squares; a ranged attack roll with no range penalty; 2d4
    acid, then 2d4 continuing acid damage in the status step for one more round per three levels.'"""
    b = battle(
        [
            unit("o", "red", "orc", (30, 0), "W", kind_changes={"hp": 40}, hero=True),
            unit("w", "blue", "wizard3", (0, 0), "E"),
        ],
        dice={"initiative o": [1, 1], "initiative w": [10, 10], "attack w": 15, "damage w": 4, "continuing o": (3, 4)},
        width=40,
    )
    run_round(b, w=cmd("cast", "w", spell="melfs_acid_arrow", target="o"))
    att = events_of(b.events, "attack")[0]
    assert att["purpose"] == "spell" and att["hit"] and att["damage"] == 4
    assert not any("range" in m["name"] for m in att["modifiers"])
    assert not [e for e in events_of(b.events, "status") if e["effect"] == "acid"], "not in the hit's own round"
    run_round(b)
    acid = [e for e in events_of(b.events, "status") if e["effect"] == "acid"]
    assert [e["round"] for e in acid] == [2], "'burns once more, at the end of the next round'"
    assert acid[0]["amount"] == 7 and acid[0]["rounds_left"] == 0 and acid[0]["roll"]["dice"] == "2d4"
    assert b.world["o"].hp == 40 - 4 - 7 and b.world["o"].continuing == ()


def test_haste_gives_initiative_double_move_and_an_extra_melee_attack():
    """'Haste (W3): hasted for 3 + level rounds: +2 initiative (seed 002), MV doubled, one extra melee
    attack per attack action.'"""
    b = battle(
        [
            unit("f", "blue", "fighter1", (3, 0), "E"),
            unit("o", "red", "orc", (9, 9), "W", kind_changes={"hp": 40}, hero=True),
            unit("w", "blue", "wizard5", (0, 0), "E"),
        ],
        dice={"initiative f": 1, "initiative o": 1, "initiative w": 10},
    )
    run_round(b, w=cmd("cast", "w", spell="haste", at=(3, 0)))
    cond = events_of(b.events, "condition")
    assert [(c["id"], c["condition"], c["rounds"]) for c in cond] == [("f", "hasted", 8), ("w", "hasted", 8)]
    assert effective_mv(b.world["f"]) == 2 * effective_mv(replace(b.world["f"], conditions=()))
    init = events_of(b.events, "initiative")[-1]
    assert _mods(next(e for e in init["entries"] if e["id"] == "f")) == {"hasted": 2}
    b.world.update("o", pos=(4, 0))
    b.world.update("f", facing=2)
    while b.pending().unit != "f":
        b.apply(cmd("hold", b.pending().unit))
    n = len(b.events)
    b.apply(cmd("attack", "f", target="o"))
    attacks = [e for e in as_json(b.events[n:]) if e["type"] == "attack"]
    assert len(attacks) == 2 and all(m["name"] == "hasted" for a in attacks for m in a["modifiers"])


def test_slow_save_negates_else_initiative_move_attacks_and_ac_suffer():
    """'Slow (W3): ... save vs spell negates; slowed for 3 + level rounds: -2 initiative (seed 002),
    MV halved, attacks at -2 and AC 2 worse (Decision).'"""
    b = battle(
        [
            unit("e", "blue", "enchanter5", (0, 0), "E"),
            unit("f", "blue", "fighter1", (5, 1), "E"),
            unit("o", "red", "orc", (6, 0), "W", hero=True, kind_changes={"hp": 40}),
            unit("p", "red", "orc", (6, 1), "W", hero=True, kind_changes={"hp": 40}),
        ],
        dice={"initiative e": 10, "initiative f": 1, "initiative o": 1, "initiative p": 1, "save o": 1, "save p": 20},
    )
    b.apply(cmd("cast", "e", spell="slow", at=(6, 0)))
    saves = events_of(b.events, "save")
    assert [(s["id"], s["success"]) for s in saves] == [("o", False), ("p", True)]
    assert b.world["o"].has("slowed") and not b.world["p"].has("slowed")
    assert effective_mv(b.world["o"]) == 4  # orc MV 9, halved
    b.apply(cmd("attack", "f", target="o"))
    att = events_of(b.events, "attack")[-1]
    assert _mods(att)["target_slowed"] == 2
    run_round(b, o=cmd("attack", "o", target="f"))
    mine = [e for e in events_of(b.events, "attack") if e["id"] == "o"]
    assert mine and _mods(mine[0])["slowed"] == -2


def test_bless_gives_nearby_allies_plus_one_to_attack_and_morale():
    """'Bless (P1): allies within 5 squares: +1 to attack rolls and +1 to morale for 6 rounds.'"""
    b = battle(
        [
            unit("f", "blue", "militia", (1, 0), "E"),
            unit("g", "blue", "militia", (9, 9), "E"),
            unit("o", "red", "orc", (2, 0), "W", hero=True, kind_changes={"hp": 40}),
            unit("p", "blue", "priest", (0, 0), "E"),
        ],
        dice={"initiative f": 1, "initiative g": 1, "initiative o": 1, "initiative p": 10},
    )
    b.apply(cmd("cast", "p", spell="bless"))
    assert events_of(b.events, "cast")[0]["targets"] == ["f", "p"]  # g stands 9 squares away
    assert b.world["f"].has("blessed") and not b.world["g"].has("blessed")
    b.apply(cmd("attack", "f", target="o"))
    assert _mods(events_of(b.events, "attack")[-1])["blessed"] == 1


def test_cure_light_wounds_heals_by_touch_never_above_full():
    """'Cure light wounds (P1): touch, heals 1d8.'"""
    b = battle(
        [
            unit("f", "blue", "fighter1", (1, 0), "E"),
            unit("p", "blue", "priest3", (0, 0), "E"),
            unit("o", "red", "orc", (9, 9)),
        ],
        dice={"initiative f": 1, "initiative o": 1, "initiative p": 10, "heal p": 8},
    )
    b.world.update("f", hp=5)
    b.apply(cmd("cast", "p", spell="cure_light_wounds", target="f"))
    heal = events_of(b.events, "heal")[0]
    assert heal == {
        "type": "heal",
        "round": 1,
        "id": "f",
        "amount": 4,
        "source": "cure_light_wounds",
        "hp": 9,
        "roll": heal["roll"],
        "by": "p",
    }
    assert b.world["f"].hp == b.world["f"].hp_max == 9


def test_entangle_tangles_who_fails_and_hampers_who_saves():
    """'Entangle (P1): a 3x3 area in range 16 squares; each creature in it saves vs spell or is tangled
    (hindered, seed 002: -3 initiative, cannot move, -2 to attacks) for 1d4 rounds; a success halves its MV.'"""
    b = battle(
        [
            unit("o", "red", "orc", (8, 0), "W", hero=True),
            unit("p", "blue", "priest3", (0, 0), "E"),
            unit("q", "red", "orc", (8, 1), "W", hero=True),
        ],
        dice={"initiative o": 1, "initiative p": 10, "initiative q": 1, "duration p": 3, "save o": 1, "save q": 20},
    )
    b.apply(cmd("cast", "p", spell="entangle", at=(8, 1)))
    assert b.world["o"].has("tangled") and not b.world["q"].has("tangled")
    assert effective_mv(b.world["q"]) == 4 and effective_mv(b.world["o"]) == 0
    with pytest.raises(Illegal, match="tangled"):
        b.apply(cmd("move", "o", path=[(7, 0)]))
    run_round(b)
    init = events_of(b.events, "initiative")[-1]
    assert _mods(next(e for e in init["entries"] if e["id"] == "o"))["hindered"] == -3


def test_hold_person_holds_a_humanoid_who_fails_and_attackers_get_plus_four():
    """'Hold person (P2): 1-3 man-sized or smaller humanoids within 24 squares, save vs spell negates;
    held (hindered: -3 initiative, cannot move or attack, attackers +4) for 2 + level rounds.'"""
    b = battle(
        [
            unit("f", "blue", "fighter1", (7, 0), "E"),
            unit("o", "red", "orc", (8, 0), "W", hero=True, kind_changes={"hp": 40}),
            unit("p", "blue", "priest3", (0, 0), "E"),
        ],
        dice={"initiative f": 1, "initiative o": 1, "initiative p": 10, "save o": 1},
    )
    b.apply(cmd("cast", "p", spell="hold_person", target="o"))
    cond = events_of(b.events, "condition")[0]
    assert (cond["id"], cond["condition"], cond["rounds"], cond["by"]) == ("o", "held", 5, "p")
    if b.pending().unit == "f":
        b.apply(cmd("attack", "f", target="o"))
    with pytest.raises(Illegal, match="held"):
        b.apply(cmd("attack", "o", target="f"))
    run_round(b, f=cmd("attack", "f", target="o"))
    assert _mods(events_of(b.events, "attack")[-1])["held"] == 4
    assert not [e for e in events_of(b.events, "attack") if e["id"] == "o"]


def test_a_caster_damaged_earlier_in_the_round_loses_the_spell():
    """'Decision: a caster damaged earlier in the same round loses the spell it would cast (the slot is spent).'"""
    b = battle(
        [unit("o", "red", "orc", (1, 0), "W"), unit("w", "blue", "wizard", (0, 0), "E", kind_changes={"hp": 30})],
        dice={"initiative o": 10, "initiative w": 1, "attack o": 20, "damage o": 3},
    )
    b.apply(cmd("attack", "o", target="w"))
    assert b.world["w"].hp < 30
    b.apply(cmd("cast", "w", spell="magic_missile", target="o"))
    cast = events_of(b.events, "cast")[0]
    assert cast["lost"] and cast["targets"] == [] and b.world["w"].spells == ()
    assert b.world["o"].hp == b.world["o"].hp_max


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"spell": "fireball", "target": "o"}, "not a spell"),
        ({"spell": "haste", "at": (5, 0)}, "no haste memorised"),
        ({"spell": "magic_missile", "target": "far"}, "beyond magic missile's range"),
        ({"spell": "magic_missile", "target": "hidden"}, "cannot see"),
        ({"spell": "magic_missile", "target": "f"}, "own side"),
        ({"spell": "magic_missile", "at": (5, 0)}, "cast at a creature"),
        ({"spell": "burning_hands", "at": (5, 0)}, "next to the caster"),
        ({"spell": "melfs_acid_arrow", "target": "o"}, "no Melf's acid arrow memorised"),
    ],
)
def test_an_illegal_cast_is_refused_in_one_line_and_changes_nothing(fields, why):
    """A refused command changes nothing (docs/rules.md#activations)."""
    wall = {(3, 5): 0}
    b = battle(
        [
            unit("f", "blue", "fighter1", (0, 1), "E"),
            unit("far", "red", "orc", (39, 0), "W"),
            unit("hidden", "red", "orc", (4, 5), "W"),
            unit("o", "red", "orc", (5, 0), "W"),
            unit("w", "blue", "wizard", (0, 0), "E", kind_changes={"spells": ("magic_missile", "burning_hands")}),
        ],
        dice={"initiative f": 1, "initiative far": 1, "initiative hidden": 1, "initiative o": 1, "initiative w": 10},
        width=40,
        move_cost=wall,
        blocks_sight={(3, 5): True, (2, 4): True, (3, 4): True},
    )
    before, n, draws = dict(b.world.units), len(b.events), b.ctx.rng.draws
    with pytest.raises(Illegal, match=why) as err:
        b.apply(cmd("cast", "w", **fields))
    assert "\n" not in str(err.value)
    assert b.world.units == before and len(b.events) == n and b.ctx.rng.draws == draws


def test_hold_person_cannot_take_in_a_giant_and_a_spent_spell_is_gone():
    """'1-3 man-sized or smaller humanoids'; 'Casters memorise per battle'."""
    b = battle(
        [
            unit("g", "red", "stone_giant", (5, 0), "W"),
            unit("o", "red", "orc", (3, 3), "W", hero=True),
            unit("p", "blue", "priest3", (0, 0), "E"),
        ],
        dice={"initiative g": 1, "initiative o": 1, "initiative p": 10, "save o": 1},
    )
    with pytest.raises(Illegal, match="not a man-sized or smaller humanoid"):
        b.apply(cmd("cast", "p", spell="hold_person", target="g"))
    b.apply(cmd("cast", "p", spell="hold_person", target="o"))
    assert "hold_person" not in b.world["p"].spells


def test_save_vs_spell_follows_phb_table_60():
    """docs/rules.md#saving-throws: 'Vs spell (PHB Table 60): warrior 1-2: 17 ... wizard 1-5: 12 ...'"""
    assert save_vs_spell(kind("fighter1")) == 17
    assert save_vs_spell(kind("wizard5")) == 12
    assert save_vs_spell(kind("priest3")) == 15
    assert save_vs_spell(kind("orc")) == 17
    assert save_vs_spell(kind("ogre")) == 14  # 4+1 HD saves as 5th level
