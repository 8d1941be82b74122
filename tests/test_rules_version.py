"""The rules version goes with the golden logs (issue 41): re-recording them without a new
version, or a new version without new logs, fails here."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from game.core.rules_version import GOLDEN, RULES

BENCH = Path(__file__).resolve().parent.parent / "bench"


def golden_digest() -> str:
    h = hashlib.sha256()
    for name in ("golden_logs.json", "golden_logs_dice1.json"):
        data = json.loads((BENCH / name).read_text(encoding="utf-8"))
        h.update(json.dumps(data, sort_keys=True, separators=(",", ":")).encode("utf-8"))
    return h.hexdigest()


def test_the_golden_logs_are_the_current_rules_versions():
    now = golden_digest()
    assert now == GOLDEN[RULES], (
        f"the golden logs changed (digest {now}): raise RULES in game/core/rules_version.py by one and add "
        "that digest to GOLDEN under it (docs/architecture.md, 'Changing the rules')"
    )


def test_each_version_has_logs_of_its_own_and_the_newest_is_played():
    assert max(GOLDEN) == RULES and sorted(GOLDEN) == list(range(1, RULES + 1))
    assert len(set(GOLDEN.values())) == len(GOLDEN)
