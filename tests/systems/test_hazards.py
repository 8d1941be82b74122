"""Pits, fires and cliffs, and what a creature driven into one costs (docs/rules.md#hazards)."""

from game.battle import RETREAT
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
