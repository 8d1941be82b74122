"""One place for each thing (issue 19): a spell is one record, so its id is spelt as a string in
at most two modules of game/ (its own module, and at most one more), never in an if-chain of the
modules that read the records (aiming, casting, the preview, the AI, the window)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

from game.core.rules.conditions import RULES
from game.core.systems.spells import SPELLS
from tests.source_trees import nodes, text

pytestmark = pytest.mark.xdist_group("source-trees")  # one worker parses game/'s sources for all their readers

GAME = Path(__file__).resolve().parents[1] / "game"


def _string_literals() -> dict[str, set[str]]:
    """Each string constant of game/'s code, with the modules that spell it."""
    where: dict[str, set[str]] = defaultdict(set)
    for path in GAME.rglob("*.py"):
        module = path.relative_to(GAME.parent).as_posix()
        for node in nodes(text(path)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                where[node.value].add(module)
    return where


def test_each_spell_id_is_a_string_literal_in_at_most_two_modules():
    where = _string_literals()
    spelt = {key: sorted(where.get(key, ())) for key in SPELLS}
    assert all(spelt.values()), "a spell's module names its id"
    assert {k: m for k, m in spelt.items() if len(m) > 2} == {}


def test_the_modules_that_read_the_records_name_no_spell():
    """Aiming, casting, the cast preview and the AI read every spell from its record."""
    readers = {
        "game/core/systems/spell_aim.py",
        "game/core/systems/magic.py",
        "game/core/query_magic.py",
        "game/ai/spells.py",
    }
    where = _string_literals()
    assert {k: sorted(where.get(k, set()) & readers) for k in SPELLS if where.get(k, set()) & readers} == {}


# The modules that ask what a condition does (moving, acting, attacks, initiative, retreat, morale,
# the token and the unit card): they read its record, never its name (issue 41).
CONDITION_READERS = {
    "game/core/query.py",
    "game/ai/__init__.py",
    "game/core/systems/conditions.py",
    "game/core/systems/movement.py",
    "game/core/systems/space.py",
    "game/core/systems/retreat.py",
    "game/core/systems/morale.py",
    "game/core/systems/attack.py",
    "game/core/systems/actions.py",
    "game/core/systems/initiative.py",
    "game/core/systems/spell_record.py",
    "game/ui/common/view.py",
    "game/ui/draw/draw_tokens.py",
    "game/ui/draw/draw_panels.py",
}


def test_the_modules_that_read_conditions_name_none():
    where = _string_literals()
    assert {
        c: sorted(where.get(c, set()) & CONDITION_READERS) for c in RULES if where.get(c, set()) & CONDITION_READERS
    } == {}


def _emits(event: str) -> list[str]:
    """Each place in game/ that emits the event class `ev.<event>` (`ctx.emit(ev.Attack, ...)`)."""
    found = []
    for path in sorted(GAME.rglob("*.py")):
        for node in nodes(text(path)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "emit"
                and node.args
                and ast.unparse(node.args[0]) == f"ev.{event}"
            ):
                found.append(f"{path.relative_to(GAME.parent).as_posix()}:{node.lineno}")
    return found


def test_the_attack_event_is_built_in_one_place():
    """A weapon's blow and a spell's attack roll both announce through systems/attack.announce
    (issue 41: each built the event field by field, so a new field had to be added twice)."""
    where = _emits("Attack")
    assert len(where) == 1 and where[0].startswith("game/core/systems/attack.py"), where
    assert len(_emits("Save")) == 2  # the scan sees emits: saves vs spell and vs paralyzation are two
