"""Reading a file a command reads (a map, a tileset, a picture, a catalogue, a lesson script, the
settings): only a regular file, and never more of it than such a file can legitimately hold.

A pipe, a device or a socket given where a file is wanted would block the reader or never end
(`/dev/zero`), so the file is opened without waiting (O_NONBLOCK: opening a pipe for reading does
not wait for a writer) and refused, before a byte is read, unless the opened file is a regular
one. A symbolic link is followed to the file it names, which is held to the same rule.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

KB = 1024
MB = 1024 * KB
# What each kind of file can hold at most: the largest shipped one is a small part of each.
MAP_BYTES = 16 * MB  # a 200x200 map of four CSV layers is under 1 MB
TILESET_BYTES = 16 * MB
CATALOGUE_BYTES = 4 * MB  # the game's own is 30 KB
SCRIPT_BYTES = 1 * MB  # a lesson script is a few KB
POINTS_BYTES = 1 * MB  # the shipped points file is 4 KB
SETTINGS_BYTES = 64 * KB  # the game writes about 1 KB
PICTURE_BYTES = 64 * MB  # a tileset or sprite sheet is tens of KB


class NotReadable(OSError):
    """A file the game will not read; strerror says why in words for the player."""

    def __init__(self, path: str | Path, why: str) -> None:
        super().__init__(errno.EINVAL, why, str(path))


def input_problem(path: str | Path) -> str | None:
    """Why the file at path is not one to read (it is missing, a folder, a pipe, a device or a
    socket), in words, or None when it is a regular file. Looking never opens it."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return "not found"
    except OSError as e:
        return f"cannot be looked at: {e.strerror or e}"
    return _kind_problem(st.st_mode)


def _kind_problem(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    return "is not a regular file (a pipe, a device or a socket); refusing to read it"


def read_input(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at path, at most `limit` of them; NotReadable (an OSError)
    saying why not, before anything is read, for anything else or anything larger."""
    why = input_problem(path)
    if why == "not found":
        raise FileNotFoundError(errno.ENOENT, "not found", str(path))
    if why:
        raise NotReadable(path, why)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        why = _kind_problem(os.fstat(fd).st_mode)  # what was opened, if the path changed since
        if why:
            raise NotReadable(path, why)
        data = _read_up_to(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise NotReadable(path, f"is larger than {_size(limit)}, more than such a file can hold")
    return data


def _read_up_to(fd: int, most: int) -> bytes:
    """At most `most` bytes, read a megabyte at a time: one read of `most` would set aside that
    much memory however small the file."""
    data = bytearray()
    while len(data) < most:
        chunk = os.read(fd, min(MB, most - len(data)))
        if not chunk:
            break
        data += chunk
    return bytes(data)


def _size(n: int) -> str:
    return f"{n // MB} MB" if n >= MB else f"{n // KB} KB"
