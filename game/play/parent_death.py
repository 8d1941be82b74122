"""A worker process that dies with the process that started it, however that one ends: a parent
killed outright (kill -9) cannot stop its workers, and one left behind holds memory (the
window's AI worker, about 50 MB) and the terminal's pipes, adopted by init."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends


def die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this process when its parent ends (Linux); if it has ended already, end now."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)
