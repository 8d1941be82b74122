"""Writing files so that a failure never leaves a user's file half-written, and never replaces
anything that is not a plain file.

A file is written to a temporary file beside it, named ".NAME.RANDOM.tmp" (hidden, and never
mistaken for the output), then renamed into place. The temporary file is removed on any failure
the program sees (an error, Ctrl-C, a SIGTERM that the command line turns into an exception);
a run killed outright cannot clean up, and leaves only such a hidden ".tmp" file.

What may be replaced: a regular file the user may write. A symbolic link is followed to the
regular file it names, which is replaced (the link stays a link); a link to nothing or to
anything else is refused, as are folders, devices, pipes, sockets, the system's /dev and /proc,
and a file without write permission (made read-only on purpose).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import IO, TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # the command line imports this module before any event is made
    from game.core.events import Event

TEMP_SUFFIX = ".tmp"
_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)  # json.dumps's, made once
_SYSTEM = ("/dev/", "/proc/")

_NO_MODES = {errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM}  # a chmod where files have no modes


class NotWritable(OSError):
    """A path the game will not write over; strerror says why in words for the player."""

    def __init__(self, path: str | Path, why: str) -> None:
        super().__init__(errno.EPERM, why, str(path))


def target_problem(path: str | Path) -> str | None:
    """Why a file cannot be written at path by a rename, in words, or None when it can."""
    p = Path(path)
    if _system(p):
        return "is a device or a system file, not a file to write into (for standard output use -)"
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        return _folder_problem(p.parent)
    except OSError as e:
        return f"cannot be looked at: {e.strerror}"
    if stat.S_ISLNK(st.st_mode):
        return _link_problem(p)
    if stat.S_ISDIR(st.st_mode):
        return "is a folder, not a file"
    if not stat.S_ISREG(st.st_mode):
        return "is not a regular file (a pipe, a device or a socket); refusing to replace it"
    if not st.st_mode & 0o222 or not os.access(p, os.W_OK):
        return "is read-only; refusing to replace it"
    return _folder_problem(p.parent)


def _link_problem(link: Path) -> str | None:
    """A symbolic link is written through to the regular file it names, and to nothing else."""
    real = Path(os.path.realpath(link))
    if not real.exists():
        return "is a symbolic link to nothing; refusing to write through it"
    why = target_problem(real)
    return f"is a symbolic link to {str(real)!r}, which {why}" if why else None


def folder_problem(path: str | Path) -> str | None:
    """Why a new folder of files cannot be put at path, or None: it must not exist yet, or be an
    empty folder (a link to one is followed); nothing in a folder is ever written over."""
    p = Path(path)
    if _system(p):
        return "is a device or a system file, not a folder to write into"
    real = Path(os.path.realpath(p))
    if p.is_symlink() and not real.exists():
        return "is a symbolic link to nothing; refusing to write through it"
    if real.exists():
        if not real.is_dir():
            return "is a file, not a folder"
        if any(real.iterdir()):
            return "already holds files; name a new or empty folder (nothing in it is written over)"
    parent = real.parent
    while not parent.exists():
        parent = parent.parent
    return _folder_problem(parent)


def _system(p: Path) -> bool:
    seen = (os.path.abspath(p), os.path.realpath(p))
    return os.name == "posix" and any(s.startswith(_SYSTEM) or s in ("/dev", "/proc") for s in seen)


def _folder_problem(folder: Path) -> str | None:
    folder = folder if str(folder) else Path(".")
    if not folder.is_dir():
        return f"no folder {str(folder)!r} to write into"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {str(folder)!r} cannot be written into"
    return None


def real_target(path: str | Path) -> Path:
    """The file a write to path replaces: the regular file a symbolic link names, or path."""
    p = Path(path)
    return Path(os.path.realpath(p)) if p.is_symlink() else p


@contextmanager
def _temp_beside(path: str | Path) -> Iterator[tuple[int, int]]:
    """(descriptor, mode) of a temporary file beside path's target, renamed over the target when
    the block ends without error and removed otherwise. Raise NotWritable, before anything is
    written, where target_problem says no."""
    why = target_problem(path)
    if why:
        raise NotWritable(path, why)
    target = real_target(path)
    mode = _mode_for(target)
    held = _hold_stops()
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=str(target.parent or Path(".")))
    except BaseException:
        _release_stops(held)
        raise
    try:
        _release_stops(held)  # a stop that came while the file was made is raised here, where it is removed
        yield fd, mode
        os.replace(tmp, target)
        _sync_folder(target.parent)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


_STOPS = (signal.SIGINT, signal.SIGTERM)
_Handler = Callable[[int, FrameType | None], Any] | int | None


@dataclass
class _HeldStops:
    """The stop signals' own handlers, and the stops that came while they were held."""

    handlers: dict[int, _Handler]
    came: list[tuple[int, FrameType | None]] = field(default_factory=list)


