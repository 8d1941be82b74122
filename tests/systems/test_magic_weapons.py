"""Magic weapons, creatures only they can hurt, and poison (docs/rules.md#weapons-a-creature-cannot-hurt,
docs/rules.md#poison)."""

from __future__ import annotations

from dataclasses import replace

from game.core.rules.creature import Flag
from tests.helpers import battle, cmd, events_of, kind, run_round, unit


def _strike(attacker: str, target: str, script: list[int]):
    b = battle([unit("a", "blue", attacker, (4, 4), "E"), unit("t", "red", target, (5, 4), "W")], script=script)
    b.apply(cmd("attack", "a", target="t"))
    return b, events_of(b.events, "attack")[0]


def test_a_magic_weapon_adds_its_plus_to_hit_and_damage():
    """'the bonus also adds to hit and damage as the PHB does': long sword +1, Str 17 (+1/+1)."""
    _, hit = _strike("fighter3_magic", "orc", [10, 1, 12, 5])
    assert {"name": "magic", "value": 1} in hit["modifiers"] and hit["roll"]["total"] == 12 + 1 + 1
    assert hit["damage_roll"]["mod"] == 1 + 1 and hit["damage"] == 5 + 2


def test_a_hit_by_a_weapon_that_cannot_hurt_does_no_damage():
    """'hit only by magic weapons (a weapon `magic` bonus >= the needed plus)': a plain sword hits the
    gargoyle and does nothing; the attack says why."""
    b, hit = _strike("fighter1", "gargoyle", [10, 1, 20])
    assert hit["hit"] and hit["damage"] == 0 and hit["reason"] == "cannot_hurt"
    assert "damage_roll" not in hit and not events_of(b.events, "damage")
    assert b.world["t"].hp == b.world["t"].hp_max


def test_a_plus_one_weapon_hurts_the_gargoyle():
    b, hit = _strike("fighter3_magic", "gargoyle", [10, 1, 20, 4])
    assert hit["damage"] == 4 + 2 and "reason" not in hit
    assert b.world["t"].hp == b.world["t"].hp_max - 6


def test_a_plus_one_weapon_cannot_hurt_a_creature_needing_plus_two():
    b = battle(
        [
            unit("a", "blue", "fighter3_magic", (4, 4), "E"),
            unit("t", "red", "gargoyle", (5, 4), "W", kind_changes={"hit_only_by": 2}),
        ],
        script=[10, 1, 20],
    )
    b.apply(cmd("attack", "a", target="t"))
    assert events_of(b.events, "attack")[0]["reason"] == "cannot_hurt"


def test_the_old_flags_still_mean_plus_one():
    """Maps written before the keys: `magic_weapon` counts as +1, `hit_only_by_magic` as hit_only_by 1."""
    plain, old = kind("fighter1"), kind("fighter1", flags=(Flag.MAGIC_WEAPON,))
    gargoyle = replace(kind("gargoyle"), hit_only_by=0, flags=(Flag.HIT_ONLY_BY_MAGIC,))
    assert gargoyle.needs_plus == 1
    assert old.can_hurt(old.weapons[0], gargoyle) and not plain.can_hurt(plain.weapons[0], gargoyle)


def test_a_creature_facing_a_foe_it_cannot_hurt_checks_at_minus_8():
    """'A creature whose every attack cannot hurt a foe it faces has the trigger ... (-8 modifier)'."""
    b = battle(
        [
            unit("m", "blue", "fighter1", (4, 4), "E"),
            unit("k", "blue", "fighter3_magic", (4, 6), "E"),
            unit("g", "red", "gargoyle", (5, 4), "W"),
            unit("h", "red", "gargoyle", (5, 6), "W"),
        ]
    )
    run_round(b)
    checks = {c["id"]: c for c in events_of(b.events, "morale_check")}
    assert set(checks) == {"m"}, "the +1 sword hurts its gargoyle; the plain sword does not"
    assert "cannot_hurt" in checks["m"]["triggers"]
    assert {"name": "cannot_affect_foe", "value": -8} in checks["m"]["modifiers"]


def test_a_missile_weapon_that_can_hurt_spares_the_check():
    """'every attack': one weapon that can hurt the foe is enough."""
    magic_bow = replace(kind("archer").missile, magic=1)
    archer = kind("archer")
    b = battle(
        [
            unit("m", "blue", "archer", (4, 4), "E", kind_changes={"weapons": (archer.melee, magic_bow)}),
            unit("g", "red", "gargoyle", (5, 4), "W"),
        ]
    )
    run_round(b)
    assert all("cannot_hurt" not in c["triggers"] for c in events_of(b.events, "morale_check"))
    assert b.world["g"].kind.needs_plus == 1 and b.world["m"].kind.missile.magic == 1


def test_a_poisonous_hit_forces_a_save_and_a_failure_burns_for_three_status_steps():
    """'a hit by a poisonous attack forces a save vs poison; on a failure the victim takes the poison's
    damage in the status step of each of the next rounds ... the save halves nothing'; 'continuing
    damage starts in the status step of the round *after* the hit' (docs/rules.md#status)."""
    b = battle(
        [unit("a", "blue", "fighter3", (4, 4), "E"), unit("s", "red", "giant_spider", (5, 4), "W")],
        script=[1, 10, 15, 2, 2, 3, 1, 10, 4],
    )
    b.apply(cmd("attack", "s", target="a"))
    save = events_of(b.events, "save")[0]
    assert save["vs"] == "poison" and save["purpose"] == "poison" and not save["success"]
    assert save["needed"] == 13, "a 3rd-level warrior's save vs paralyzation, poison or death"
    for _ in range(4):
        run_round(b)
    poison = [e for e in events_of(b.events, "status") if e["effect"] == "poison"]
    assert [(e["round"], e["rounds_left"]) for e in poison] == [(2, 2), (3, 1), (4, 0)]
    assert poison[0]["amount"] == 4 and all(e["roll"]["dice"] == "1d6" for e in poison)
    assert b.world["a"].continuing == ()


def test_a_saved_poison_does_nothing_more():
    b = battle(
        [unit("a", "blue", "fighter3", (4, 4), "E"), unit("s", "red", "giant_spider", (5, 4), "W")],
        script=[1, 10, 15, 2, 2, 19],
    )
    b.apply(cmd("attack", "s", target="a"))
    run_round(b)
    assert events_of(b.events, "save")[0]["success"]
    assert not [e for e in events_of(b.events, "status") if e["effect"] == "poison"]
    assert b.world["a"].hp == b.world["a"].hp_max - 4


def test_a_missed_bite_carries_no_poison():
    b = battle(
        [unit("a", "blue", "fighter3", (4, 4), "E"), unit("s", "red", "giant_spider", (5, 4), "W")],
        script=[1, 10, 2],
    )
    b.apply(cmd("attack", "s", target="a"))
    assert not events_of(b.events, "save")
