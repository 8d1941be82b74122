"""Forced retreats at the end of the round (seed 000, 'Retreats'), one test per branch."""

import pytest

from game.core.battle import RETREAT
from game.core.commands import Illegal
from game.core.systems.space import attack_squares
from tests.helpers import as_json, battle, cmd, events_of, run_round, unit

# Initiative: a 10, b 1. a's attack: d20 20 (hit), d8 damage 3 (+1 Str), knockdown d8 1.
HIT_NO_KNOCKDOWN = [10, 1, 20, 3, 1]


def fight(script=HIT_NO_KNOCKDOWN, b_kind="orc", a_kind="fighter1", extra=(), **kw):
    units = [unit("a", "blue", a_kind, (4, 4), "E"), unit("b", "red", b_kind, (5, 4), "W"), *extra]
    b = battle(units, script=list(script), **kw)
    b.apply(cmd("attack", "a", target="b"))
    while not b.over and b.pending().kind != RETREAT and b.round == 1:
        b.apply(cmd("hold", b.pending().unit))
    return b


def test_rear_retreat_chosen_by_the_attacker_who_follows():
    """'he must move backward into one of his rear spaces chosen by the attacker' and
    'The creature who forces a retreat may follow her retreating enemy'."""
    b = fight()
    p = b.pending()
    assert p.kind == RETREAT and p.unit == "a" and p.target == "b"
    assert {s["to"] for s in p.spaces} == {(6, 3), (6, 4), (6, 5)}
    assert {s["space"] for s in p.spaces} == {"rear"}
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=(6, 4), follow=True)))
    r = events_of(evs, "retreat")[0]
    assert r["from"] == [5, 4] and r["to"] == [6, 4] and r["space"] == "rear"
    assert r["followed"] is True and r["follow_to"] == [5, 4]
    assert b.world["b"].pos == (6, 4) and b.world["a"].pos == (5, 4)
    assert b.world["b"].facing == 6  # 'The foe keeps its facing' (docs/rules.md#forced-retreats): still W


def test_attacker_may_hold_instead_of_following():
    """'The attacker can instead choose to back her enemy off and then hold her own position.'"""
    b = fight()
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=(6, 3), follow=False)))
    r = events_of(evs, "retreat")[0]
    assert r["followed"] is False and r["follow_to"] is None
    assert b.world["a"].pos == (4, 4) and b.world["b"].pos == (6, 3)


def test_attacker_may_decline():
    """'The attacker doesn't have to force her enemy back'."""
    b = fight()
    evs = as_json(b.apply(cmd("decline_retreat", "a", target="b")))
    assert events_of(evs, "retreat_refused")[0]["reason"] == "declined"
    assert b.world["b"].pos == (5, 4)


def test_flank_when_the_rear_is_blocked():
    """'If there is no place to retreat directly behind him, the attacker must choose one of
    the retreating character's flank spaces.'"""
    b = fight(move_cost={(6, 3): 0, (6, 4): 0, (6, 5): 0})
    p = b.pending()
    assert {s["to"] for s in p.spaces} == {(5, 3), (5, 5)}
    assert {s["space"] for s in p.spaces} == {"flank"}
    with pytest.raises(Illegal):
        b.apply(cmd("force_retreat", "a", target="b", to=(6, 4), follow=False))
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=(5, 5), follow=False)))
    assert events_of(evs, "retreat")[0]["space"] == "flank"


def test_surrounded_saves_or_is_knocked_down():
    """'If the character is unable to retreat into any rear or flank space, he must roll a
    successful saving throw vs. paralyzation or be knocked down in the space he is in.'"""
    walls = {(6, 3): 0, (6, 4): 0, (6, 5): 0, (5, 3): 0, (5, 5): 0}
    b = fight(script=HIT_NO_KNOCKDOWN + [3], move_cost=walls)
    assert b.pending().spaces == []
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=None)))
    save = events_of(evs, "save")[0]
    assert save["id"] == "b" and save["roll"]["rolls"] == [3] and save["success"] is False
    kd = events_of(evs, "knockdown")[0]
    assert kd["id"] == "b" and kd["cause"] == "no_retreat_space"
    assert b.world["b"].prone and b.world["b"].pos == (5, 4)


def test_surrounded_foe_that_saves_stands():
    walls = {(6, 3): 0, (6, 4): 0, (6, 5): 0, (5, 3): 0, (5, 5): 0}
    b = fight(script=HIT_NO_KNOCKDOWN + [19], move_cost=walls)
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=None)))
    assert events_of(evs, "retreat_refused")[0]["reason"] == "stood_fast"
    assert not b.world["b"].prone