def _hold_stops() -> _HeldStops | None:
    """Hold Ctrl-C and SIGTERM back while a temporary file is made: one that arrived between its
    creation and the `try` that removes it would leave it behind (a stopped run did, under load).
    Python runs signal handlers in the main thread whichever thread the system chose, so a
    handler that only notes the stop holds it for the whole process. None off the main thread,
    where handlers cannot be changed (nor do they run there)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    held = _HeldStops({})
    for s in _STOPS:
        held.handlers[s] = signal.signal(s, lambda signum, frame: held.came.append((signum, frame)))
    return held


def _release_stops(held: _HeldStops | None) -> None:
    """Give the stop signals their handlers back, then act on a stop that came meanwhile as they
    would have (raising KeyboardInterrupt or the command line's Terminated, here)."""
    if held is None:
        return
    for s, handler in held.handlers.items():
        signal.signal(s, handler if handler is not None else signal.SIG_DFL)  # a pending stop is noted first
    for signum, frame in held.came:
        handler = held.handlers[signum]
        if callable(handler):
            handler(signum, frame)
        elif handler in (signal.SIG_DFL, None):
            os.kill(os.getpid(), signum)  # the default: the process ends, as it would have


def _settle(f: IO[Any], mode: int) -> None:
    """Give the finished file its mode and put it on the disk before it is renamed into place."""
    f.flush()
    _mode_if_kept(lambda: os.fchmod(f.fileno(), mode))
    os.fsync(f.fileno())


@contextmanager
def atomic_file(path: str | Path) -> Iterator[TextIO]:
    """A text file to write into, put in place at path only when the block ends without error.

    The file keeps its mode; a new one gets the mode the umask gives (the temporary file starts
    as 0600). Raise NotWritable, before anything is written, where target_problem says no."""
    with _temp_beside(path) as (fd, mode), os.fdopen(fd, "w", encoding="utf-8") as f:
        yield f
        _settle(f, mode)


def write_atomic_bytes(path: str | Path, data: bytes) -> None:
    """Write bytes to path as write_atomic writes text (a picture, say)."""
    with _temp_beside(path) as (fd, mode), os.fdopen(fd, "wb") as f:
        f.write(data)
        _settle(f, mode)


def write_atomic(path: str | Path, text: str) -> None:
    """Write text to path through a temporary file in the same folder, flushed to the disk and
    renamed into place: the old file stays whole until the new one is, even if the machine stops."""
    with atomic_file(path) as f:
        f.write(text)


@contextmanager
def atomic_folder(path: str | Path) -> Iterator[Path]:
    """A fresh hidden folder beside path to fill; renamed to path when the block ends without
    error, removed otherwise. A killed run leaves only the hidden ".NAME.RANDOM.tmp" folder,
    never a half-filled folder at path."""
    why = folder_problem(path)
    if why:
        raise NotWritable(path, why)
    target = Path(os.path.realpath(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    held = _hold_stops()
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=str(target.parent)))
    except BaseException:
        _release_stops(held)
        raise
    try:
        _release_stops(held)  # a stop that came while the folder was made is raised here, where it is removed
        yield tmp
        for f in tmp.iterdir():
            _sync_file(f)
        _sync_folder(tmp)
        _mode_if_kept(lambda: tmp.chmod(stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o777 & ~_umask()))
        os.replace(tmp, target)  # over an empty folder, or into a new name
        _sync_folder(target.parent)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _mode_if_kept(change: Callable[[], None]) -> None:
    """Give a file its mode where the file system keeps modes: FAT, exFAT and some FUSE file
    systems answer a chmod with "Function not implemented" or "Operation not permitted", and the
    file is still written, with the mode such a file system gives every file."""
    try:
        change()
    except OSError as e:
        if e.errno not in _NO_MODES:
            raise


def _sync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


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


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return 0o666 & ~_umask()


def json_line(value: object) -> str:
    """One JSON value written as a line of the event log writes its events."""
    return _COMPACT.encode(value)


def event_lines(events: Iterable[Event]) -> str:
    """The event log as JSON Lines, byte for byte the same for the same battle."""
    encode = _COMPACT.encode
    return "".join(encode(e.to_json()) + "\n" for e in events)
