"""A small JSON file the game keeps for itself in the user's data folder (progress.json,
armies.json, quick.json): reading it never fails, and saving never destroys what was there.

- A missing file is no data. One that cannot be read (a folder, a pipe, larger than such a file
  can be), is not JSON, or nests too deep for the parser (200,000 '[': a RecursionError) is no
  data either, and a reason in one line.
- Saving is whole or not at all (game/save/files.py). A damaged file is kept aside first, as
  NAME.bad (or .bad.1, ...: game/home/settings_file.py), never written over.
- A symbolic link at the file's name is replaced by the file, not written through: the folder is
  the game's, and a link there must not make a save overwrite a file somewhere else.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from game.home.settings_file import keep_aside, kept_name
from game.home.user_dirs import made
from game.save.files import write_atomic
from game.scenario.input_files import input_problem, read_input


@dataclass(frozen=True)
class Read:
    """The file's JSON, why it could not be read ("" if it could), and whether there is no file."""

    data: object = None
    problem: str = ""
    missing: bool = False


def read_json(path: Path, most: int) -> Read:
    """The JSON in the file at path, of at most `most` bytes; never an exception."""
    try:
        raw = read_input(path, most)
    except FileNotFoundError:
        return Read(missing=True)
    except OSError as e:
        return Read(problem=f"cannot be read ({e.strerror or e})")
    try:
        return Read(json.loads(raw.decode("utf-8")))
    except RecursionError:
        return Read(problem="is not JSON (nested too deep)")
    except json.JSONDecodeError as e:
        return Read(problem=f"is not JSON (line {e.lineno}, column {e.colno}: {e.msg})")
    except UnicodeDecodeError:
        return Read(problem="is not JSON (not UTF-8 text)")
    except ValueError as e:  # a number of more digits than int() takes
        return Read(problem=f"is not JSON ({str(e)[:60]})")


def kept_note(path: Path, when: str) -> str:
    """What becomes of a damaged file, said where it is found; '' for what is not a file to keep
    (a folder, a pipe or a device: nothing is written over it either)."""
    if input_problem(path) is not None:
        return ""
    return f"; it will be kept as {kept_name(path).name} when {when}"


def warn(path: Path, problem: str, instead: str, when: str) -> None:
    """One line on stderr: what is wrong with the file, what is used instead, what becomes of it."""
    print(f"rout: {path} {problem}; {instead}{kept_note(path, when)}", file=sys.stderr)


def write_json(path: Path, text: str, problem: str) -> Path | None:
    """Put `text` at path whole, in place of a link there; a file read with a problem (damaged)
    is kept aside first. Where it was kept, or None; OSError if it cannot be written."""
    made(path.parent)
    kept = None
    if problem and input_problem(path) is None:
        kept = keep_aside(path)  # a link's file is kept (linked or copied), the link removed
    elif path.is_symlink():
        path.unlink()  # the link, not the file it names
    write_atomic(path, text)
    return kept
