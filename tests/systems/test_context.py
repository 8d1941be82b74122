"""The round's bookkeeping (game/core/systems/context.py): a copy of the battle (AI look-ahead, undo)
must not share a set, dict or list with the battle it was copied from."""

from __future__ import annotations

from dataclasses import fields

from game.core.systems.context import RoundState


def test_a_round_state_copy_owns_every_container_and_keeps_every_value():
    rs = RoundState(
        melee_damage={("a", "b")},
        hits={("a", "b")},
        aoo_used={"a"},
        acted={"a"},
        lost_action={"b"},
        exerted={"a": 2},
        exerted_phase={"a": 1},
        rested={"c"},
        knocked_down={"b"},
        retreated={"b": "a"},
        slain=[("d", "a")],
        left=["e"],
        phase=3,
        other_side_attacked=True,
        waiting_over=True,
        waiting_adjusted=True,
        offers={"b": "blue"},
        damaged={"b"},
    )
    copy = rs.copy()
    assert copy == rs
    containers = [f.name for f in fields(rs) if isinstance(getattr(rs, f.name), set | dict | list)]
    assert len(containers) >= 14  # a field added as a set, dict or list is counted here too
    shared = [name for name in containers if getattr(copy, name) is getattr(rs, name)]
    assert shared == []
