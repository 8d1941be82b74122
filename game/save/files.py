"""Writing files so that a failure never leaves a user's file half-written."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from game.events import Event


def write_atomic(path: str | Path, text: str) -> None:
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", dir=str(path.parent or Path(".")))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def event_lines(events: Iterable[Event]) -> str:
    """The event log as JSON Lines, byte for byte the same for the same battle."""
    return "".join(json.dumps(e.to_json(), separators=(",", ":"), ensure_ascii=False) + "\n" for e in events)
