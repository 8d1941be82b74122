"""One attack's outcome (game/core/rules/outcome.py): what a hit deals, whom it can hurt, its knockdown
and whether it earns a forced retreat, as docs/rules.md gives them."""

from __future__ import annotations

from dataclasses import replace

from game.core.rules.dice import Dice, Modifier
from game.core.rules.outcome import Hit, earns_retreat, hit, inflicts_melee_damage, outcome, retreat_claims
from game.scenario import catalogue
from tests.helpers import kind

FIGHTER = kind("fighter3_magic")  # long sword +1, damage_bonus 1 (Str 17)
SWORD_PLUS_1 = FIGHTER.melee
assert SWORD_PLUS_1 is not None and SWORD_PLUS_1.magic == 1
BOW = catalogue.weapons()["short_bow"]


def test_a_magic_weapon_adds_its_plus_to_every_hit():
    """'A magic weapon adds its plus to the attack roll ... and to its damage': 1d8 + 1 Str + 1."""
    blow = hit(FIGHTER, SWORD_PLUS_1, "melee")
    assert (blow.strength, blow.magic) == (1, 1)
    assert blow.range == (3, 10)
    assert blow.mean == 4.5 + 2


def test_the_damage_bonus_counts_in_melee_only():
    """'A hit deals the weapon's damage, plus the catalogue's damage_bonus in melee'."""
    fighter = kind("fighter1")
    assert fighter.damage_bonus == 1
    assert hit(fighter, BOW, "missile").strength == 0


def test_a_weapon_that_cannot_hurt_does_nothing_when_it_hits():
    """'A hit by any other weapon does no damage ... no knockdown ... it wins no forced retreat.'"""
    plain = kind("fighter3")
    assert plain.melee is not None
    o = outcome(plain, plain.melee, kind("gargoyle"), "melee", [], 10)
    assert not o.hit.hurts and o.expected_damage == 0.0 and o.hit.distribution() == {0: 1.0}
    assert o.knockdown is None and o.knockdown_chance == 0.0 and not o.claims_retreat
    assert outcome(FIGHTER, SWORD_PLUS_1, kind("gargoyle"), "melee", [], 10).hit.hurts


def test_a_set_weapon_doubles_its_dice_not_its_bonuses():
    """'a hit does double damage (dice doubled, bonuses not)': 1d6+1 becomes 2d6+1."""
    blow = hit(kind("fighter1"), replace(SWORD_PLUS_1, damage=Dice(1, 6, 1), magic=0), "melee", "set_vs_charge")
    assert blow.dice == Dice(2, 6, 1)
    assert blow.range == (2 + 1 + 1, 12 + 1 + 1)


def test_a_hit_deals_at_least_one():
    """'at least 1': a 1d4-3 hit deals 1 whatever it rolls, and its mean is of what it deals."""
    weak = Hit(Dice(1, 4, -3), 0, 0)
    assert weak.distribution() == {1: 1.0} and weak.mean == 1.0 and weak.range == (1, 1)
    assert Hit(Dice(1, 4, -2), 0, 0).mean == 0.5 * 1 + 0.25 * 1 + 0.25 * 2


def test_the_distribution_and_the_mean_agree():
    for blow in (hit(FIGHTER, SWORD_PLUS_1, "melee"), Hit(Dice(3, 10, 0), 0, 0), Hit(Dice(2, 4, 0), 1, 2)):
        dist = blow.distribution()
        assert abs(sum(dist.values()) - 1.0) < 1e-12
        assert abs(sum(a * p for a, p in dist.items()) - blow.mean) < 1e-12
        assert (min(dist), max(dist)) == blow.range


def test_the_hit_chance_is_the_attack_roll_s():
    """'A natural 20 always hits, a natural 1 always misses; otherwise total >= THAC0 - AC.'"""
    target = kind("orc")
    assert outcome(FIGHTER, SWORD_PLUS_1, target, "melee", [Modifier("magic", 1)], 11).chance == 0.55
    assert outcome(FIGHTER, SWORD_PLUS_1, target, "melee", [], 40).chance == 0.05
    assert outcome(FIGHTER, SWORD_PLUS_1, target, "melee", [], -40).chance == 0.95


def test_knockdown_dice_roll_in_melee_only_and_under_the_option():
    """C&T knockdown dice: a melee hit rolls the weapon's die; the option turns them off."""
    fighter = kind("fighter1")
    assert fighter.melee is not None and fighter.melee.knockdown
    orc = kind("orc")
    on = outcome(fighter, fighter.melee, orc, "melee", [], 10)
    assert on.knockdown is not None and 0.0 < on.knockdown_chance < 1.0
    assert outcome(fighter, fighter.melee, orc, "melee", [], 10, knockdown_dice=False).knockdown is None
    assert outcome(fighter, BOW, orc, "missile", [], 10).knockdown is None


def test_only_melee_damage_earns_a_retreat_and_only_if_not_hit_back():
    """'When one character inflicts melee damage ... on an enemy without being hit in return, she
    may force her foe to retreat.'"""
    assert inflicts_melee_damage("melee", 3) and not inflicts_melee_damage("melee", 0)
    assert not inflicts_melee_damage("missile", 3)
    assert earns_retreat(True, False) and not earns_retreat(True, True) and not earns_retreat(False, False)
    claims = retreat_claims([("a", "b"), ("c", "d"), ("e", "f")], [("b", "a"), ("c", "d"), ("f", "x")])
    assert claims == [("c", "d"), ("e", "f")]
