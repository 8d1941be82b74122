"""The saves folder and its autosaves: one per round end, the last few of each battle kept.

An autosave is named `autosave-<map>-r<round>.json`; pruning removes only files named so, the
oldest of the same map first (five lessons played never push a skirmish's autosaves out), and never the player's own saves or a write still under way (a temporary file
starts with a dot and does not end in .json).

A battle that has ended leaves Continue (issue 37: it offered a won battle's last round): its
autosaves are renamed `finished-<map>-r<round>.json`, listed below the others and pruned with
its map's autosaves; a save by hand of an ended battle starts with `finished-` too.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from game.core.battle import Battle
from game.core.commands import Command
from game.home import user_dirs
from game.save.savefile import write_save

KEEP = 5
FINISHED = "finished-"  # a save of a battle that has ended
_AUTOSAVE = re.compile(r"(?P<kind>autosave|finished)-(?P<stem>.+)-r\d+\.json")
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def saves_folder() -> Path:
    """Where saves go: `saves` in the user's data folder (honours XDG_DATA_HOME); not created here."""
    return user_dirs.data_dir() / "saves"


def list_saves(folder: Path) -> list[Path]:
    """The saves in a folder, newest first, those of battles that have ended after all the others:
    its .json files, not the temporary files of a write."""
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".") and p.is_file()]
    return sorted(found, key=lambda p: (not is_finished(p), *_age_key(p)), reverse=True)


def is_autosave(path: Path) -> bool:
    """Whether the save is an autosave (of a battle that has ended or not)."""
    return _AUTOSAVE.fullmatch(path.name) is not None


def is_finished(path: Path) -> bool:
    """Whether the save is named as one of a battle that has ended."""
    return path.name.startswith(FINISHED)


def retire(folder: Path, battle: Battle, battle_id: str) -> list[Path]:
    """The battle `battle_id` has ended: rename its autosaves (those its map's pool holds with
    that `battle_id`) as finished, over an older finished battle's of the same name. The new paths."""
    stem, renamed = _map_stem(battle), []
    for p in sorted(folder.iterdir()) if folder.is_dir() else []:
        m = _AUTOSAVE.fullmatch(p.name)
        if m is None or m["kind"] != "autosave" or m["stem"] != stem or _battle_id(p) != battle_id:
            continue
        new = p.with_name(FINISHED + p.name.removeprefix("autosave-"))
        os.replace(p, new)  # keeps its time: it stays in its map's pool, in its place
        renamed.append(new)
    return renamed


def _battle_id(path: Path) -> object:
    """The `battle_id` a save names, or None if it names none or cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data.get("battle_id") if isinstance(data, dict) else None


def autosave_name(battle: Battle) -> str:
    return f"autosave-{_map_stem(battle)}-r{battle.round:03d}.json"


def _map_stem(battle: Battle) -> str:
    """The battle's map as its autosaves name it."""
    return _UNSAFE.sub("_", Path(battle.scenario.path).stem or "battle")


def autosave(
    folder: Path,
    battle: Battle,
    commands: Sequence[Command],
    *,
    options: Mapping[str, object] | None = None,
    ai: Mapping[str, str] | None = None,
    keep: int = KEEP,
    battle_id: str | None = None,
    players: Mapping[str, str] | None = None,
) -> Path:
    """Save the battle as this round's autosave in `folder` (made if need be), then remove the
    oldest autosaves of the same map beyond `keep`. Return the file written."""
    if keep < 1:
        raise ValueError("keep at least one autosave")
    path = user_dirs.made(folder) / autosave_name(battle)
    write_save(path, battle, commands, options=options, ai=ai, battle_id=battle_id, players=players)
    prune(folder, keep, path)
    return path


def prune(folder: Path, keep: int, newest: Path | None = None) -> list[Path]:
    """Remove each map's autosaves beyond its newest `keep`, a finished battle's counted with the
    others (the file just written counts as newest); return those removed."""
    pools: dict[str, list[Path]] = {}
    for p in folder.iterdir():
        m = _AUTOSAVE.fullmatch(p.name)
        if m is not None and p.is_file() and not p.is_symlink():
            pools.setdefault(m["stem"], []).append(p)
    removed: list[Path] = []
    for own in pools.values():
        own.sort(key=lambda p: (p == newest, *_age_key(p)), reverse=True)
        removed += own[keep:]
    for p in removed:
        p.unlink(missing_ok=True)
    return removed


def _age_key(p: Path) -> tuple[int, str]:
    try:
        return p.stat().st_mtime_ns, p.name
    except OSError:  # gone meanwhile
        return 0, p.name


def named_save(name: str) -> Path:
    """A save as the player names it: a file; else, given a bare name, the save of that name in
    the saves folder, with or without `.json` (the menu's Continue shows it without)."""
    path = Path(name)
    if path.exists() or path.name != name:
        return path
    for found in (saves_folder() / name, saves_folder() / f"{name}.json"):
        if found.is_file():
            return found
    return path
