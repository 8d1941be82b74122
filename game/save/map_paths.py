"""Where a replay or save finds its map: stored relative to the file, so the two can move
together, and looked for in a fixed order when the file is opened.

A shipped map is stored by its name ("battle.tmx"): the installed game's folder moves with each
Python or Rout install, and the name opens the shipped map from any of them. Any other map is
stored relative to the file's folder (absolute if there is no relative path, as between two
Windows drives). A quick battle's map (game/ui/quick/field.py), written in the user's data
folder under a name made of its digest, is stored by that name. Opening looks beside the file
first, then at the path as stored (absolute, or relative to the working folder, as replays
written before this were), then at the shipped maps and the quick battles' maps.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from game.home import bundled
from game.home.user_dirs import data_dir

QUICK_PREFIX = "quick-"  # a quick battle's map: quick-<the first 16 hex digits of its SHA-256>.tmx


def quick_maps_folder() -> Path:
    """Where quick battles' maps are written: maps/ in the user's data folder."""
    return data_dir() / "maps"


def is_quick_map(path: str | Path) -> bool:
    """Whether a map is a quick battle's (written in the quick maps' folder under its digest)."""
    p = Path(path)
    return p.name.startswith(QUICK_PREFIX) and p.parent.resolve() == quick_maps_folder().resolve()


def stored_map(map_path: str | Path, file: str | Path) -> str:
    """The map's path as a replay or save at `file` records it."""
    where = Path(map_path).resolve()
    shipped = bundled.MAPS / where.name
    if shipped.is_file() and shipped.resolve() == where:
        return where.name
    if is_quick_map(where):
        return where.name
    try:
        return Path(os.path.relpath(where, Path(file).resolve().parent)).as_posix()
    except ValueError:  # no relative path between them (another drive)
        return str(where)


def candidates(stored: str, file: str | Path) -> list[Path]:
    """Where to look for a stored map, in order, without repeats."""
    out = [Path(file).parent / stored, Path(stored)]
    if Path(stored).name == stored:  # a bare name may be a shipped map
        out += [bundled.MAPS / stored, bundled.MAPS / f"{stored}.tmx"]
        if stored.startswith(QUICK_PREFIX):
            out.append(quick_maps_folder() / stored)
    seen: set[str] = set()
    unique = []
    for p in out:
        key = os.path.normpath(os.path.abspath(p))
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return unique


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
