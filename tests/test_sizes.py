"""Small modules and short functions (STYLE.md, the house rules): no file of game/ over 400 lines,
no function over 60, counted from its `def` to its last line (docstring and comments included)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.source_trees import nodes

pytestmark = pytest.mark.xdist_group("source-trees")  # one worker parses game/'s sources for all their readers

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60


def too_long(files: list[Path], root: Path = ROOT) -> list[str]:
    """Each file over MAX_FILE_LINES and each function over MAX_FUNCTION_LINES, named from `root`."""
    found = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(root)
        if len(text.splitlines()) > MAX_FILE_LINES:
            found.append(f"{where}: {len(text.splitlines())} lines")
        for node in nodes(text):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    found.append(f"{where}:{node.lineno} {node.name} {length} lines")
    return found


def test_the_count_finds_a_long_function_and_a_long_file(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES - 1))
    src = tmp_path / "long.py"
    src.write_text(f"def fits():\n{body}\n\n\ndef over():\n{body}\n    y = 0\n" + "\n" * MAX_FILE_LINES)
    assert too_long([src], tmp_path) == [
        f"long.py: {MAX_FILE_LINES + 2 * MAX_FUNCTION_LINES + 3} lines",
        f"long.py:{MAX_FUNCTION_LINES + 3} over {MAX_FUNCTION_LINES + 1} lines",
    ]


def test_no_file_or_function_of_game_is_too_long():
    files = sorted(GAME.rglob("*.py"))
    assert len(files) > 100
    assert too_long(files) == []
