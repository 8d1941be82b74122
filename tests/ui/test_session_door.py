"""The battle screen's session changes only through its methods (issue 19: "modes and drawing read
the session and change it only through its methods"): no module of the window assigns to a field
of a session, deletes from one, or replaces a screen's battle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.source_trees import nodes

pytestmark = pytest.mark.xdist_group("source-trees")  # one worker parses game/'s sources for all their readers

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
OWNERS = {UI / "battle" / "session.py", UI / "battle" / "since.py"}  # since.py keeps the hot-seat marks


def _through_session(node: ast.expr) -> bool:
    """Whether the target is a session's field, or an item or field inside one."""
    while isinstance(node, ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "session":
            return True
        node = node.value
    return False


def writes(source: str) -> list[int]:
    """The lines that assign to or delete from a session's field, or assign some screen's battle."""
    found = []
    for node in nodes(source):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        for t in targets:
            flat = t.elts if isinstance(t, ast.Tuple) else [t]
            if any(_through_session(x) or (isinstance(x, ast.Attribute) and x.attr == "battle") for x in flat):
                found.append(node.lineno)
    return found


def test_the_scan_finds_each_kind_of_write():
    src = "s.session.played = []\ns.session.saved_at += 1\ndel s.session.played[-1]\nx.battle = b\na, s.session.seed = 1, 2\n"
    assert writes(src) == [1, 2, 3, 4, 5]
    assert writes("s.session.play(cmd)\nn = len(s.session.played)\ns.message = 'x'\n") == []


def test_no_module_of_the_window_writes_into_a_session():
    found = {
        f"{path.relative_to(UI)}:{line}"
        for path in sorted(UI.rglob("*.py"))
        if path not in OWNERS
        for line in writes(path.read_text(encoding="utf-8"))
    }
    assert found == set()
