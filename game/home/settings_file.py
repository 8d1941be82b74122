"""The settings file as the player may have left it: edited in place, one line a changed setting,
so that comments, blank lines and keys this version does not know (a newer one's) stay; and a
file that cannot be read is never written over, but kept beside it as settings.toml.bad (or
.bad.1, .bad.2, ...: an older one is never replaced). The data folder's JSON files are kept
aside the same way (game/save/data_file.py)."""

from __future__ import annotations

import errno
import os
import re
import shutil
from pathlib import Path

BAD_SUFFIX = ".bad"
_MAX_KEPT = 1000  # damaged copies kept at most; then the oldest name is reused


def kept_name(path: Path) -> Path:
    """The name a damaged file at path would be kept under now: the first free of
    settings.toml.bad, settings.toml.bad.1, settings.toml.bad.2, ..."""
    for n in range(_MAX_KEPT):
        candidate = path.with_name(path.name + BAD_SUFFIX + (f".{n}" if n else ""))
        if not os.path.lexists(candidate):
            return candidate
    return path.with_name(path.name + BAD_SUFFIX)  # all taken: keep_aside says so


def keep_aside(path: Path) -> Path:
    """Move the file at path to its kept name, never onto an existing file; return where it went."""
    kept = kept_name(path)
    try:
        os.link(path, kept)  # fails, rather than replaces, if the name was taken meanwhile
    except FileExistsError:
        raise OSError(errno.EEXIST, f"no free name to keep the damaged {path.name} under", str(kept)) from None
    except OSError:  # a file system without hard links
        shutil.copyfile(path, kept)
    os.unlink(path)
    return kept


def _key_line(key: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')\s*=")


def edited(text: str, lines: dict[str, str]) -> str:
    """The file's text with each key's line replaced by `key = value` (lines maps key to value
    as TOML), and a key it lacks added before its first table; every other line as it was."""
    out = text.splitlines(keepends=True)
    if out and not out[-1].endswith("\n"):
        out[-1] += "\n"
    first_table = next((i for i, line in enumerate(out) if line.lstrip().startswith("[")), len(out))
    added: list[str] = []
    for key, value in lines.items():
        found = _key_line(key)
        at = next((i for i in range(first_table) if found.match(out[i])), None)
        if at is None:
            added.append(f"{key} = {value}\n")
        else:
            out[at] = f"{key} = {value}\n"
    return "".join(out[:first_table] + added + out[first_table:])
