"""SIGTERM as an exception in the command line, so that a stopped run removes its temporary
files on the way out, as it does on Ctrl-C (game/save/files.py)."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Terminated(BaseException):
    """The process was asked to stop (SIGTERM). A BaseException, as KeyboardInterrupt is, so no
    `except Exception` swallows it."""


@contextmanager
def terminate_raises() -> Iterator[None]:
    """While the block runs, SIGTERM raises Terminated in this process. A worker forked from it
    (rout simulate --jobs) dies at once instead, as it would by default: its pool stops it so."""
    owner = os.getpid()

    def stop(signum: int, frame: FrameType | None) -> None:
        if os.getpid() != owner:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        raise Terminated

    try:
        before = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread (main() called from a thread): leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)
