"""The replay fuzz gate: mutated replay files (odd values, dropped and added keys, shuffled and
broken commands, deep nesting, huge numbers, truncation, corrupt bytes) through `rout replay`
end with status 0, a diverged verify, or one line and status 2: never a traceback
(issue: no input gets a traceback). bench/bench_fuzz_replays.py runs tens of thousands."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.fuzz_replays import run_case

pytestmark = pytest.mark.slow

CASES = 400
CHUNK = 50


@pytest.mark.parametrize("start", range(0, CASES, CHUNK))
def test_mutated_replays_play_or_are_refused_in_one_line(start, tmp_path):
    outcomes: Counter[str] = Counter()
    escapes = []
    for seed in range(start, start + CHUNK):
        kind, detail = run_case(seed, tmp_path)
        outcomes[kind] += 1
        if kind == "escape":
            escapes.append(detail)
    assert not escapes, "\n".join(escapes)
    assert outcomes["refused"] > 0  # the mutator does break replays: a gate that saw none proves nothing


def test_the_unmutated_replay_plays():
    from tests.fuzz_replays import base_replay  # noqa: PLC0415

    assert '"commands": [{' in base_replay()
