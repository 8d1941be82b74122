"""The end of the round explained (game/core/round_review.py): every melee pair of the round, and who may
drive whom back and why (docs/rules.md#forced-retreats)."""

from __future__ import annotations

from game.core.battle import RETREAT
from game.core.round_review import Fight, review
from tests.helpers import battle, cmd, unit

HIT = [20, 3, 1]  # d20 20, damage d8 3 (or less), knockdown die 1: a hit that knocks no one down


def four_fights():
    """a and c both hit the orc b; the halfling h hits the ogre o; x and y hit each other."""
    units = [
        unit("a", "blue", "fighter1", (4, 4), "E"),
        unit("b", "red", "orc", (5, 4), "W", hp=20),
        unit("c", "blue", "fighter1", (5, 3), "S"),
        unit("h", "blue", "halfling", (1, 8), "E"),
        unit("o", "red", "ogre", (2, 8), "W"),
        unit("x", "blue", "fighter1", (7, 8), "E"),
        unit("y", "red", "orc", (8, 8), "W", hp=20),
    ]
    # Initiative in id order: a 10, b 1, c 9, h 8, o 2, x 7, y 6: a, c, h, x, y, o, b act.
    b = battle(units, script=[10, 1, 9, 8, 2, 7, 6, *HIT, *HIT, 20, 3, 1, *HIT, *HIT])
    for uid, target in (("a", "b"), ("c", "b"), ("h", "o"), ("x", "y"), ("y", "x")):
        b.apply(cmd("attack", uid, target=target))
    b.apply(cmd("hold", "o"))
    b.apply(cmd("hold", "b"))
    return b


def test_at_the_retreat_step_every_pair_is_listed_with_its_reason():
    """'When one character inflicts melee damage ... on an enemy without being hit in return, she
    may force her foe to retreat'; a foe two sizes larger may refuse; a pair that hit each other
    earns nothing."""
    b = four_fights()
    p = b.pending()
    assert p.kind == RETREAT and (p.unit, p.target) == ("a", "b")
    assert review(b) == [
        Fight("a", "b", "now"),
        Fight("c", "b", "waits"),
        Fight("h", "o", "refused", "size"),
        Fight("x", "y", "hit_back"),
    ]
    words = {(f.attacker, f.foe): f.words({"h": "Halfling", "o": "Ogre"}) for f in review(b)}
    assert words[("h", "o")] == (
        "Halfling hit Ogre without being hit back, but Ogre need not give ground: it is two sizes larger"
    )
    assert words[("x", "y")] == "x and y hit each other: neither gives ground"


def test_once_the_foe_gave_ground_the_second_attacker_is_told_why_it_may_not():
    """'A creature is forced back at most once per round' (docs/rules.md#forced-retreats)."""
    b = four_fights()
    b.apply(cmd("force_retreat", "a", target="b", to=(6, 4), follow=False))
    assert b.round == 2, "the other pairs settle at once and the round ends"
    found = {(f.attacker, f.foe): f for f in review(b, 1)}
    assert found[("a", "b")] == Fight("a", "b", "drove")
    assert found[("c", "b")] == Fight("c", "b", "refused", "already_retreated", "a")
    assert found[("c", "b")].words().endswith("but b need not give ground: it already gave ground to a")
    assert found[("h", "o")] == Fight("h", "o", "refused", "size")


def test_a_declined_retreat_and_a_miss_are_said_as_such():
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W", hp=20)]
    b = battle(units, script=[10, 1, *HIT, 1])  # a hits; b swings back and rolls a natural 1
    b.apply(cmd("attack", "a", target="b"))
    b.apply(cmd("attack", "b", target="a"))
    assert review(b) == [Fight("a", "b", "now"), Fight("b", "a", "unhurt")]
    b.apply(cmd("decline_retreat", "a", target="b"))
    assert b.round == 2
    assert review(b) == [], "a new round: nobody has fought in it yet"
    assert review(b, 1) == [Fight("a", "b", "declined"), Fight("b", "a", "unhurt")]


def test_a_pair_that_earned_nothing_is_not_listed_once_one_of_it_was_killed():
    """Issue 22: the retreat review said "Priest and Ogre hit each other" after the priest died.
    A dead creature neither gives ground nor drives a foe back (docs/rules.md#forced-retreats):
    a pair that hit each other is gone with it, and a claim its death cut short has lapsed."""
    units = [
        unit("a", "blue", "fighter1", (4, 4), "E"),
        unit("b", "red", "orc", (5, 4), "W", hp=20),
        unit("x", "blue", "fighter1", (7, 8), "E"),
        unit("y", "red", "orc", (8, 8), "W", hp=5),
        unit("z", "blue", "fighter1", (9, 8), "W"),
    ]
    # Initiative in id order: a 10, b 1, x 9, y 8, z 7: a, x, y, z, b act.
    b = battle(units, script=[10, 1, 9, 8, 7, *HIT, *HIT, *HIT, *HIT])
    for uid, target in (("a", "b"), ("x", "y"), ("y", "x"), ("z", "y")):
        b.apply(cmd("attack", uid, target=target))
    assert b.world["y"].life == "dead"
    b.apply(cmd("hold", "b"))
    assert b.pending().kind == RETREAT
    assert review(b) == [Fight("a", "b", "now"), Fight("z", "y", "lapsed")]
    b.apply(cmd("force_retreat", "a", target="b", to=(6, 4), follow=False))
    assert review(b, 1) == [Fight("a", "b", "drove"), Fight("z", "y", "lapsed")]
