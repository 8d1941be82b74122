"""Reading a replay or save file's JSON with limits checked before it is parsed, so a huge or
deeply nested file gets one line instead of exhausting memory or the interpreter's stack."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from game.save.errors import ReplayError
from game.scenario.input_files import NotReadable, input_problem, read_input

# A 30-round battle's save is about 0.1 MB; 16 MB is room for any real one. Reading costs about
# 20 times the file's size (bench/bench_hostile_memory.py: 1.3 GB for 63 MB), so no more.
MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 32  # a save nests 5 deep (file, commands, command, path, square)

_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+"', re.DOTALL)

if TYPE_CHECKING:
    import numpy as np


def read_object(path: Path) -> dict[str, object]:
    """The file's JSON object, or ReplayError saying in one line why it cannot be read."""
    raw = _read_bytes(path)
    depth = nesting(raw)
    if depth > MAX_DEPTH:
        raise ReplayError(f"{path}: nested {depth} deep; a replay or save nests at most {MAX_DEPTH} deep")
    try:
        text = raw.decode("utf-8")
        data = json.loads(text)
    except UnicodeDecodeError as e:
        raise ReplayError(f"{path}: not valid JSON: not UTF-8 text (byte {e.start})") from None
    except json.JSONDecodeError as e:
        if not text.strip():
            raise ReplayError(f"{path}: not valid JSON: the file is empty") from None
        if not text[e.pos :].strip() or e.msg.startswith("Unterminated string"):
            raise ReplayError(f"{path}: not valid JSON: it ends before the JSON does (cut short?)") from None
        raise ReplayError(f"{path}: not valid JSON: {e}") from None
    except ValueError:  # Python reads no whole number longer than 4,300 digits
        raise ReplayError(f"{path}: not valid JSON: a number too long to read (over 4,300 digits)") from None
    except RecursionError:  # the depth check above should have caught it first
        raise ReplayError(f"{path}: nested too deep to read") from None
    if not isinstance(data, dict):
        raise ReplayError(f"{path}: not a Rout replay or save: a JSON object is needed, not {_kind(data)}")
    return data


def _read_bytes(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ReplayError(
                f"{path}: {size:,} bytes is too large; a replay or save is at most {MAX_BYTES:,} bytes (16 MB)"
            )
        raw = read_input(path, MAX_BYTES)  # a pipe is refused unopened; a growing file held to the limit
    except FileNotFoundError:
        raise ReplayError(f"{path}: file: not found") from None
    except IsADirectoryError:
        raise ReplayError(f"{path}: a folder, not a replay or save file") from None
    except NotReadable as e:
        if input_problem(path) == "is a folder, not a file":
            raise ReplayError(f"{path}: a folder, not a replay or save file") from None
        raise ReplayError(f"{path}: {e.strerror}") from None
    except OSError as e:
        raise ReplayError(f"{path}: cannot be read: {e.strerror}") from None
    return raw


def nesting(raw: bytes) -> int:
    """How deep the JSON text's arrays and objects nest, brackets inside strings not counted."""
    bare = _STRING.sub(b"", raw)
    if not bare:
        return 0
    import numpy as np  # noqa: PLC0415  # numpy (0.05-0.1 s) is imported once a file is read, not at the window's start

    steps = _depth_steps()[np.frombuffer(bare, dtype=np.uint8)].astype(np.int32)
    return int(max(np.cumsum(steps).max(), 0))


@cache
def _depth_steps() -> np.ndarray[tuple[int], np.dtype[np.int8]]:
    """+1 for each byte that opens an array or object, -1 for each that closes one."""
    import numpy as np  # noqa: PLC0415

    steps = np.zeros(256, dtype=np.int8)
    steps[[ord("["), ord("{")]] = 1
    steps[[ord("]"), ord("}")]] = -1
    return steps


def _kind(value: object) -> str:
    return {list: "a list", str: "a string", bool: "true or false", type(None): "null"}.get(type(value), "a number")
