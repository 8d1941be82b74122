"""The sources of game/, parsed once per test process.

A dozen tests read the syntax of every module of game/ (the import graph, one place for each
thing, the sizes, who writes the battle screen's state...), and each parsed and walked all of them
again: four thousand parses, a tenth of the fast tier's CPU. The trees are shared between those
tests, so none may change one."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


@cache
def parsed(source: str) -> ast.Module:
    return ast.parse(source)


@cache
def nodes(source: str) -> tuple[ast.AST, ...]:
    """Every node of the source's tree, in ast.walk's order."""
    return tuple(ast.walk(parsed(source)))


@cache
def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")
