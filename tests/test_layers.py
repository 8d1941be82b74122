"""The layers of game/ (docs/architecture.md#the-layers): the rules import nothing else of the game; the core
(game/core/: rules, world, systems, battle, queries, events, commands, options, terrain,
activation) never reaches the AI, the files, the window, the command line, the batch runner, the
history or the player's machine; the files and the settings never reach the AI or the batch
runner; and no two modules import each other, however indirectly."""

from __future__ import annotations

import subprocess
import sys
from functools import cache

import pytest

from tests.import_graph import ROOT, cycles, import_graph, reachable

# graph() is parsed once, by the worker that runs the tests that read game/'s sources
# (tests/source_trees.py: -n gives them one worker, so each module is parsed once in all).
pytestmark = pytest.mark.xdist_group("source-trees")


@cache
def graph() -> dict[str, set[str]]:
    """game/'s import graph, parsed when a test first asks (at import it cost every worker's
    collection a second and a half, whether or not it ran these tests)."""
    return import_graph()


ABOVE_THE_CORE = (
    "game.ai",
    "game.save",
    "game.ui",
    "game.cli",
    "game.play",
    "game.history",
    "game.home",
    "game.campaign",
)


def _in(module: str, packages: tuple[str, ...]) -> bool:
    """Whether a module is one of `packages` or inside one."""
    return any(module == p or module.startswith(p + ".") for p in packages)


def _core() -> list[str]:
    return sorted(m for m in graph() if _in(m, ("game.core",)))


def test_game_keeps_a_handful_of_top_level_modules():
    # Each layer is a folder (docs/architecture.md, the layers); a module at the top is read by
    # all of them, so it has to earn its place.
    top = sorted(p.stem for p in (ROOT / "game").glob("*.py"))
    assert top == ["__init__", "__main__", "levels"]


def test_the_graph_sees_every_layer():
    # A walk that found no modules or no imports would pass every test below.
    assert {
        "game.core.rules.attack",
        "game.core.query_magic",
        "game.ai",
        "game.home.settings",
        "game.play.runner",
    } <= graph().keys()
    assert "game.core.rules.dice" in graph()["game.core.battle"]
    assert "game.ai" in reachable(graph(), "game.play.runner")


def test_the_rules_import_nothing_of_the_game_outside_the_rules():
    rules = [m for m in graph() if _in(m, ("game.core.rules",))]
    assert len(rules) > 5
    leaks = {m: sorted(i for i in graph()[m] if not _in(i, ("game.core.rules",))) for m in rules}
    assert {m: i for m, i in leaks.items() if i} == {}


def test_the_core_never_reaches_the_ai_the_files_the_window_or_the_command_line():
    core = _core()
    assert "game.core.battle" in core and "game.core.systems.attack" in core and "game.core.query_swings" in core
    leaks = {m: sorted(i for i in reachable(graph(), m) if _in(i, ABOVE_THE_CORE)) for m in core}
    assert {m: i for m, i in leaks.items() if i} == {}


@pytest.mark.parametrize("layer", ["game.save", "game.home"])
def test_the_files_and_the_settings_never_reach_the_ai_or_the_batch_runner(layer):
    # The batch runner (game/play/runner.py) plays games in a process pool and loads the AI; a save
    # is read back with the AI by game/history/saved_battle.py, above both.
    modules = [m for m in graph() if _in(m, (layer,))]
    assert modules
    leaks = {m: sorted(i for i in reachable(graph(), m) if _in(i, ("game.ai", "game.play"))) for m in modules}
    assert {m: i for m, i in leaks.items() if i} == {}


def test_the_generator_reaches_neither_the_battle_the_ai_nor_the_window():
    # A generated field is terrain, zones and kinds written as a map: the battle reads it later,
    # as it reads any map. (docs/architecture.md, the layers)
    modules = [m for m in graph() if _in(m, ("game.generate",))]
    assert modules
    banned = ("game.core.battle", "game.ai", "game.play.runner", "game.ui", "game.core.systems")
    leaks = {m: sorted(i for i in reachable(graph(), m) if _in(i, banned)) for m in modules}
    assert {m: i for m, i in leaks.items() if i} == {}


def test_network_play_sits_above_the_core_the_files_and_the_ai_and_below_the_window():
    # game.net plays the battle by lockstep and sends saves' command logs: the engine, the files
    # and the AI know nothing of a network (a battle played over one is any battle); the window
    # drives game.net, never the other way round (docs/architecture.md, the layers).
    net = [m for m in graph() if _in(m, ("game.net",))]
    assert {"game.net.hosting", "game.net.joining", "game.net.lockstep"} <= set(net)
    below = [*_core(), *(m for m in graph() if _in(m, ("game.save", "game.ai")))]
    leaks = {m: sorted(i for i in reachable(graph(), m) if _in(i, ("game.net",))) for m in below}
    assert {m: i for m, i in leaks.items() if i} == {}
    ui = {m: sorted(i for i in reachable(graph(), m) if _in(i, ("game.ui",))) for m in net}
    assert {m: i for m, i in ui.items() if i} == {}


@pytest.mark.slow
def test_importing_the_settings_loads_neither_tcod_nor_numpy():
    # The menu reads the settings at start-up: tcod and numpy (the AI's) would cost 0.6 s there.
    probe = "import sys, game.home.settings; print(sorted({m.split('.')[0] for m in sys.modules} & {'tcod', 'numpy'}))"
    r = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_no_cycle_in_the_import_graph_of_game():
    # Tarjan's algorithm over every import, type-only ones too: a group of modules that import
    # each other cannot be read, tested or moved one at a time.
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_a_cycle_and_only_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
