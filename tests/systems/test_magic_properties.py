"""Property test: random legal and illegal casts on random boards. Every cast the query offers is
accepted; every refused cast says why in one line and changes nothing; the log keeps its contract
(docs/rules.md#magic)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import query_magic
from game.core.battle import RETREAT, Battle
from game.core.commands import Action, Command, Illegal
from game.core.systems.spells import SPELLS
from tests.contract import Contract, check_world
from tests.helpers import board, unit

CASTERS = ("wizard", "wizard3", "wizard5", "enchanter5", "priest", "priest3", "priest5")
OTHERS = ("fighter1", "orc", "goblin", "ogre", "skeleton", "hobgoblin")
SPELL_NAMES = (*SPELLS, "fireball", "")


@st.composite
def _boards(draw):
    squares = draw(st.lists(st.tuples(st.integers(0, 11), st.integers(0, 9)), min_size=4, max_size=9, unique=True))
    units = []
    for i, pos in enumerate(squares):
        side = "blue" if i % 2 == 0 else "red"
        key = draw(st.sampled_from(CASTERS if i < 4 else OTHERS))
        units.append(unit(f"{side}_{i}", side, key, pos, draw(st.sampled_from(("N", "E", "S", "W")))))
    return board(units, width=12, height=10)


def _state(b: Battle) -> tuple:
    return json.dumps([e.to_json() for e in b.events]), dict(b.world.units), b.ctx.rng.state


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scn=_boards(), seed=st.integers(0, 2**16), data=st.data())
def test_random_casts_are_accepted_when_offered_and_refused_cleanly_otherwise(scn, seed, data):
    b = Battle(scn, seed=seed)
    contract = Contract()
    for e in b.events:
        contract.event(e)
    for _ in range(40):
        if b.over:
            break
        p = b.pending()
        chosen = False
        if p.kind == RETREAT:
            cmd = Command(Action.DECLINE_RETREAT, p.unit, target=p.target)
        else:
            uid = p.unit
            offered = query_magic.spell_options(b, uid)
            ids = sorted(b.world.units)
            chosen = bool(offered) and data.draw(st.booleans())
            if chosen:
                o = data.draw(st.sampled_from(offered))
                cmd = Command(Action.CAST, uid, spell=o.spell, target=o.target, at=o.at)
            else:
                spell = data.draw(st.sampled_from(SPELL_NAMES))
                target = data.draw(st.sampled_from((None, *ids)))
                at = data.draw(st.sampled_from((None, (0, 0), (5, 5), (11, 9), (12, 3))))
                cmd = Command(Action.CAST, uid, spell=spell or None, target=target, at=at)
        n = len(b.events)
        before = _state(b)
        try:
            b.apply(cmd)
        except Illegal as e:
            assert not chosen, f"offered {cmd} was refused: {e}"
            assert cmd.action == Action.CAST and "\n" not in str(e)
            assert _state(b) == before, f"refused {cmd} changed the battle"
            b.apply(Command(Action.HOLD, p.unit))
        for e in b.events[n:]:
            contract.event(e)
        check_world(b)
