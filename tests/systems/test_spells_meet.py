"""Where spells meet the other rules (issue 24; docs/rules.md#magic, the decisions on spells in
play), each on a small board. Initiative d10s come first in the script, in id order; the highest
total acts first."""

from __future__ import annotations

import pytest

from game.core import query
from game.core.commands import Action, Illegal
from game.core.rules.tables import missile_adjustment
from tests.helpers import battle, cmd, events_of, run_round, unit


def test_slow_on_a_hasted_creature_ends_the_haste_and_does_not_take_hold():
    """'Haste and slow negate each other (PHB): either spell on a creature under the other ends the
    other and does not take hold itself' (docs/rules.md#magic)."""
    b = battle(
        [
            unit("e", "red", "enchanter5", (0, 0), "E"),
            unit("f", "blue", "fighter1", (6, 0), "W"),
        ],
        script=[10, 1, 1],
    )
    b.world.update("f", conditions=(("hasted", 5),))
    b.apply(cmd("cast", "e", spell="slow", at=(6, 0)))
    assert events_of(b.events, "save")[0]["success"] is False
    f = b.world["f"]
    assert not f.has("hasted") and not f.has("slowed")
    ended = events_of(b.events, "condition")
    assert [(c["id"], c["condition"], c["started"], c.get("by")) for c in ended] == [("f", "hasted", False, "e")]


def test_haste_on_a_slowed_creature_ends_the_slow_and_does_not_take_hold():
    """The other way round: haste on a slowed ally ends the slow, and it is not hasted."""
    b = battle(
        [
            unit("w", "blue", "wizard5", (0, 0), "E"),
            unit("f", "blue", "fighter1", (3, 0), "E"),
            unit("o", "red", "orc", (9, 9), "W"),
        ],
        script=[1, 1, 10],
    )
    b.world.update("f", conditions=(("slowed", 5),))
    b.apply(cmd("cast", "w", spell="haste", at=(3, 0)))
    f, w = b.world["f"], b.world["w"]
    assert not f.has("slowed") and not f.has("hasted")
    assert w.has("hasted"), "the caster, not slowed, is hasted as before"


def _acid_on(hp: int):
    """A level-3 wizard's acid arrow hits an orc of `hp` for 2 + 2; the next round's acid rolls 3 + 4."""
    b = battle(
        [
            unit("o", "red", "orc", (20, 0), "W", kind_changes={"hp": hp}),
            unit("q", "red", "orc", (20, 9), "W", hero=True),
            unit("w", "blue", "wizard3", (0, 0), "E"),
        ],
        script=[1, 1, 10, 15, 2, 2, 1, 1, 10, 3, 4],
        width=30,
    )
    run_round(b, w=cmd("cast", "w", spell="melfs_acid_arrow", target="o"))
    return b


def test_continuing_acid_burns_in_the_next_rounds_status_step_not_the_hits():
    """'Decision: continuing damage starts in the status step of the round *after* the hit (the
    hit's own damage is the first round's): an acid arrow of a level-3 caster burns once more, at
    the end of the next round' (docs/rules.md#status)."""
    b = _acid_on(40)
    assert b.world["o"].hp == 36 and not [e for e in events_of(b.events, "status") if e["effect"] == "acid"]
    run_round(b)
    acid = [e for e in events_of(b.events, "status") if e["effect"] == "acid"]
    assert [(e["round"], e["amount"]) for e in acid] == [(2, 7)] and b.world["o"].hp == 29


def test_a_death_from_continuing_acid_is_credited_to_the_caster_and_its_side():
    """'A death from it is credited to the creature (and side) that caused it, for morale
    (no_enemy_slain) and the result screen' (docs/rules.md#status)."""
    b = _acid_on(5)
    run_round(b)
    assert [(d["id"], d["by"]) for d in events_of(b.events, "death")] == [("o", "w")]
    assert b.ctx.sides["blue"].kills == 1


