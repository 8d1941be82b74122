"""Saves: a replay file that records every command (the AI's too) and the digests of the map and
of the event log, so loading (game/history/saved_battle.py) replays the commands without the AI and can prove the battle is the
one that was played (docs/formats.md#saves)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypedDict, Unpack

from game import __version__
from game.core.battle import Battle
from game.core.battle_state import state_of
from game.core.commands import Command
from game.core.rules_version import RULES
from game.save import map_paths
from game.save.errors import ReplayError, SaveError
from game.save.files import event_lines, write_atomic
from game.save.packed_log import packed
from game.save.replay import Replay, digest

__all__ = ["SaveError", "SaveFields", "check_sides", "save_record", "save_text", "write_record", "write_save"]


class SaveFields(TypedDict, total=False):
    """What a save records beside the battle and its commands (save_record says what each is)."""

    options: Mapping[str, object] | None
    ai: Mapping[str, str] | None
    to_play: bool
    battle_id: str | None
    players: Mapping[str, str] | None


def save_record(path: str | Path, battle: Battle, commands: Sequence[Command], **fields: Unpack[SaveFields]) -> Replay:
    """The save of `battle` for writing at `path`: `commands` are every command it was given, in
    order; `options` the rule options it was started with (beyond the map's); `ai` each
    AI-controlled side's level. With `to_play`, the save is for the player of the side whose
    decision the battle waits on, and says which side that is; `battle_id` names the battle in
    each machine's history of a battle played by file (game/save/history.py); `players` names
    hot-seat players by side. A battle on a map built in code
    (no file) cannot be saved."""
    if not battle.scenario.path:
        raise ValueError("only a battle on a map file can be saved")
    to_play = fields.get("to_play", False)
    if to_play and battle.over:
        raise ValueError("the battle is over: there is no one to play next")
    lines = event_lines(battle.events)
    return Replay(
        map_paths.stored_map(battle.scenario.path, path),
        battle.seed,
        dict(fields.get("options") or {}),
        dict(battle.controllers),
        list(commands),
        digest(lines),
        dict(fields.get("ai") or {}),
        __version__,
        map_paths.file_sha256(Path(battle.scenario.path)),
        battle.pending().side if to_play else None,
        fields.get("battle_id"),
        dict(fields.get("players") or {}),
        battle.dice,
        RULES,
        state_of(battle),
        packed(lines),
        battle.resumed,
    )


_AFTER_COMMANDS = ("state", "resumed", "log")  # long lines a reader of the file need not pass first


def save_text(record: Replay) -> str:
    """The save's JSON: one command a line, so a long battle stays small and readable; the
    state and the packed log come after the commands, each on a line of its own."""
    data = record.to_json()
    del data["commands"]
    tail = {k: data.pop(k) for k in _AFTER_COMMANDS if k in data}
    commands = [c.to_json() for c in record.commands]
    head = [f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},\n" for k, v in data.items()]
    body = ",\n".join(json.dumps(c, separators=(",", ":"), ensure_ascii=False) for c in commands)
    ends = [f",\n{json.dumps(k)}: {json.dumps(v, separators=(',', ':'), ensure_ascii=False)}" for k, v in tail.items()]
    return "{\n" + "".join(head) + '"commands": [\n' + body + ("\n" if body else "") + "]" + "".join(ends) + "\n}\n"


def write_save(path: str | Path, battle: Battle, commands: Sequence[Command], **fields: Unpack[SaveFields]) -> Path:
    """Save the battle at `path`, atomically: the previous file stays whole until the new one is."""
    path = Path(path)
    write_record(path, save_record(path, battle, commands, **fields))
    return path


def write_record(path: str | Path, record: Replay) -> None:
    """Write a save's record (save_record's) at `path`, atomically."""
    write_atomic(path, save_text(record))


def check_sides(path: str | Path, rep: Replay, sides: list[str]) -> None:
    """Every side the record names is one of the map's."""
    for what, named in (
        ("controllers", rep.controllers),
        ("ai", rep.ai),
        ("to_play", [rep.to_play] if rep.to_play else []),
        ("players", rep.players),
    ):
        for side in named:
            if side not in sides:
                raise ReplayError(f"{path}: {what}: the map has no side {side!r} (its sides: {', '.join(sides)})")
