"""Asleep (sleep, PHB 2e; docs/rules.md#magic): 'cannot move or act'; 'attackers +4 to hit';
'slapping or wounding awakens' the sleeper, or its rounds run out. Nothing casts sleep yet: each
test puts a creature to sleep by hand."""

from __future__ import annotations

import pytest

from game import ai
from game.core import query
from game.core.commands import Action, Illegal
from game.core.systems.attack import damage_unit
from game.core.systems.movement import effective_mv
from tests.helpers import battle, cmd, events_of, unit


def _sleeping_orc(script=None):
    b = battle([unit("a", "blue", "fighter3", (4, 4), "E"), unit("o", "red", "orc", (5, 4), "W")], script=script)
    b.world.update("o", conditions=(("asleep", 3),))
    return b


def test_a_sleeper_cannot_move_or_act_it_only_holds():
    b = _sleeping_orc(script=[1, 10])
    assert b.pending().unit == "o"
    assert query.allowed_actions(b, "o") == frozenset({Action.HOLD}) and effective_mv(b.world["o"]) == 0
    with pytest.raises(Illegal, match="o is asleep: it cannot move or act"):
        b.apply(cmd("attack", "o", target="a"))
    assert ai.decide(b, "o").action == Action.HOLD


def test_attackers_have_plus_4_against_a_sleeper():
    b = _sleeping_orc(script=[10, 1, 2, 1])
    b.apply(cmd("attack", "a", target="o"))
    attack = events_of(b.events, "attack")[0]
    assert {"name": "asleep", "value": 4} in attack["modifiers"]


def test_a_wound_wakes_the_sleeper():
    b = _sleeping_orc()
    damage_unit(b.ctx, "o", 1, "a")
    assert b.world["o"].conditions == ()
    woke = events_of(b.events, "condition")[-1]
    assert (woke["id"], woke["condition"], woke["started"]) == ("o", "asleep", False)


def test_a_sleeper_wakes_when_its_rounds_run_out():
    b = _sleeping_orc(script=[10, 1])
    b.world.update("o", conditions=(("asleep", 1),))
    b.apply(cmd("hold", "a"))
    b.apply(cmd("hold", "o"))
    assert b.round == 2 and b.world["o"].conditions == ()
    assert events_of(b.events, "condition")[-1]["condition"] == "asleep"
