"""Pits, fires and cliffs, and what a creature driven into one costs (docs/rules.md#hazards)."""

import pytest

from game.core.battle import RETREAT
from tests.helpers import battle, cmd, events_of, run_round, unit

# Initiative: a 10, b 1 (c, far off, 1). a's attack: d20 20 (hit), d8 damage 3 (+1 Str), knockdown d8 1.
HIT_NO_KNOCKDOWN = [10, 1, 1, 20, 3, 1]
EAST = {(6, 3), (6, 4), (6, 5)}  # b's rear squares, a at (4, 4) facing it


def push_into(hazard: str, b_hp: int, then: list[int]):
    """a hits b and, at round 1's retreat step, forces it back into `hazard` (b's stand-fast save
    fails on a 2, then the `then` dice); c keeps the red side on the field."""
    units = [
        unit("a", "blue", "fighter1", (4, 4), "E"),
        unit("b", "red", "orc", (5, 4), "W", hp=b_hp),
        unit("c", "red", "orc", (0, 9), "N", hero=True),
    ]
    b = battle(units, script=HIT_NO_KNOCKDOWN + [2, *then], hazard=dict.fromkeys(EAST, hazard))
    b.apply(cmd("attack", "a", target="b"))
    while b.pending().kind != RETREAT:
        b.apply(cmd("hold", b.pending().unit))
    b.apply(cmd("force_retreat", "a", target="b", to=(6, 4), follow=False))
    return b


def test_continuing_damage_from_a_fire_pushed_into_at_the_retreat_step_starts_the_round_after():
    """RULES (Status, Decision): 'continuing damage starts in the status step of the round *after*
    the hit'; Hazards: 'pushed in at round 1's retreat step: burns at the end of rounds 2 and 3'
    (docs/rules.md#status). The case of maps/lesson_hazards.tmx: an orc forced into fire in round 1."""
    b = push_into("fire", 30, [1])
    assert events_of(b.events, "hazard")[0]["hazard"] == "fire"
    for _ in range(4):
        run_round(b)
    burns = [e for e in events_of(b.events, "status") if e["effect"] == "burning"]
    assert [(e["round"], e["rounds_left"]) for e in burns] == [(2, 1), (3, 0)]


@pytest.mark.parametrize(
    ("hazard", "b_hp", "then"),
    [("pit", 5, [1, 1]), ("cliff", 5, [1, 1]), ("fire", 5, [1]), ("burning", 6, [1])],
)
def test_a_death_from_a_hazard_a_creature_was_driven_into_is_the_drivers_kill(hazard, b_hp, then):
    """RULES (Hazards, Decision): 'a death from any hazard a creature was driven into (the pit's or
    the cliff's fall, the fire's flames or its burning) is credited to the creature that drove it
    in: its side's kill for morale (`no_enemy_slain`) and the result screen'. The orc, left with 1
    hp by the blow (2 for the burning), dies of the fall, the flames or the burning afterwards."""
    b = push_into("fire" if hazard == "burning" else hazard, b_hp, then)
    while b.world["b"].alive and b.round < 4:
        run_round(b)
    death = events_of(b.events, "death")
    assert [(d["id"], d["by"]) for d in death] == [("b", "a")]
    killed_by = events_of(b.events, "damage")[-1]["source"]
    assert killed_by == hazard
    assert b.ctx.sides["blue"].kills == 1


def test_a_creature_that_walks_into_a_hazard_is_nobodys_kill():
    """RULES (Hazards): 'A creature that walked in by its own command killed itself': no side is
    credited with its death."""
    b = battle(
        [unit("a", "blue", "fighter1", (0, 0), "E", hp=1), unit("b", "red", "orc", (9, 9), hero=True)],
        script=[10, 1, 1],
        hazard={(1, 0): "pit"},
    )
    b.apply(cmd("move", "a", path=[(1, 0)], into_hazard=True))
    assert [d["by"] for d in events_of(b.events, "death")] == ["pit"]
    assert b.ctx.sides["red"].kills == 0
