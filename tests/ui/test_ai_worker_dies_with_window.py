"""The window's AI worker dies with the window (issue 26.8): a window killed with kill -9 cannot
stop its worker, which was left running (about 51 MB), adopted by init."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.command_line import ROOT

DEADLINE = 120  # seconds for anything a loaded machine might be slow at

WINDOW = """
import os, time
from game.ui.battle.ai_worker import AiWorker
worker = AiWorker()
worker.pool.submit(int).result()  # the worker is up
print(os.getpid(), flush=True)
time.sleep(300)
"""


def children(pid: int) -> set[int]:
    """The processes whose parent is pid, read from /proc."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc; prctl is Linux's")
def test_a_window_killed_outright_leaves_no_worker_behind():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    window = subprocess.Popen([sys.executable, "-c", WINDOW], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        assert window.stdout is not None
        assert int(window.stdout.readline()) == window.pid
        left = children(window.pid)
        assert left, "the worker was not started"
        os.kill(window.pid, signal.SIGKILL)
        window.wait(timeout=DEADLINE)
        deadline = time.monotonic() + DEADLINE  # a loaded machine reaps slowly
        while any(alive(p) for p in left) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(p) for p in left), [p for p in left if alive(p)]
    finally:
        if window.poll() is None:
            window.kill()
            window.wait(timeout=DEADLINE)
