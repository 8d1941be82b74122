"""The repository's tools (tools/*.py, run by hand to make maps, art, sounds and schemas) answer
--help with what they do and refuse an argument they do not take, before writing anything."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = sorted(p for p in (ROOT / "tools").glob("*.py") if 'if __name__ == "__main__":' in p.read_text("utf-8"))


def run(tool: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(tool), *args], cwd=ROOT, capture_output=True, text=True, check=False, timeout=120
    )


def test_every_tool_with_a_command_line_is_seen():
    assert {"make_maps.py", "make_salt_road.py", "campaign_pictures.py", "write_sounds.py"} <= {p.name for p in TOOLS}


@pytest.mark.slow
@pytest.mark.parametrize("tool", TOOLS, ids=lambda p: p.name)
def test_help_says_what_the_tool_does_and_writes_nothing(tool):
    done = run(tool, "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:") and "wrote" not in done.stdout
    bad = run(tool, "--no-such-option")
    assert bad.returncode == 2 and bad.stdout == "" and "error:" in bad.stderr.splitlines()[-1]