def test_refused_two_sizes_larger():
    """'if he is two sizes larger than the attacker' (an ogre, L, against a halfling, S)."""
    b = fight(a_kind="halfling", b_kind="ogre")
    refused = events_of(b.events, "retreat_refused")
    assert refused and refused[0]["reason"] == "size" and refused[0]["id"] == "b"
    assert b.pending().kind != RETREAT


def test_refused_four_levels_higher():
    """'if he is 4 or more levels/Hit Dice higher than the attacker' (a giant against a fighter)."""
    units_extra = ()
    b = fight(b_kind="stone_giant", extra=units_extra, width=12)
    refused = events_of(b.events, "retreat_refused")
    assert refused and refused[0]["reason"] == "level"


def test_refused_when_knocked_down_this_round():
    """'A retreat cannot occur if the enemy was knocked down during the round.'"""
    # d8 knockdown 8 >= 7 for a man-sized orc; its save d20 2 fails.
    b = fight(script=[10, 1, 20, 3, 8, 2])
    assert events_of(b.events, "knockdown")[0]["cause"] == "weapon"
    refused = events_of(b.events, "retreat_refused")
    assert refused and refused[0]["reason"] == "knocked_down"


def test_refused_when_still_prone_from_an_earlier_round():
    """Decision (docs/decisions.md#retreats): 'A retreat cannot occur if the enemy was knocked down
    during the round' is read as covering a foe still lying prone from an earlier round: it is on
    the ground all the same (reason knocked_down)."""
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, script=list(HIT_NO_KNOCKDOWN))
    b.world.update("b", prone=True)
    b.apply(cmd("attack", "a", target="b"))
    run_round(b)
    assert not events_of(b.events, "knockdown")
    refused = events_of(b.events, "retreat_refused")
    assert refused and refused[0]["reason"] == "knocked_down" and not events_of(b.events, "retreat")


def test_no_retreat_when_hit_in_return():
    """Only 'without being hit in return': both hit, nobody may force the other back."""
    # a hits b (20, dmg 1, kd 1); b hits a (20, dmg battle axe d8 2, kd 1).
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, script=[10, 1, 20, 1, 1, 20, 2, 1])
    b.apply(cmd("attack", "a", target="b"))
    b.apply(cmd("attack", "b", target="a"))
    assert not events_of(b.events, "retreat") and not events_of(b.events, "retreat_refused")
    assert b.round == 2


def test_a_hit_that_cannot_hurt_forces_no_retreat():
    """Only one who 'inflicts melee damage' may force a retreat: a plain sword's hit on a gargoyle
    (`cannot_hurt`, damage 0) offers no retreat (docs/rules.md#weapons-a-creature-cannot-hurt)."""
    b = fight(script=[10, 1, 20], a_kind="fighter3", b_kind="gargoyle")
    hit = events_of(b.events, "attack")[0]
    assert hit["hit"] and hit["damage"] == 0 and hit["reason"] == "cannot_hurt"
    assert b.pending().kind != RETREAT and b.round == 2
    assert not events_of(b.events, "retreat") and not events_of(b.events, "retreat_refused")


def test_a_magic_weapon_that_hurts_the_gargoyle_may_force_it_back():
    """The same blow with a +1 sword does damage, and its wielder may force the gargoyle back."""
    b = fight(script=[10, 1, 20, 3, 1], a_kind="fighter3_magic", b_kind="gargoyle")
    assert events_of(b.events, "attack")[0]["damage"] > 0
    p = b.pending()
    assert p.kind == RETREAT and p.unit == "a" and p.target == "b"


def test_stand_fast_with_back_to_a_cliff():
    """'This allows a character with his back to a cliff (for example) to avoid giving ground.'
    Decision: the foe saves vs paralyzation; here it succeeds."""
    cliffs = {(6, 3): "cliff", (6, 4): "cliff", (6, 5): "cliff"}
    b = fight(script=HIT_NO_KNOCKDOWN + [18], hazard=cliffs)
    assert {s["hazard"] for s in b.pending().spaces} == {"cliff"}
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=(6, 4), follow=False)))
    refused = events_of(evs, "retreat_refused")[0]
    assert refused["reason"] == "stood_fast" and b.world["b"].pos == (5, 4)


