"""The quick battles' maps in the data folder: the tileset they name, and clearing those no save
needs any more.

A quick map names a copy of the shipped tileset kept beside it (`terrain-<digest>.tsx` and its
picture), never the installed game's folder, which moves with each Python or Rout install
(docs/decisions.md, "Quick battles' maps"). The copy is named by its content's digest, so a map
keeps the tiles it was played on after Rout ships other ones, and a save replays as it was.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from game.home import bundled
from game.save.autosave import saves_folder
from game.save.files import write_atomic_bytes
from game.save.map_paths import QUICK_PREFIX, quick_maps_folder

_QUICK_NAME = re.compile(rf"{re.escape(QUICK_PREFIX)}[0-9a-f]{{16}}\.tmx")
_NAMED = re.compile(rb"quick-[0-9a-f]{16}\.tmx")
_IMAGE = re.compile(r'(<image\b[^>]*\bsource=")([^"]*)(")')


def shipped_tileset(folder: Path) -> str:
    """The name, relative to `folder`, of a copy of the shipped tileset written there if it is
    not there yet (the .tsx with its image named beside it, and the image)."""
    tsx = (bundled.MAPS / "terrain.tsx").read_text(encoding="utf-8")
    found = _IMAGE.search(tsx)
    if found is None:
        raise ValueError("the shipped tileset names no image")
    picture = ((bundled.MAPS / found[2]).resolve()).read_bytes()
    digest = hashlib.sha256(tsx.encode() + b"\0" + picture).hexdigest()[:12]
    image_name = f"terrain-{digest}.png"
    text = _IMAGE.sub(lambda m: f"{m[1]}{image_name}{m[3]}", tsx, count=1)
    _keep(folder / image_name, picture)
    tsx_name = f"terrain-{digest}.tsx"
    _keep(folder / tsx_name, text.encode())
    return tsx_name


def _keep(path: Path, content: bytes) -> None:
    """Write the file unless it already holds exactly this (a damaged copy is mended)."""
    if not path.is_file() or path.read_bytes() != content:
        write_atomic_bytes(path, content)


def unneeded(keep: Path | None = None) -> list[Path]:
    """The quick maps (`quick-<16 hex digits>.tmx` in their folder, nothing else) that no file in
    the saves folder names (saves and autosaves alike), other than `keep`."""
    folder = quick_maps_folder()
    if not folder.is_dir():
        return []
    maps = [p for p in folder.iterdir() if _QUICK_NAME.fullmatch(p.name) and p.is_file() and not p.is_symlink()]
    if not maps:
        return []
    named = _named_in_saves()
    kept = keep.name if keep is not None and keep.parent.resolve() == folder.resolve() else None
    return sorted(p for p in maps if p.name not in named and p.name != kept)


def _named_in_saves() -> set[str]:
    """Every quick map name written anywhere in a saves folder's .json files: a save names its
    map in its "map" field; reading the bytes, not the JSON, errs towards keeping a map."""
    folder = saves_folder()
    names: set[str] = set()
    if not folder.is_dir():
        return names
    for p in folder.iterdir():
        if p.suffix != ".json" or not p.is_file():
            continue
        names.update(m.decode() for m in _NAMED.findall(p.read_bytes()))  # OSError: see clear_unneeded
    return names


def clear_unneeded(keep: Path | None = None) -> list[Path]:
    """Remove the quick maps no save names, other than `keep`; those removed. A save that cannot
    be read stops the clearing (it may name any of them)."""
    try:
        gone = unneeded(keep)
    except OSError:
        return []
    for p in gone:
        p.unlink(missing_ok=True)
    return gone
