"""Slow seen in play (issue 38: in the magic lesson blue's haste always undid red's slow, so no
creature was ever seen slowed). The slow lesson (maps/lesson_slow.tmx) is played over the same
10 seeds as every lesson's check (test_lessons_show_their_rule.py); in each, a creature the
enchanter slowed acts slowed: -2 on the initiative track, at most half its move, -2 to hit."""

from __future__ import annotations

import pytest

from tests.helpers import as_json
from tests.lessons.test_lessons_show_their_rule import _runs

pytestmark = pytest.mark.slow


def _acting_slowed(events: list[dict]) -> set[str]:
    """The creatures that, while slowed, rolled initiative at -2, struck at -2 and never moved more
    than half their move ('slowed: -2 initiative, MV halved, attacks at -2', docs/rules.md#magic)."""
    mv = {u["id"]: u["mv"] for u in events[0]["units"]}  # battle_start's list: each creature's MV
    slowed: set[str] = set()
    seen: dict[str, set[str]] = {}
    overran: set[str] = set()
    for e in events:
        if e["type"] == "condition" and e["condition"] == "slowed":
            (slowed.add if e["started"] else slowed.discard)(e["id"])
        elif e["type"] == "initiative":
            for x in e["entries"]:
                if x["id"] in slowed and {"name": "slowed", "value": -2} in x["modifiers"]:
                    seen.setdefault(x["id"], set()).add("initiative")
        elif e["type"] == "attack" and e["id"] in slowed and {"name": "slowed", "value": -2} in e["modifiers"]:
            seen.setdefault(e["id"], set()).add("attack")
        elif e["type"] == "move" and e["id"] in slowed and len(e["path"]) - 1 > mv[e["id"]] // 2:
            overran.add(e["id"])
    return {uid for uid, what in seen.items() if what == {"initiative", "attack"}} - overran


def test_the_slow_lesson_shows_a_slowed_creature_acting_slowed_in_every_seed():
    missed = [seed for seed, _, battle in _runs("lesson_slow") if not _acting_slowed(as_json(battle.events))]
    assert not missed, f"lesson_slow: no creature seen acting slowed in seeds {missed}"
