"""Replay files: {"format": 2, "map", "seed", "dice", "options", "controllers", "commands"}
(docs/formats.md#the-replay-file).

A save is a replay file with more fields: "game_version", "ai", "map_sha256" and "log_sha256";
from format 3 the battle's "state" and its packed "log", and "resumed" where a battle saved under
older rules was taken up; a save the window writes "battle_id", and a save sent to the other
player of a hot-seat battle "to_play" (game/save/savefile.py, docs/formats.md#saves). All are read
here; the state and the log are checked when they are used (game/history/saved_battle.py).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from game.core.commands import Command, Illegal, from_json
from game.core.resumption import Resumption
from game.core.rules.dice import DICE, DICE_SCHEMES, SEED_MAX, is_scheme
from game.core.rules_version import RULES
from game.home.player_names import name_problem
from game.levels import LEVELS, level_problem
from game.save import map_paths
from game.save.errors import ReplayError
from game.save.reading import read_object
from game.scenario.options import check_option

FORMAT = 3  # the newest replay format this version reads and writes: a save with its state
FORMATS = (1, 2, 3)  # format 1 (Rout 0.3) has no 'dice': its battles roll under dice scheme 1
PLAIN_FORMAT = 2  # a replay with no state is written as format 2, which Rout 0.4 reads
_SHA = frozenset("0123456789abcdef")

__all__ = ["FORMAT", "Replay", "ReplayError", "digest", "load_replay"]


@dataclass
class Replay:
    map: str  # as stored in the file; after load_replay, the map file found for it
    seed: int
    options: dict[str, object] = field(default_factory=dict)
    controllers: dict[str, str] = field(default_factory=dict)
    commands: list[Command] = field(default_factory=list)
    digest: str | None = None
    ai: dict[str, str] = field(default_factory=dict)  # side -> AI level, for the decisions the commands leave
    game_version: str | None = None  # set in a save: the Rout that wrote it
    map_sha256: str | None = None  # set in a save: the map's bytes when it was saved
    to_play: str | None = None  # set in a save for the other player: the side whose decision it waits on
    battle_id: str | None = None  # set in a save the window writes: the battle's name in each machine's history
    players: dict[str, str] = field(default_factory=dict)  # hot-seat: the players' names by side
    dice: int = DICE  # how the seed becomes the battle's generator (game/core/rules/dice.py)
    rules: int = RULES  # the rules version it was played under (0: a file from before versions)
    state: dict[str, object] | None = (
        None  # set in a save from format 3: the battle as it stands (game/core/battle_state.py)
    )
    log: str | None = None  # set with `state`: the event log, packed (game/save/packed_log.py)
    resumed: Resumption | None = None  # set in a save of a battle taken up under newer rules

    @property
    def is_save(self) -> bool:
        """A save records every decision, so it is run command by command, never with the AI."""
        return self.game_version is not None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"format": FORMAT if self.state is not None else PLAIN_FORMAT}
        if self.game_version is not None:
            out["game_version"] = self.game_version
        if self.battle_id is not None:
            out["battle_id"] = self.battle_id
        out |= {
            "map": self.map,
            "seed": self.seed,
            "dice": self.dice,
            "rules": self.rules,
            "options": self.options,
            "controllers": self.controllers,
        }
        if self.ai:
            out["ai"] = self.ai
        if self.to_play:
            out["to_play"] = self.to_play
        if self.players:
            out["players"] = self.players
        if self.map_sha256:
            out["map_sha256"] = self.map_sha256
        if self.digest:
            out["log_sha256"] = self.digest
        out["commands"] = [c.to_json() for c in self.commands]
        if self.state is not None:
            out["state"] = self.state
        if self.resumed is not None:
            out["resumed"] = self.resumed.to_json()
        if self.log is not None:
            out["log"] = self.log
        return out


def digest(log_text: str) -> str:
    return hashlib.sha256(log_text.encode("utf-8")).hexdigest()


def load_replay(path: str | Path) -> Replay:
    """Read and check a replay or save file and find its map; raise ReplayError with 'file: what
    is wrong'. The sides the options, controllers and AI levels name are checked against the map
    when it is loaded (game/save/savefile.py, `check_sides`)."""
    path = Path(path)
    data = read_object(path)
    fmt = _check_format(path, data)
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
        raise ReplayError(f"{path}: 'seed' must be a whole number from 0 to {SEED_MAX}")
    rep = Replay(
        _stored_map(path, data),
        seed,
        _options(path, data),
        _controllers(path, data),
        _commands(path, data),
        _sha(path, data, "log_sha256"),
        _levels(path, data),
        _game_version(path, data),
        _sha(path, data, "map_sha256"),
        _to_play(path, data),
        _battle_id(path, data),
        _players(path, data),
        _dice(path, data) if fmt >= 2 else 1,
        _rules(path, data),
        *_state(path, data, fmt),
    )
    rep.map = str(_find_map(path, rep))
    return rep


def _check_format(path: Path, data: dict[str, object]) -> int:
    if "format" not in data and "commands" not in data:
        raise ReplayError(f"{path}: not a Rout replay or save (it has no 'format' field)")
    fmt = data.get("format")
    if isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > FORMAT:
        raise ReplayError(f"{path}: format {fmt} is newer than this Rout reads (format must be {FORMAT}); update Rout")
    if fmt not in FORMATS or type(fmt) is not int:  # 1.0 is not the format 1 a writer writes
        raise ReplayError(
            f"{path}: format must be {', '.join(map(str, FORMATS[:-1]))} or {FORMATS[-1]}, not {_shown(fmt)}"
        )
    return fmt


def _dice(path: Path, data: dict[str, object]) -> int:
    if "dice" not in data:
        raise ReplayError(f"{path}: format 2 has 'dice' beside the seed (1 or 2); it is missing")
    dice = data.get("dice")
    if not is_scheme(dice):
        raise ReplayError(f"{path}: 'dice' must be {' or '.join(map(str, DICE_SCHEMES))}, not {_shown(dice)}")
    return dice


def _rules(path: Path, data: dict[str, object]) -> int:
    """The rules version (0 when the file has none: it was written before versions were)."""
    v = data.get("rules", 0)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0 or ("rules" in data and v == 0):
        raise ReplayError(f"{path}: 'rules' must be a rules version, a whole number from 1, not {_shown(v)}")
    return v


def _state(
    path: Path, data: dict[str, object], fmt: int
) -> tuple[dict[str, object] | None, str | None, Resumption | None]:
    """A format 3 save's state, packed log and resumption: their shape here, their content when used."""
    state, log, resumed = data.get("state"), data.get("log"), data.get("resumed")
    if fmt < 3 or state is None:
        return None, None, None
    if not isinstance(state, dict):
        raise ReplayError(f"{path}: 'state' must be an object (the battle as it stands)")
    if not isinstance(log, str):
        raise ReplayError(f"{path}: a save with a 'state' keeps its event log, packed, in 'log' (a string)")
    if resumed is None:
        return state, log, None
    numbers = [resumed.get(k) for k in ("commands", "events", "rules")] if isinstance(resumed, dict) else []
    whole = [n for n in numbers if type(n) is int and n >= 0]
    base = resumed.get("state") if isinstance(resumed, dict) else None
    if len(whole) != 3 or not isinstance(base, dict):
        raise ReplayError(f"{path}: 'resumed' must give commands, events and rules (whole numbers) and a state")
    commands, events, rules = whole
    if commands > len(_as_list(data.get("commands"))):
        raise ReplayError(f"{path}: resumed: after command {commands}, but the save has fewer commands")
    return state, log, Resumption(commands, events, rules, base)


