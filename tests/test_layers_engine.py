"""The engine's insides stay inside (issue 19): outside game/core/battle.py, game/core/activation.py and
game/core/systems/ no module reaches the battle's context for its log (`ctx.events`) or its
generator (`ctx.rng`), nor cuts a log in place; `Battle` serves each need (`events`, `draws`,
`copy(log=...)`, `take_log`), and the battle alone keeps who plays each side (`hand_sides`).

game/core/activation.py counts as the engine's: it carries out each action on the context and is
called by the battle alone; so does game/core/battle_state.py, which writes a battle's state and
restores one, generator included, as the battle's constructor makes it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.core.battle import Battle
from game.core.commands import Command
from tests.helpers import board, unit
from tests.source_trees import nodes, text

pytestmark = pytest.mark.xdist_group("source-trees")  # one worker parses game/'s sources for all their readers

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
CORE = GAME / "core"
ENGINE = (CORE / "battle.py", CORE / "activation.py", CORE / "battle_state.py")
INSIDES = ("events", "rng")


def _is_engine(path: Path) -> bool:
    return path in ENGINE or (CORE / "systems") in path.parents


def _ctx_aliases(source: str) -> set[str]:
    """`ctx` and every name bound to some `….ctx` (`c = battle.ctx`)."""
    names = {"ctx"}
    for node in nodes(source):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute) and node.value.attr == "ctx":
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _is_ctx(node: ast.expr, aliases: set[str]) -> bool:
    return (isinstance(node, ast.Name) and node.id in aliases) or (
        isinstance(node, ast.Attribute) and node.attr == "ctx"
    )


def insides_reached(source: str) -> list[str]:
    """Each place the source reaches a context's log or generator, or cuts a log in place."""
    aliases = _ctx_aliases(source)
    found = []
    for node in nodes(source):
        if isinstance(node, ast.Attribute) and node.attr in INSIDES and _is_ctx(node.value, aliases):
            found.append(f"line {node.lineno}: ctx.{node.attr}")
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.ctx, ast.Store | ast.Del)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "events"
        ):
            found.append(f"line {node.lineno}: a log cut or written in place")
    return found


@pytest.mark.parametrize(
    "source",
    [
        "battle.ctx.events = []",
        "ctx.events = list(log)",
        "b.ctx.events[:] = []",
        "del battle.events[3:]",
        "battle.events[0] = e",
        "n = before.ctx.rng.draws",
        "c = battle.ctx\nn = c.rng.draws",
        "ctx.rng.below(6)",
    ],
)
def test_the_scan_finds_each_way_of_reaching_the_insides(source):
    assert insides_reached(source), source


def test_the_scan_lets_the_battles_own_doors_through():
    source = "n = b.draws\nstart = b.copy(log=b.events[:4])\ntaken = old.take_log(b, 4)\nw = b.ctx.world\n"
    assert insides_reached(source) == []


def test_no_module_outside_the_engine_reaches_its_log_or_generator():
    files = [p for p in GAME.rglob("*.py") if not _is_engine(p)]
    assert len(files) > 50, "game/ sources not found"
    offenders = {str(p.relative_to(ROOT)): found for p in files if (found := insides_reached(text(p)))}
    assert offenders == {}, f"the engine's insides reached from outside it: {offenders}"


def _battle(controllers: dict[str, str] | None = None) -> Battle:
    sc = board([unit("a", "blue", "fighter1", (1, 1), "E"), unit("x", "red", "orc", (8, 1), "W")], width=10, height=4)
    return Battle(sc, seed=3, controllers=controllers)


def test_draws_counts_the_generators_draws_and_a_hold_rolls_none():
    b = _battle()
    assert b.draws > 0  # the first round's initiative is rolled
    before = b.draws
    b.apply(Command("hold", b.pending().unit or ""))
    assert b.draws == before


def test_the_battle_alone_keeps_its_controllers_and_a_copy_keeps_them_too():
    b = _battle({"blue": "human"})
    assert b.controllers == {"blue": "human", "red": "ai"}
    with pytest.raises(TypeError):
        b.controllers["red"] = "human"  # type: ignore[index]
    b.hand_sides({"red": "human"})
    assert b.copy().controllers == {"blue": "human", "red": "human"}
    with pytest.raises(ValueError, match="human"):
        b.hand_sides({"red": "robot"})


def test_take_log_cuts_the_later_battles_log_and_shares_it():
    b = _battle()
    kept, length = b.copy(), len(b.events)
    b.apply(Command("hold", b.pending().unit or ""))
    log, added = b.events, b.events[length:]
    assert added
    assert kept.take_log(b, length) == added
    assert kept.events is log and len(log) == length


def test_copy_with_a_log_starts_from_those_events_in_a_list_of_its_own():
    b = _battle()
    c = b.copy(log=b.events[:2])
    assert c.events == b.events[:2] and c.events is not b.events
    assert b.copy().events == []
