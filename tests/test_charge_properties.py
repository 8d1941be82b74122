"""Property test: random charges, legal and not, on random boards (docs/rules.md#charge).

A charge the battle refuses changes nothing; one it accepts keeps the world's invariants and the
event contract (tests/contract.py knows the `charge` and `set_vs_charge` attacks and `charging`).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.legal import legal_commands
from game.core import query
from game.core.battle import RETREAT, Battle
from game.core.commands import Action, Command, Illegal
from tests.contract import Contract, check_world
from tests.test_properties import SCALE, scenarios, snapshot

pytestmark = pytest.mark.slow


def _charges(b: Battle, uid: str, draw) -> list[Command]:
    """Charges to try: every one the query offers, and made-up ones along any reachable path
    (too short, out of reach, at allies, by a creature that may not charge)."""
    offered = [Command(Action.CHARGE, uid, path=o.path, target=o.target) for o in query.charge_options(b, uid)]
    reach = query.moves(b, uid)
    ends = sorted(reach.costs)
    made_up = []
    for _ in range(3):
        end = ends[draw(st.integers(0, len(ends) - 1), label="end")]
        target = draw(st.sampled_from(sorted(b.world.units)), label="target")
        made_up.append(Command(Action.CHARGE, uid, path=tuple(reach.path(end)), target=target))
    return offered + made_up


@settings(max_examples=30 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scn=scenarios(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_charges_keep_the_world_and_the_log_sound(scn, seed, data):
    b = Battle(scn, seed=seed)
    contract = Contract()
    for e in b.events:
        contract.event(e)
    for _ in range(60):
        if b.over:
            break
        p = b.pending()
        options = legal_commands(b)
        if p.kind != RETREAT and data.draw(st.booleans(), label="try a charge"):
            tries = _charges(b, p.unit or "", data.draw)
            cmd = tries[data.draw(st.integers(0, len(tries) - 1), label="charge")]
            before = snapshot(b)
            try:
                new = b.apply(cmd)
            except Illegal:
                assert snapshot(b) == before, f"a refused {cmd} changed the battle"
                assert cmd not in options, f"{cmd} was offered as legal, then refused"
                continue
        else:
            new = b.apply(options[data.draw(st.integers(0, len(options) - 1), label="command")])
        for e in new:
            contract.event(e)
        check_world(b)