def _as_list(v: object) -> list[object]:
    return v if isinstance(v, list) else []


MAX_MAP_PATH = 1024  # characters; a system's longest path is 4096 bytes, a real map's is short


def _stored_map(path: Path, data: dict[str, object]) -> str:
    map_path = data.get("map")
    if not isinstance(map_path, str) or not map_path.strip() or "\0" in map_path:
        raise ReplayError(f"{path}: 'map' must name a .tmx file")
    if len(map_path) > MAX_MAP_PATH or not map_path.isprintable():
        # Blamed on the file that holds it: named in full it would be the whole error, or forge lines.
        raise ReplayError(f"{path}: 'map' must be a path of at most {MAX_MAP_PATH} printable characters")
    return map_path


def _options(path: Path, data: dict[str, object]) -> dict[str, object]:
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ReplayError(f"{path}: 'options' must be an object")
    for k, v in options.items():
        why = check_option(k, v, [v] if isinstance(v, str) else [])  # sides are checked with the map
        if why:
            raise ReplayError(f"{path}: options: {why}")
    return options


def _controllers(path: Path, data: dict[str, object]) -> dict[str, str]:
    controllers = data.get("controllers", {})
    if not isinstance(controllers, dict) or any(v not in ("human", "ai") for v in controllers.values()):
        raise ReplayError(f'{path}: \'controllers\' must map each side to "human" or "ai"')
    return controllers


