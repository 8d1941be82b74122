"""The player's named army lists, kept in armies.json in the user's data folder and written
atomically (as saves are): {"name": [["orc", 6], ["archer", 2]], ...}. A list naming a kind the
catalogue no longer has keeps its other kinds. A file that cannot be read gives no lists, says
so in one line, and is kept as armies.json.bad when a list is next saved; a link there is
replaced, not written through (game/save/data_file.py)."""

from __future__ import annotations

import json
from pathlib import Path

from game.home.user_dirs import data_dir
from game.save.data_file import read_json, warn, write_json

FILE_NAME = "armies.json"
FILE_BYTES = 512 * 1024
NAME_MAX = 24

Army = tuple[tuple[str, int], ...]


def file_path() -> Path:
    return data_dir() / FILE_NAME


def load_lists(path: Path | None = None) -> dict[str, Army]:
    """Every list by name, in name order; {} where there is no file or it cannot be read (said)."""
    path = path or file_path()
    read = read_json(path, FILE_BYTES)
    if read.problem:
        warn(path, read.problem, "no army lists read", "a list is next saved")
    return _lists(read.data)


def _lists(data: object) -> dict[str, Army]:
    if not isinstance(data, dict):
        return {}
    out: dict[str, Army] = {}
    for name, pairs in sorted(data.items()):
        if name_problem(name) is None and isinstance(pairs, list):
            army = tuple(
                (p[0], p[1])
                for p in pairs
                if isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and isinstance(p[1], int) and p[1] > 0
            )
            out[name] = army
    return out


def name_problem(name: object) -> str | None:
    if not isinstance(name, str) or not name.strip():
        return "a list needs a name"
    if len(name) > NAME_MAX or not name.isprintable():
        return f"a list's name is at most {NAME_MAX} printable characters"
    return None


def store_list(name: str, army: Army, path: Path | None = None) -> str:
    """Keep `army` under `name` (replacing a list of that name); the words to show the player."""
    why = name_problem(name)
    if why:
        return why
    path = path or file_path()
    read = read_json(path, FILE_BYTES)
    lists = _lists(read.data)
    lists[name.strip()] = army
    try:
        kept = write_json(
            path, json.dumps({k: [list(p) for p in v] for k, v in sorted(lists.items())}, indent=1) + "\n", read.problem
        )
    except OSError as e:
        return f"cannot save the list: {e.strerror or e}"
    said = f"army list {name.strip()!r} saved"
    return f"{path.name} could not be read: kept as {kept.name}; {said}" if kept else said
