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


# The words a shipped map's description once ended with: its balance figures, which left the
# descriptions for maps/README.md ("Balance") in Rout 0.5 (issue 37: "no designer statistics in
# a scenario's description"). A save made before names the map's bytes as they were; only the
# words changed, not the battle, so the map as it is still opens it.
FORMER_ENDINGS: dict[str, tuple[str, ...]] = {
    "skirmish.tmx": (" Measured: blue 52%, red 48%, draws 0% over 40 AI games.",),
    "starter.tmx": (" Measured: blue 52%, red 48%, draws 0% over 40 AI games.",),
    "duel.tmx": (" Measured: blue 50%, red 50%, draws 0% over 40 AI games.",),
    "meeting.tmx": (" Measured: blue 48%, red 52%, draws 0% over 40 AI games.",),
    "battle.tmx": (" Measured: blue 55%, red 45%, draws 0% over 40 AI games.",),
    "melee3.tmx": (" Measured: blue 32%, green 38%, red 30%, draws 0% over 40 AI games.",),
}
_DESCRIPTION = b'<property name="description" value="'


def digests(path: Path) -> set[str]:
    """The SHA-256 of the map's bytes, and for a shipped map also of its bytes as they were before
    each change of its words alone (FORMER_ENDINGS)."""
    data = path.read_bytes()
    found = {hashlib.sha256(data).hexdigest()}
    shipped = bundled.MAPS / path.name
    if path.name in FORMER_ENDINGS and shipped.is_file() and shipped.resolve() == path.resolve():
        start = data.find(_DESCRIPTION)
        end = data.find(b'"', start + len(_DESCRIPTION)) if start >= 0 else -1
        for ending in FORMER_ENDINGS[path.name] if end >= 0 else ():
            found.add(hashlib.sha256(data[:end] + ending.encode() + data[end:]).hexdigest())
    return found
