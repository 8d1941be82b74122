"""Writing files so that a failure never leaves a user's file half-written."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from game.events import Event


def write_atomic(path: str | Path, text: str) -> None:
    """Write text to path through a temporary file in the same folder, flushed to the disk and
    renamed into place: the old file stays whole until the new one is, even if the machine
    stops. The file keeps its mode; a new one gets the mode the umask gives (the temporary
    file, named ".NAME.RANDOM", starts as 0600)."""
    path = Path(path)
    mode = _mode_for(path)
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", dir=str(path.parent or Path(".")))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            os.fchmod(f.fileno(), mode)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        _sync_folder(path.parent)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable; a system without folder handles (Windows) skips it."""
    try:
        fd = os.open(folder or Path("."), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def event_lines(events: Iterable[Event]) -> str:
    """The event log as JSON Lines, byte for byte the same for the same battle."""
    return "".join(json.dumps(e.to_json(), separators=(",", ":"), ensure_ascii=False) + "\n" for e in events)
