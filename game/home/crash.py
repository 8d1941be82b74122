"""Crash logs: an unexpected error in the game window is written, with everything needed to
report and reproduce it, to a new file in the user's log folder; the player sees one line
saying where. Headless: the window hands over what it knew in a WindowCrash."""

from __future__ import annotations

import os
import platform
import shlex
import sys
import traceback
from collections.abc import Mapping
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from game import __version__

# EX_SOFTWARE from sysexits.h, "an internal software error": apart from 1 (Python's own uncaught
from game.home import user_dirs

# exception) and 2 (bad input), so a script can tell a bug in Rout from a mistake of its own.
EXIT_CRASH = 70


class WindowCrash(Exception):
    """An unexpected error in the window, with what the window knew when it happened (map,
    seed, commands played), to write beside the traceback."""

    def __init__(self, error: Exception, context: Mapping[str, str]) -> None:
        super().__init__(str(error))
        self.error = error
        self.context = dict(context)


def report(error: BaseException, context: Mapping[str, str] | None = None, now: datetime | None = None) -> int:
    """Write the crash log and say where in one line on stderr; return the exit status.

    When the log cannot be written the line says why, and the whole report (traceback first)
    goes to stderr instead: it is never lost."""
    now = now or datetime.now(UTC)
    text = crash_text(error, context or {}, now)
    what = headline(error)
    try:
        path = write_log(text, now)
    except OSError as e:
        why = f"{e.filename}: {e.strerror}" if e.filename and e.strerror else str(e)
        print(
            f"rout: unexpected error ({what}); the crash log could not be written ({why}), so here it is:",
            file=sys.stderr,
        )
        print(text, file=sys.stderr, end="")
        return EXIT_CRASH
    print(f"rout: unexpected error ({what}); details written to {path}", file=sys.stderr)
    return EXIT_CRASH


def headline(error: BaseException) -> str:
    """'ExcType: message' on one line, the type named as Python's traceback names it
    (pygame.error, RuntimeError); the message's first line only, and no colon without one."""
    kind = type(error)
    name = (
        kind.__qualname__ if kind.__module__ in ("builtins", "__main__") else f"{kind.__module__}.{kind.__qualname__}"
    )
    lines = str(error).strip().splitlines()
    return f"{name}: {lines[0]}" if lines else name


def crash_text(error: BaseException, context: Mapping[str, str], now: datetime) -> str:
    """The crash log: traceback, versions, command line, then what the window knew."""
    out = [f"Rout crashed at {now.strftime('%Y-%m-%d %H:%M:%S')} UTC: {headline(error)}", ""]
    out += "".join(traceback.format_exception(error)).rstrip("\n").splitlines()
    out += ["", *(f"{k}: {v}" for k, v in versions().items())]
    out.append(f"command line: {shlex.join(sys.argv)}")
    for key, value in context.items():
        if "\n" in value:
            out += ["", f"{key}:", *value.rstrip("\n").splitlines()]
        else:
            out.append(f"{key}: {value}")
    return "\n".join(out) + "\n"


def versions() -> dict[str, str]:
    """Rout's, Python's, pygame-ce's (and its SDL's, once pygame is loaded) and the platform."""
    return {
        "rout": __version__,
        "python": f"{platform.python_version()} ({platform.python_implementation()})",
        "pygame-ce": _pygame_version(),
        "platform": platform.platform(),
    }


def _pygame_version() -> str:
    pygame = sys.modules.get("pygame")  # never imported here: crash.py stays headless
    if pygame is not None:
        sdl = ".".join(str(n) for n in pygame.get_sdl_version())
        return f"{pygame.version.ver} (SDL {sdl})"
    try:
        return metadata.version("pygame-ce")
    except metadata.PackageNotFoundError:
        return "not installed"


def write_log(text: str, now: datetime) -> Path:
    """Write text to a new file named by the UTC time in the log folder, never over another.

    Exclusive create, so two crashes in the same second get two files (-2, -3, ...); a file
    that fails half-written is removed rather than left looking complete."""
    folder = user_dirs.made(user_dirs.log_dir())
    stem = "crash-" + now.strftime("%Y-%m-%dT%H%M%SZ")
    for n in range(1, 1000):
        path = folder / (f"{stem}.log" if n == 1 else f"{stem}-{n}.log")
        try:
            f = path.open("x", encoding="utf-8")
        except FileExistsError:
            continue
        try:
            with f:
                f.write(text)
        except BaseException:
            os.unlink(path)
            raise
        return path
    raise FileExistsError(f"{folder}: a thousand crash logs already carry the time {stem}")
