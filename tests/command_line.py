"""Running `rout` as a user does, in a child process, for the command-line tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rout(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """The command line as a user runs it, from `cwd`, on this checkout's code wherever `cwd` is
    (not an installed one), with `cwd` as its home; `env` adds variables or replaces these."""
    base = {"PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    base |= {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(cwd)}
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=cwd,
        check=False,
        capture_output=True,
        text=True,
        env=base | (env or {}),
        timeout=300,
    )


def one_line_error(r: subprocess.CompletedProcess, *words: str) -> None:
    """Exit status 2 and one line on stderr, no traceback, holding each of `words`."""
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for w in words:
        assert w in lines[0], lines[0]
