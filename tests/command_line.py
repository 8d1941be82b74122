"""Running `rout` for the command-line tests: as a user does, in a child process, or, where the
process itself is not under test, by calling game.cli.main here (as `python -m game` does)."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

from game.cli.main import main

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


def rout_here(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """`rout` as game.cli.main runs it for `python -m game`, in this process, from `cwd`: the same
    exit status and output, without starting Python again (a second or so a run). For runs that
    read and write files; what depends on the process (its streams, signals, environment) is
    tested with `rout`."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as e:  # argparse's own usage errors
            code = e.code if isinstance(e.code, int) else 1
    return subprocess.CompletedProcess(["rout", *args], code, out.getvalue(), err.getvalue())


def one_line_error(r: subprocess.CompletedProcess, *words: str) -> None:
    """Exit status 2 and one line on stderr, no traceback, holding each of `words`."""
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for w in words:
        assert w in lines[0], lines[0]