def test_pushed_off_a_cliff_when_the_save_fails():
    """Retreats 'maneuvering an enemy into a battlefield hazard': over the edge, 2d6 for 20 ft."""
    cliffs = {(6, 3): "cliff", (6, 4): "cliff", (6, 5): "cliff"}
    b = fight(script=HIT_NO_KNOCKDOWN + [2, 1, 1], hazard=cliffs, drop_ft={(6, 4): 20})
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=(6, 4), follow=False)))
    assert events_of(evs, "retreat")[0]["to"] == [6, 4]
    fall = events_of(evs, "hazard")[0]
    assert fall["hazard"] == "cliff" and fall["roll"]["dice"] == "2d6"
    assert [e["type"] for e in evs if e["type"] in ("death", "knockdown")]


def test_retreat_provokes_no_attack_of_opportunity():
    """'Retreats don't create attacks of opportunity for the creature forcing the retreat'."""
    # c, a blue spearman, threatens b's square from the north-east but has already acted.
    extra = (unit("c", "blue", "fighter1", (6, 3), "SW"),)
    b = fight(script=[10, 1, 1, 20, 3, 1], extra=extra)
    assert b.pending().kind == RETREAT
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=(6, 5), follow=False)))
    assert not events_of(evs, "attack")


def test_the_battle_says_which_retreat_may_be_forced_and_where():
    """docs/formats.md#commands: at the end of the round the battle waits on the attacker who may
    force a retreat, naming the foe and the squares it may be forced into."""
    b = fight()
    p = b.pending()
    assert (p.kind, p.unit, p.target) == (RETREAT, "a", "b")
    assert {s["to"] for s in p.spaces} == {(6, 3), (6, 4), (6, 5)}


def test_follower_turns_to_keep_a_flank_retreating_foe_threatened():
    """'The creature who forces a retreat may follow her retreating enemy, keeping her foe in a
    threatened square': the orc, walled in behind, gives ground into its flank (5, 5); the
    fighter follows into (5, 4) and turns from E to S, or the orc would stand outside its front."""
    b = fight(move_cost={(6, 3): 0, (6, 4): 0, (6, 5): 0})
    offered = next(s for s in b.pending().spaces if s["to"] == (5, 5))
    assert offered["follow_to"] == (5, 4) and offered["follow_facing"] == 4  # S
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=(5, 5), follow=True)))
    assert events_of(evs, "retreat")[0]["follow_to"] == [5, 4]
    assert events_of(evs, "turn") == [{"type": "turn", "round": 1, "id": "a", "facing": "S"}]
    a = b.world["a"]
    assert a.pos == (5, 4) and a.facing == 4
    assert (5, 5) in attack_squares(b.ctx, a)


def test_a_foe_that_gave_ground_once_is_not_driven_back_again_and_the_second_attacker_is_told():
    """'A creature is forced back at most once per round' (docs/rules.md#forced-retreats): the
    second attacker's pair is not skipped in silence but refused as already_retreated, naming
    the one the foe gave ground to."""
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W", hp=20)]
    units.append(unit("c", "blue", "fighter1", (5, 3), "S"))
    # Initiative a 10, b 1, c 9; a and c each hit (d20 20), 3 damage, no knockdown (d8 1).
    b = battle(units, script=[10, 1, 9, 20, 3, 1, 20, 3, 1])
    b.apply(cmd("attack", "a", target="b"))
    b.apply(cmd("attack", "c", target="b"))
    b.apply(cmd("hold", "b"))
    p = b.pending()
    assert p.kind == RETREAT and (p.unit, p.target) == ("a", "b")
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=(6, 4), follow=False)))
    refused = events_of(evs, "retreat_refused")
    assert refused == [
        {"type": "retreat_refused", "round": 1, "id": "b", "by": "c", "reason": "already_retreated", "detail": "a"}
    ]
    assert b.world["b"].pos == (6, 4)


@pytest.mark.parametrize("condition", ["held", "tangled"])
def test_a_held_or_tangled_foe_cannot_give_ground(condition):
    """'Decision: a held or tangled foe cannot give ground: it is treated as having no free space
    (save vs paralyzation or knocked down)' (docs/rules.md#forced-retreats), on an open field."""
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, script=[*HIT_NO_KNOCKDOWN, 3])
    b.world.update("b", conditions=((condition, 3),))
    b.apply(cmd("attack", "a", target="b"))
    while b.pending().kind != RETREAT:
        b.apply(cmd("hold", b.pending().unit))
    assert b.pending().spaces == []
    evs = as_json(b.apply(cmd("force_retreat", "a", target="b", to=None)))
    assert events_of(evs, "knockdown")[0]["cause"] == "no_retreat_space"
    assert b.world["b"].prone and b.world["b"].pos == (5, 4)
