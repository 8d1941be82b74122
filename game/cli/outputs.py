"""Where the command line writes (docs/command-line.md, "Outputs and inputs").

Every output a command names is checked before any work starts: it must be a file that can be
replaced whole (game/save/files.py says which), it must not be any file the command reads (the
map, its tilesets and their images, its catalogues and lesson script, the game's sprites, icons,
marks and font: game/scenario/inputs.py; the replay or save being run), and no two
outputs may be one file. Paths are compared as the files they reach, so a symbolic or a hard
link to an input counts as that input, and, on a file system that finds a name whatever its case
(FAT, exFAT, macOS's and Windows' defaults), `TERRAIN.PNG` counts as `terrain.png` even where
the file system gives no stable inode numbers to compare. `-` is standard output, where a flag
allows it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Self, TextIO

from game.save.files import atomic_file, atomic_folder, event_lines, folder_problem, target_problem

if TYPE_CHECKING:  # every run of rout imports this module: the events behind a game stay out
    from game.play.game_result import GameResult

STDOUT = "-"
STDERR = "\0stderr"  # --explain without a file; no path a user can type holds a NUL


class UsageError(Exception):
    """Bad input on the command line: one line, exit 2."""


Inputs = Iterable[tuple[Path, str]]


def check_outputs(
    named: dict[str, str | None], inputs: Inputs, *, stdout: Collection[str] = (), folders: Collection[str] = ()
) -> None:
    """Refuse, in one line naming the path as typed, any output that would be lost or would
    destroy a file: `named` maps each flag to its path (None when not given); the flags in
    `stdout` may be `-`; those in `folders` name a new or empty folder of files."""
    inputs = list(inputs)
    seen: list[tuple[str, str]] = []
    for flag, typed in named.items():
        if typed is None or typed == STDERR:
            continue
        if not typed.strip():
            raise UsageError(f"{flag} needs a file name, not an empty one")
        if typed == STDOUT and flag not in stdout:
            raise UsageError(f"{flag} names a file, and - (standard output) is not one")
        if typed != STDOUT:
            why = folder_problem(typed) if flag in folders else target_problem(typed)
            if why:
                raise UsageError(f"{typed}: {why}")
            for path, what in inputs:
                if _same(typed, str(path)):
                    raise UsageError(f"{typed}: refusing to overwrite an input file ({what}, {path}) with {flag}")
        for other, other_typed in seen:
            if _same(typed, other_typed) or _within(typed, other_typed) or _within(other_typed, typed):
                raise UsageError(f"{typed}: named by both {other} and {flag}; one would be lost")
        seen.append((flag, typed))


def _same(a: str, b: str) -> bool:
    if STDOUT in (a, b):
        return a == b
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        if os.path.samefile(a, b):  # a hard link, or a path through a folder link
            return True
    except OSError:  # one of them does not exist yet
        return False
    return _same_but_for_case(os.path.realpath(a), os.path.realpath(b))


def _same_but_for_case(a: str, b: str) -> bool:
    """Whether two existing paths, spelt apart only by case, are one file found case-blind: a
    case-insensitive file system finds a name of another case though no entry of its folder is
    spelt so, where a case-sensitive one holds each spelling as an entry of its own."""
    if a.casefold() != b.casefold():
        return False
    return not (_spelt_so(a) and _spelt_so(b))


def _spelt_so(path: str) -> bool:
    """Whether each part of an existing path, from the root down, is an entry of its folder
    spelt exactly so."""
    at = Path(path).anchor
    for name in Path(path).parts[1:]:
        try:
            if name not in os.listdir(at):
                return False
        except OSError:
            return True  # a folder that cannot be listed: taken as spelt so
        at = os.path.join(at, name)
    return True


def _within(a: str, folder: str) -> bool:
    if STDOUT in (a, folder):
        return False
    return os.path.realpath(a).startswith(os.path.realpath(folder).rstrip(os.sep) + os.sep)


@contextmanager
def text_output(typed: str) -> Iterator[TextIO]:
    """Where one text output goes: standard output for -, standard error for STDERR, else a file
    put in place whole when the block ends without error."""
    if typed == STDOUT:
        yield sys.stdout
    elif typed == STDERR:
        yield sys.stderr
    else:
        with atomic_file(typed) as f:
            yield f


class GameWriter:
    """The event logs and AI explanations of `rout simulate`, written as the games come: one log
    to a file or `-`, several to a new folder (filled hidden, renamed into place when whole)."""

    def __init__(self, log: str | None, explain: str | None, games: int) -> None:
        self.log, self.explain, self.games = log, explain, games
        self._stack = ExitStack()
        self._folder: Path | None = None
        self._explain: TextIO | None = None

    def __enter__(self) -> Self:
        with ExitStack() as stack:
            if self.explain is not None:
                self._explain = stack.enter_context(text_output(self.explain))
            if self.log is not None and self.games > 1:
                self._folder = stack.enter_context(atomic_folder(self.log))
            self._stack = stack.pop_all()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self._stack.__exit__(kind, error, tb)

    def add(self, game: GameResult) -> None:
        """Write one game's explanation lines and event log."""
        if self._explain is not None:
            self._explain.writelines(line + "\n" for line in game["explain"])
        if self.log is None:
            return
        if self._folder is not None:
            (self._folder / f"game_{game['seed']}.jsonl").write_text(
                event_lines(game["events"] or []), encoding="utf-8"
            )
        else:
            with text_output(self.log) as f:
                f.write(event_lines(game["events"] or []))


def progress_bar(total: int) -> Callable[[int | None], None] | None:
    """A progress bar on stderr when it is a terminal; nothing otherwise (logs stay clean)."""
    if total < 2 or not sys.stderr.isatty():
        return None

    def show(done: int | None) -> None:
        if done is None:
            sys.stderr.write("\r" + " " * 60 + "\r")
        else:
            width = 30
            fill = width * done // total
            sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} games")
        sys.stderr.flush()

    return show
