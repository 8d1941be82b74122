"""Saves: a replay file that records every command (the AI's too) and the digests of the map and
of the event log, so loading replays the commands without the AI and can prove the battle is the
one that was played (docs/formats.md#saves)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from game import __version__
from game.battle import Battle
from game.commands import Command, Illegal
from game.options import OptionError
from game.runner import apply_all, play
from game.save import map_paths
from game.save.errors import ReplayError, SaveError
from game.save.files import event_lines, write_atomic
from game.save.replay import Replay, digest, load_replay
from game.scenario.errors import ScenarioError
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario

__all__ = ["SaveError", "load_save", "replay_battle", "save_record", "save_text", "write_save"]


def save_record(
    path: str | Path,
    battle: Battle,
    commands: Sequence[Command],
    *,
    options: Mapping[str, object] | None = None,
    ai: Mapping[str, str] | None = None,
    to_play: bool = False,
) -> Replay:
    """The save of `battle` for writing at `path`: `commands` are every command it was given, in
    order; `options` the rule options it was started with (beyond the map's); `ai` each
    AI-controlled side's level. With `to_play`, the save is for the player of the side whose
    decision the battle waits on, and says which side that is. A battle on a map built in code
    (no file) cannot be saved."""
    if not battle.scenario.path:
        raise ValueError("only a battle on a map file can be saved")
    if to_play and battle.over:
        raise ValueError("the battle is over: there is no one to play next")
    return Replay(
        map_paths.stored_map(battle.scenario.path, path),
        battle.seed,
        dict(options or {}),
        dict(battle.controllers),
        list(commands),
        digest(event_lines(battle.events)),
        dict(ai or {}),
        __version__,
        map_paths.file_sha256(Path(battle.scenario.path)),
        battle.pending().side if to_play else None,
    )


def save_text(record: Replay) -> str:
    """The save's JSON: one command a line, so a long battle stays small and readable."""
    data = record.to_json()
    commands = data.pop("commands")
    head = [f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in data.items()]
    body = ",\n".join(json.dumps(c, separators=(",", ":"), ensure_ascii=False) for c in commands)
    return "{\n" + "\n".join(head) + '\n"commands": [\n' + body + ("\n" if body else "") + "]\n}\n"


def write_save(
    path: str | Path,
    battle: Battle,
    commands: Sequence[Command],
    *,
    options: Mapping[str, object] | None = None,
    ai: Mapping[str, str] | None = None,
    to_play: bool = False,
) -> Path:
    """Save the battle at `path`, atomically: the previous file stays whole until the new one is."""
    path = Path(path)
    write_atomic(path, save_text(save_record(path, battle, commands, options=options, ai=ai, to_play=to_play)))
    return path


def load_save(path: str | Path) -> tuple[Battle, Replay]:
    """The saved battle at the decision it was saved at, and its record (the map as found, the
    seed, options, controllers, AI levels and commands). Raise SaveError, one line, if the file
    cannot be read, its map is missing or changed, a command is refused, or the log differs from
    the one recorded. A plain replay file loads too, up to the end of its commands."""
    try:
        rep = load_replay(path)
        scenario = _scenario(path, rep)
        battle = replay_battle(path, rep, scenario)
    except SaveError:
        raise
    except ReplayError as e:
        raise SaveError(str(e)) from None
    if rep.is_save and rep.digest is not None and digest(event_lines(battle.events)) != rep.digest:
        older = f" (saved by Rout {rep.game_version}, this is {__version__})" if rep.game_version != __version__ else ""
        raise SaveError(f"{path}: the replayed battle differs from the one saved{older}")
    _check_to_play(path, rep, battle)
    return battle, rep


def _check_to_play(path: str | Path, rep: Replay, battle: Battle) -> None:
    """A save for the other player names the side the battle waits on; the replay must agree."""
    if rep.to_play is None:
        return
    waits = None if battle.over else battle.pending().side
    if waits != rep.to_play:
        now = "the battle is over" if waits is None else f"the battle waits on {waits}"
        raise SaveError(f"{path}: the save is for {rep.to_play} to play, but {now}")


def _scenario(path: str | Path, rep: Replay) -> Scenario:
    try:
        return load_scenario(rep.map)
    except ScenarioError as e:
        raise SaveError(f"{path}: map: {e.problems[0]}") from None


def check_sides(path: str | Path, rep: Replay, sides: list[str]) -> None:
    """Every side the record names is one of the map's."""
    for what, named in (
        ("controllers", rep.controllers),
        ("ai", rep.ai),
        ("to_play", [rep.to_play] if rep.to_play else []),
    ):
        for side in named:
            if side not in sides:
                raise ReplayError(f"{path}: {what}: the map has no side {side!r} (its sides: {', '.join(sides)})")


def replay_battle(path: str | Path, rep: Replay, scenario: Scenario) -> Battle:
    """The battle the record gives: a save's commands alone; a replay's commands, then the AI for
    the sides it plays, until a human decision or the end."""
    check_sides(path, rep, scenario.sides)
    try:
        battle = Battle(scenario, seed=rep.seed, options=rep.options, controllers=rep.controllers)
    except OptionError as e:
        raise ReplayError(f"{path}: options: {e}") from None
    try:
        if not rep.is_save:
            return play(battle, levels=rep.ai, commands=rep.commands, stop_at_human=True)
        apply_all(battle, rep.commands)
    except Illegal as e:
        raise (SaveError if rep.is_save else ReplayError)(f"{path}: {e}") from None
    return battle