def _commands(path: Path, data: dict[str, object]) -> list[Command]:
    raw = data.get("commands", [])
    if not isinstance(raw, list):
        raise ReplayError(f"{path}: 'commands' must be a list")
    commands = []
    for i, c in enumerate(raw):
        try:
            commands.append(from_json(c))
        except Illegal as e:
            raise ReplayError(f"{path}: command {i + 1}: {e}") from None
    return commands


def _levels(path: Path, data: dict[str, object]) -> dict[str, str]:
    levels = data.get("ai", {})
    if not isinstance(levels, dict):
        raise ReplayError(f"{path}: 'ai' must map each side to one of {', '.join(LEVELS)}")
    for side, level in levels.items():
        if not isinstance(level, str) or level_problem(level):
            raise ReplayError(
                f"{path}: ai: {side}'s level {_shown(level)} is unknown; choose one of {', '.join(LEVELS)}"
            )
    return levels


_VERSION = re.compile(r"\d{1,9}(\.\d{1,9}){0,3}([.+-]?[0-9A-Za-z.+-]{1,40})?")  # 0.3.0, 1.0.0rc1, 0.3.0+local


def _game_version(path: Path, data: dict[str, object]) -> str | None:
    v = data.get("game_version")
    if v is not None and (not isinstance(v, str) or not _VERSION.fullmatch(v)):
        raise ReplayError(f"{path}: 'game_version' must be a string like \"0.2.0\", not {_shown(v)}")
    return v


def _to_play(path: Path, data: dict[str, object]) -> str | None:
    """A side's name; whether the map has it, and whether the battle waits on it, are checked on loading."""
    v = data.get("to_play")
    if v is not None and (not isinstance(v, str) or not v):
        raise ReplayError(f"{path}: 'to_play' must name a side, not {_shown(v)}")
    return v


_BATTLE_ID = re.compile(r"[0-9a-f]{32}")


def _battle_id(path: Path, data: dict[str, object]) -> str | None:
    """32 hexadecimal digits, drawn at random when the battle began (docs/formats.md#saves)."""
    v = data.get("battle_id")
    if v is not None and not (isinstance(v, str) and _BATTLE_ID.fullmatch(v)):
        raise ReplayError(f"{path}: 'battle_id' must be 32 hexadecimal digits, not {_shown(v)}")
    return v


def _players(path: Path, data: dict[str, object]) -> dict[str, str]:
    """Side -> the name of its player; whether the map has the sides is checked on loading."""
    v = data.get("players", {})
    if not isinstance(v, dict) or not all(isinstance(k, str) and k for k in v):
        raise ReplayError(f"{path}: 'players' must give sides their players' names, not {_shown(v)}")
    for side, name in v.items():
        why = name_problem(name) or ("a player's name is not empty" if name == "" else None)
        if why:
            raise ReplayError(f"{path}: players: {side}: {why}")
    return dict(v)


def _sha(path: Path, data: dict[str, object], key: str) -> str | None:
    v = data.get(key)
    if v is not None and not (isinstance(v, str) and len(v) == 64 and set(v) <= _SHA):
        raise ReplayError(f"{path}: '{key}' must be 64 hexadecimal digits (a SHA-256), not {_shown(v)}")
    return v


def _find_map(path: Path, rep: Replay) -> Path:
    """The first place the stored map is found; for a save, the first whose bytes are the map saved."""
    found = [p for p in map_paths.candidates(rep.map, path) if p.is_file()]
    if not found:
        looked = ", ".join(str(p) for p in map_paths.candidates(rep.map, path))
        raise ReplayError(f"{path}: map {rep.map!r} not found (looked at {looked})")
    if rep.map_sha256 is None:
        return found[0]
    for p in found:
        try:
            if rep.map_sha256 in map_paths.digests(p):
                return p
        except OSError:
            continue
    raise ReplayError(f"{path}: the map has changed since the save: {found[0]} is not the map it was played on")


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return repr(value) if isinstance(value, str | int | float) else type(value).__name__
