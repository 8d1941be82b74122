"""The import graph of game/, read from the sources (ast): every import counts, at the top of a
module, inside a function or under TYPE_CHECKING, since each one ties the two modules together."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from tests.source_trees import nodes, text

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(GAME.rglob("*.py"))}


def _imported(node: ast.Import | ast.ImportFrom, package: str, known: dict[str, Path]) -> Iterable[str]:
    """The module names an import statement names: `from game.save import files` names the
    submodule game.save.files and the package game.save too (the name is read from the package,
    whose `__init__` runs first), `from game.ai import LEVELS` the package."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
        base = ".".join([*parts, base] if base else parts)
    yield base
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        if sub in known:
            yield sub


def _owner(name: str, known: dict[str, Path]) -> str | None:
    """The module of game/ an imported name falls in (game.ai.hard.x -> game.ai.hard), or None."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def import_graph() -> dict[str, set[str]]:
    """Each module of game/ and the modules of game/ it imports."""
    known = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in nodes(text(path)):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for imported in _imported(node, package, known):
                    owner = _owner(imported, known)
                    if owner is not None and owner != name:
                        edges.add(owner)
        graph[name] = edges
    return graph


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module `start` loads, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)
