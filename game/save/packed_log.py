"""A save's event log, packed: the log's JSON lines, zlib-compressed and written as base64 text.

A save keeps its log so that a battle taken up under newer rules still shows its history as it
was played (its commands no longer replay it). Packed, a 14-round battle's 470 KB log is about
32 KB of the save; unpacking is bounded, so a small hostile file cannot unpack into gigabytes."""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from pathlib import Path

from game.core.event_log import BadEvent, from_json
from game.core.events import Event
from game.save.errors import ReplayError
from game.save.replay import digest

# The unpacked log's bound: the largest real battle (64x64, three sides, 30 rounds) logs about
# 6 MB; reading a log into events costs about 20 times its size.
MAX_LOG_BYTES = 48 * 1024 * 1024


def packed(lines: str) -> str:
    """The log's lines (game/save/files.py event_lines) packed for a save."""
    return base64.b64encode(zlib.compress(lines.encode("utf-8"), 6)).decode("ascii")


def unpacked(path: str | Path, text: str, sha256: str | None) -> list[Event]:
    """The events a save's packed log holds; ReplayError, one line, if it is damaged, too large,
    not the log the save's digest names, or not events of the contract."""
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
        inflate = zlib.decompressobj()
        data = inflate.decompress(raw, MAX_LOG_BYTES)
    except (binascii.Error, ValueError, zlib.error) as e:
        raise ReplayError(f"{path}: log: not a packed event log ({type(e).__name__})") from None
    if inflate.unconsumed_tail:
        raise ReplayError(f"{path}: log: unpacked, it is over {MAX_LOG_BYTES:,} bytes")
    if not inflate.eof:
        raise ReplayError(f"{path}: log: it ends before its packed data does (cut short?)")
    try:
        lines = data.decode("utf-8")
    except UnicodeError:
        raise ReplayError(f"{path}: log: not UTF-8 text") from None
    if sha256 is not None and digest(lines) != sha256:
        raise ReplayError(f"{path}: log: it is not the log the save's log_sha256 names (damaged?)")
    events = []
    for i, line in enumerate(lines.splitlines()):
        try:
            events.append(from_json(json.loads(line)))
        except (ValueError, RecursionError) as e:  # BadEvent and JSONDecodeError are ValueErrors
            why = e if isinstance(e, BadEvent) else "not JSON"
            raise ReplayError(f"{path}: log: event {i + 1}: {why}") from None
    return events
