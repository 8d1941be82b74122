"""Renaming and deleting saves in the saves folder (the menu's save browser): a new name must be
a plain file name that no file has yet, and nothing is ever written over."""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

MAX_NAME = 80  # characters before .json
_SAFE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.,()+-]*")


class SaveNameError(ValueError):
    """Why a save cannot take a name, in words for the player."""


def name_problem(name: str) -> str | None:
    """Why `name` (without .json) is not a save's name to give, or None: letters, digits,
    spaces and _ . , ( ) + - only, starting with a letter or digit (no folder, no hidden file)."""
    if not name.strip():
        return "a save needs a name"
    if len(name) > MAX_NAME:
        return f"a save's name is at most {MAX_NAME} characters"
    if not _SAFE.fullmatch(name) or name.endswith((".", " ")):
        return "a save's name holds letters, digits, spaces and _ . , ( ) + - only, and starts with a letter or digit"
    return None


def rename_save(path: Path, name: str) -> Path:
    """Give the save at `path` the name `name` (.json added) in its folder; the new path. Raises
    SaveNameError (an unsafe name, or one a file already has) or OSError; never replaces a file."""
    name = name.strip().removesuffix(".json")
    why = name_problem(name)
    if why:
        raise SaveNameError(why)
    new = path.with_name(f"{name}.json")
    if new == path:
        return path
    if os.path.lexists(new) and not _same_file_other_case(path, new):
        raise SaveNameError(f"a save is already named {new.name}")
    try:
        os.link(path, new)  # fails, rather than replaces, if the name was taken meanwhile
    except FileExistsError:
        if not _same_file_other_case(path, new):
            raise SaveNameError(f"a save is already named {new.name}") from None
        os.rename(path, new)  # a case-blind folder: only the letters' case changes
        return new
    except OSError as e:
        if e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK):
            raise
        os.rename(path, new)  # a file system without hard links (checked just above)
        return new
    os.unlink(path)
    return new


def _same_file_other_case(path: Path, new: Path) -> bool:
    """Whether `new` is `path` itself under other letters' case (a case-blind folder)."""
    try:
        return os.path.samefile(path, new)
    except OSError:
        return False


def delete_save(path: Path) -> None:
    """Remove the save at `path` (the browser asks first); OSError if it cannot be."""
    if path.is_symlink() or not path.is_file():
        raise OSError(errno.EINVAL, "not a save file", str(path))
    path.unlink()
