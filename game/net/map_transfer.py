"""Sending the battle's map in the handshake. A shipped map goes by name and digest (the joiner
has it); a map of the host's own goes whole, with its tilesets, their images, its catalogue and
its lesson, size-limited, and is stored under the joiner's data folder in a new folder named by
its digest, never where the host names (docs/formats.md#network-play)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
from pathlib import Path, PurePosixPath

from game.home import user_dirs
from game.home.bundled import MAPS
from game.net.protocol import MAP_BYTES, ProtocolError, shown
from game.save.files import atomic_folder
from game.save.map_paths import file_sha256
from game.scenario.catalogue import CATALOGUE
from game.scenario.inputs import art_inputs, map_inputs

MAX_FILES = 64
_PART = 100  # characters in one part of a relative path


class Unsendable(ValueError):
    """A map the host cannot send; the text is its one line."""


def received_folder() -> Path:
    """Where maps sent by hosts are kept: `received_maps` in the data folder."""
    return user_dirs.data_dir() / "received_maps"


def is_shipped(path: Path) -> bool:
    return path.resolve().parent == MAPS.resolve() and (MAPS / path.name).is_file()


def describe(path: str | Path) -> dict[str, object]:
    """The welcome's "map": a shipped map's name and digest, or a map of the host's own, whole."""
    path = Path(path)
    if is_shipped(path):
        return {"shipped": path.name, "sha256": file_sha256(path)}
    named = own_files(path)
    _check_received(path, named)
    own = [p for p in named if p.is_file()]
    root = Path(os.path.commonpath([p.resolve().parent for p in own]))
    files = {p.resolve().relative_to(root).as_posix(): p.read_bytes() for p in own}
    if sum(len(b) for b in files.values()) > MAP_BYTES:
        raise Unsendable(f"{path}: the map and its files are over {MAP_BYTES // 2**20} MiB, too big to send")
    return {
        "name": path.resolve().relative_to(root).as_posix(),
        "sha256": folder_sha256(files),
        "files": {k: base64.b64encode(v).decode("ascii") for k, v in files.items()},
    }


def own_files(path: Path) -> dict[Path, str]:
    """Each file the map reads beyond the game's own catalogue and art (map_inputs ends with the
    art, which every Rout has), with what it is in words."""
    every = map_inputs(path)
    mine = every[: len(every) - len(art_inputs())]
    out: dict[Path, str] = {}
    for p, what in mine:
        if p != CATALOGUE:
            out.setdefault(p, what)
    return out


def _outside(named: dict[Path, str], folder: Path) -> tuple[Path, str] | None:
    """The first of the files named that is not inside `folder`, found as the file system finds it."""
    inside = folder.resolve()
    return next(((p, what) for p, what in named.items() if not p.resolve().is_relative_to(inside)), None)


def _check_received(path: Path, named: dict[Path, str]) -> None:
    """A map another host sent, hosted again (an autosave of a joined battle), goes on only with
    the files that came with it: one received before joiners refused outside files may name one
    of this machine's, which must not leave it."""
    home = received_folder().resolve()
    where = path.resolve()
    if not where.is_relative_to(home) or where.parent == home:
        return
    if found := _outside(named, home / where.relative_to(home).parts[0]):
        raise Unsendable(f"{path}: a received map naming a file outside what was sent ({found[0]}); it is not sent on")


def folder_sha256(files: dict[str, bytes]) -> str:
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode("utf-8") + b"\0" + hashlib.sha256(files[name]).digest())
    return h.hexdigest()


def receive(desc: dict[str, object]) -> Path:
    """The map a welcome describes, found among the shipped ones or stored in a new folder under
    received_folder(); ProtocolError, one line, if it is not what it claims or breaks a limit."""
    sha = desc.get("sha256")
    if not isinstance(sha, str):
        raise ProtocolError("the map comes without its digest")
    shipped = desc.get("shipped")
    if isinstance(shipped, str):
        path = MAPS / shipped
        if PurePosixPath(shipped).name != shipped or not path.is_file():
            raise ProtocolError(f"the host's map {shown(shipped)} is not one this Rout ships")
        if file_sha256(path) != sha:
            raise ProtocolError(f"the host's {shipped} differs from this Rout's: play with the same version")
        return path
    files = _files(desc.get("files"))
    name = desc.get("name")
    if not isinstance(name, str) or name not in files or not name.endswith(".tmx"):
        raise ProtocolError("the map's 'name' is not one of the .tmx files sent")
    if folder_sha256(files) != sha:
        raise ProtocolError("the map's files do not match their digest")
    folder = received_folder() / sha[:32]
    if not folder.is_dir():
        user_dirs.made(received_folder())
        with atomic_folder(folder) as fresh:
            for rel, data in files.items():
                target = fresh.joinpath(*PurePosixPath(rel).parts)
                target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                target.write_bytes(data)
    path = folder.joinpath(*PurePosixPath(name).parts)
    # A received map reads only the files that came with it (and the game's own catalogue and
    # art): a tileset, picture or catalogue named by an absolute or `../` path would read a file
    # of this machine's, and re-hosting the battle would send it on to the next joiner.
    if found := _outside(own_files(path), folder):
        raise ProtocolError(
            f"the host's map names a file outside what it sent ({found[1]}: {shown(str(found[0]), 80)})"
        )
    return path


def _files(raw: object) -> dict[str, bytes]:
    if not isinstance(raw, dict) or not raw or len(raw) > MAX_FILES:
        raise ProtocolError(f"the map must come as 1 to {MAX_FILES} files")
    out: dict[str, bytes] = {}
    total = 0
    seen: set[str] = set()
    for key, text in raw.items():
        rel = _check_name(key)
        if rel.casefold() in seen:  # one file under two names a case-blind file system takes as one
            raise ProtocolError(f"the map's file name {shown(rel)} comes twice")
        seen.add(rel.casefold())
        if not isinstance(text, str):
            raise ProtocolError(f"the map's file {shown(rel)} is not base64 text")
        try:
            out[rel] = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise ProtocolError(f"the map's file {shown(rel)} is not base64 text") from None
        total += len(out[rel])
        if total > MAP_BYTES:
            raise ProtocolError(f"the map's files are over {MAP_BYTES // 2**20} MiB")
    return out


def _check_name(rel: object) -> str:
    """A relative path of plain parts: nothing the host names lands outside the new folder."""
    parts = PurePosixPath(rel).parts if isinstance(rel, str) else ()
    if (
        not parts
        or not isinstance(rel, str)
        or "/".join(parts) != rel  # "./a" and "a//b" read as "a" and "a/b": names are written plainly
        or rel.startswith("/")
        or "\\" in rel
        or any(p in ("", ".", "..") or len(p) > _PART or not p.isprintable() or p.startswith(".") for p in parts)
        or len(parts) > 8
    ):
        raise ProtocolError(f"the map's file name {shown(rel)} is not a plain relative path")
    return rel
