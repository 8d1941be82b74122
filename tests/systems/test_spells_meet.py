"""Where spells meet the other rules (issue 24; docs/rules.md#magic, the decisions on spells in
play), each on a small board. Initiative d10s come first in the script, in id order; the highest
total acts first."""

from __future__ import annotations

from tests.helpers import battle, cmd, events_of, unit


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
