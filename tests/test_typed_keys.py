"""Typed keys (issue 19): a condition, a battle phase (Pending.kind) and an end-of-round step are
types, so that a misspelt one is a mypy error; as StrEnums they still write the log's strings."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from game import ai
from game.core import events as ev
from game.core import round_end
from game.core.battle import Battle, Pending
from game.core.event_log import BadEvent, from_json
from game.core.phases import Phase, Step
from game.scenario.tiled import load_scenario

mypy_api = pytest.importorskip("mypy.api", reason="install the test extra: pip install -e '.[test]'")

ROOT = Path(__file__).resolve().parent.parent

TYPOS = {
    "a condition": 'def f(u: Unit) -> bool:\n    return u.has("hastd")',
    "a pending kind": 'p = Pending("retret")',
    "an end-of-round step": 'e = ev.EndStep(round=1, step="fatige")',
    "a condition in the log": 'e = ev.Condition(round=1, id="a", condition="hled", rounds=1, started=True)',
}


@pytest.mark.parametrize("what", TYPOS)
def test_a_misspelt_key_is_a_mypy_error(what, tmp_path):
    snippet = tmp_path / "typo.py"
    head = (
        "from game.core import events as ev\nfrom game.core.battle import Pending\nfrom game.core.world import Unit\n"
    )
    snippet.write_text(head + textwrap.dedent(TYPOS[what]) + "\n", encoding="utf-8")
    out, _, status = mypy_api.run(
        [str(snippet), "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(ROOT / ".mypy_cache")]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1 and len(errors) == 1 and "typo.py:" in errors[0] and 'expected "' in errors[0], out


def test_typed_keys_write_and_read_back_the_same_strings():
    e = ev.EndStep(round=3, step=Step.MORALE)
    assert json.dumps(e.to_json()) == '{"type": "end_step", "round": 3, "step": "morale"}'
    back = from_json(json.loads(json.dumps(e.to_json())))
    assert back == e and isinstance(back, ev.EndStep) and back.step is Step.MORALE
    assert Pending(Phase.OVER).kind == "over"
    with pytest.raises(BadEvent, match="expected one of retreats, fatigue, morale, status"):
        from_json({"type": "end_step", "round": 1, "step": "fatige"})
    held = {"type": "condition", "round": 2, "id": "a", "condition": "held", "rounds": 3, "started": True}
    assert from_json(held) == ev.Condition(round=2, id="a", condition="held", rounds=3, started=True)
    with pytest.raises(BadEvent, match="condition: expected one of hasted, slowed"):
        from_json({**held, "condition": "hled"})


def test_the_round_ends_in_the_tables_order_each_step_announced_once():
    """docs/rules.md#the-end-of-the-round: 'the round ends in four steps, each announced by an end_step event'."""
    ended = 0
    for seed in range(1, 11):  # a blow that ends the battle in round 1 ends it before the round's end
        b = Battle(load_scenario(ROOT / "maps" / "test_arena.tmx"), seed=seed, options={"max_rounds": 1})
        while not b.over:
            b.apply(ai.decide(b, "baseline"))
        steps = [e.step for e in b.events if isinstance(e, ev.EndStep)]
        if steps:
            assert steps == [s.step for s in round_end.STEPS]
            ended += 1
    assert ended >= 2