def test_spell_damage_in_a_simultaneous_group_waits_like_a_weapons():
    """'Spell damage in a simultaneous initiative group is held back like weapon damage: every attack
    and spell of the group is resolved before any damage is applied' (docs/rules.md#magic): the
    wizard's missiles kill the orc of its own group, and the orc still strikes."""
    b = battle(
        [
            unit("o", "red", "orc", (1, 0), "W", kind_changes={"hp": 3, "dex": 10}),
            unit("w", "blue", "wizard5", (0, 0), "E", kind_changes={"hp": 30, "dex": 10}),
        ],
        script=[5, 5],
    )
    assert events_of(b.events, "initiative")[-1]["order"] == [["o", "w"]], "one simultaneous group"
    b.apply(cmd("cast", "w", spell="magic_missile", target="o"))  # a group acts in any order
    assert b.world["o"].hp == 3, "held back until the group has acted"
    b.ctx.rng.script[:] = [20, 4]
    b.apply(cmd("attack", "o", target="w"))
    assert [a["id"] for a in events_of(b.events, "attack")] == ["o"], "the orc strikes"
    assert [d["id"] for d in events_of(b.events, "death")] == ["o"] and b.world["w"].hp < 30


def test_a_magic_missile_is_a_hit_in_return_and_no_retreat_follows():
    """'Decision: "hit in return" is any hit or damage that foe dealt the attacker this round, by
    weapon, missile or spell (magic missile, burning hands and the acid arrow alike)'
    (docs/rules.md#forced-retreats): the wizard's missiles struck the fighter, so the fighter's
    blow wins no retreat."""
    b = battle(
        [
            unit("a", "blue", "fighter1", (4, 4), "E", kind_changes={"hp": 30}),
            unit("w", "red", "wizard3", (5, 4), "W", kind_changes={"hp": 30}),
        ],
        script=[1, 10, 1, 1, 20, 3, 1],
    )
    b.apply(cmd("cast", "w", spell="magic_missile", target="a"))
    b.apply(cmd("attack", "a", target="w"))
    assert b.world["w"].hp < 30 and b.world["a"].hp < 30
    assert b.round == 2 or b.pending().kind != "retreat"
    assert not events_of(b.events, "retreat")


def test_a_spell_on_the_other_side_costs_the_waiting_side_its_one():
    """'A spell that damages, holds, tangles or slows a creature of the other side is an attack for
    waiting's -1 (seed 002)' (docs/rules.md#initiative-modifiers): blue's priest holds a red orc, and
    red, waiting, takes -1."""
    b = battle(
        [
            unit("o", "red", "orc", (8, 4), "W", kind_changes={"dex": 10}),
            unit("p", "blue", "priest3", (0, 4), "E"),
            unit("r", "red", "orc", (8, 8), "W", kind_changes={"dex": 10}),
        ],
        script=[6, 9, 6, 1],
        options={"waiting": "red"},
    )
    evs = b.apply(cmd("cast", "p", spell="hold_person", target="o"))
    assert b.world["o"].has("held")
    adjusted = events_of(evs, "initiative")
    assert len(adjusted) == 1 and adjusted[0]["adjusted"] is True
    r = next(e for e in adjusted[0]["entries"] if e["id"] == "r")
    assert r["modifiers"] == [{"name": "waiting", "value": -1}]


def test_hold_persons_further_targets_must_be_in_range_and_in_sight():
    """'Hold person's further targets must also be in range and in sight' (docs/rules.md#magic): a
    foe beside the target but beyond the 24 squares is not taken in, nor one behind a wall."""
    b = battle(
        [
            unit("p", "blue", "priest3", (0, 0), "E"),
            unit("t", "red", "orc", (24, 0), "W"),
            unit("far", "red", "orc", (26, 0), "W"),
            unit("hid", "red", "orc", (23, 2), "W"),
            unit("near", "red", "orc", (23, 1), "W"),
        ],
        script=[1, 1, 1, 10, 1],
        width=30,
        blocks_sight={(22, 2): True, (21, 2): True, (20, 2): True, (19, 2): True},
    )
    b.apply(cmd("cast", "p", spell="hold_person", target="t"))
    assert events_of(b.events, "cast")[0]["targets"] == ["t", "near"]


def test_a_caster_knocked_down_on_its_half_move_loses_the_spell():
    """'A caster damaged (or knocked down) before its spell goes off loses it, standing or prone'
    (docs/rules.md#magic): the orc's attack of opportunity knocks the wizard down as it steps back;
    the slot is spent and the cast is lost."""
    b = battle(
        [
            unit("o", "red", "orc", (5, 4), "W", kind_changes={"hp": 30}),
            unit("w", "blue", "wizard3", (4, 4), "E", kind_changes={"hp": 30}),
        ],
        script=[1, 10, 20, 2, 8, 1],
    )
    b.apply(cmd("cast", "w", spell="magic_missile", target="o", path=[(3, 4)]))
    assert events_of(b.events, "knockdown")[0]["id"] == "w" and b.world["w"].prone
    cast = events_of(b.events, "cast")
    assert len(cast) == 1 and cast[0]["lost"] and cast[0]["targets"] == []
    assert "magic_missile" not in b.world["w"].spells and b.world["o"].hp == 30


def test_hampered_starts_and_ends_with_an_event():
    """'A condition's start and end are events (hampered included)' (docs/rules.md#magic): the orc
    that saves against entangle is hampered, and the log says when it starts and when it ends."""
    b = battle(
        [unit("o", "red", "orc", (6, 0), "W"), unit("p", "blue", "priest3", (0, 0), "E", hero=True)],
        script=[1, 10, 1, 20],
    )
    run_round(b, p=cmd("cast", "p", spell="entangle", at=(6, 0)))
    hampered = [e for e in events_of(b.events, "condition") if e["condition"] == "hampered"]
    assert [(e["id"], e["started"], e["rounds"], e["round"]) for e in hampered] == [
        ("o", True, 1, 1),
        ("o", False, 0, 1),
    ]


def test_the_acid_arrows_roll_takes_dexterity_never_strength():
    """'A spell's attack roll (the acid arrow) takes the caster's missile adjustment (Dexterity),
    never Strength' (docs/rules.md#magic): a strong (+2), nimble (Dex 17: +2, PHB Table 2) wizard."""
    b = battle(
        [
            unit("o", "red", "orc", (20, 0), "W", kind_changes={"hp": 40}, hero=True),
            unit("w", "blue", "wizard3", (0, 0), "E", kind_changes={"hit_bonus": 2, "dex": 17}),
        ],
        script=[1, 10, 15, 2, 2],
        width=30,
    )
    b.apply(cmd("cast", "w", spell="melfs_acid_arrow", target="o"))
    att = events_of(b.events, "attack")[0]
    assert {m["name"]: m["value"] for m in att["modifiers"]} == {"dexterity": 2}
    assert att["roll"]["total"] == 17


def test_the_missile_adjustment_follows_phb_table_2():
    """PHB 2e Table 2, Dexterity's missile attack adjustment."""
    assert [missile_adjustment(d) for d in (3, 4, 5, 6, 15, 16, 17, 18, 19)] == [-3, -2, -1, 0, 0, 1, 2, 2, 3]


def test_a_prone_caster_cannot_cast_at_all():
    """docs/rules.md#magic: 'A caster that is prone cannot cast at all: it may only stand up, rest
    or hold'. The battle refuses the cast, the query does not offer it, and the slot is kept."""
    b = battle(
        [unit("o", "red", "orc", (8, 4), "W"), unit("w", "blue", "wizard3", (4, 4), "E", prone=True)],
        script=[1, 10],
    )
    assert b.pending().unit == "w"
    with pytest.raises(Illegal, match="prone: it can stand up, rest or hold"):
        b.apply(cmd("cast", "w", spell="magic_missile", target="o"))
    assert query.allowed_actions(b, "w") == {Action.STAND_UP, Action.REST, Action.HOLD}
    assert "magic_missile" in b.world["w"].spells and not events_of(b.events, "cast")
