"""Replay files: {"format": 1, "map", "seed", "options", "controllers", "commands"} (docs/formats.md#the-replay-file)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from game.ai import LEVELS
from game.commands import Command, Illegal, from_json
from game.scenario.options import check_option


class ReplayError(Exception):
    pass


@dataclass
class Replay:
    map: str
    seed: int
    options: dict = field(default_factory=dict)
    controllers: dict = field(default_factory=dict)
    commands: list[Command] = field(default_factory=list)
    digest: str | None = None
    ai: dict = field(default_factory=dict)  # side -> AI level, for the decisions the commands leave

    def to_json(self) -> dict:
        out = {
            "format": 1,
            "map": self.map,
            "seed": self.seed,
            "options": self.options,
            "controllers": self.controllers,
            "commands": [c.to_json() for c in self.commands],
        }
        if self.ai:
            out["ai"] = self.ai
        if self.digest:
            out["log_sha256"] = self.digest
        return out


def digest(log_text: str) -> str:
    return hashlib.sha256(log_text.encode("utf-8")).hexdigest()


def load_replay(path: str | Path) -> Replay:
    """Read and check a replay file; raise ReplayError with 'file: what is wrong'."""
    path = Path(path)
    data = _read_object(path)
    if data.get("format") != 1:
        raise ReplayError(f"{path}: format must be 1, not {data.get('format')!r}")
    map_path = data.get("map")
    if not isinstance(map_path, str) or not map_path:
        raise ReplayError(f"{path}: 'map' must name a .tmx file")
    if not (Path(map_path).is_absolute() or Path(map_path).exists()) and (path.parent / map_path).exists():
        map_path = str(path.parent / map_path)
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayError(f"{path}: 'seed' must be a whole number")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ReplayError(f"{path}: 'options' must be an object")
    for k, v in options.items():
        why = check_option(k, v, [v] if isinstance(v, str) else [])
        if why:
            raise ReplayError(f"{path}: options: {why}")
    controllers = data.get("controllers", {})
    if not isinstance(controllers, dict) or any(v not in ("human", "ai") for v in controllers.values()):
        raise ReplayError(f'{path}: \'controllers\' must map each side to "human" or "ai"')
    raw = data.get("commands", [])
    if not isinstance(raw, list):
        raise ReplayError(f"{path}: 'commands' must be a list")
    commands = []
    for i, c in enumerate(raw):
        try:
            commands.append(from_json(c))
        except Illegal as e:
            raise ReplayError(f"{path}: command {i + 1}: {e}") from None
    levels = data.get("ai", {})
    if not isinstance(levels, dict) or any(v not in LEVELS for v in levels.values()):
        raise ReplayError(f"{path}: 'ai' must map each side to one of {', '.join(LEVELS)}")
    dg = data.get("log_sha256")
    return Replay(map_path, seed, options, controllers, commands, dg if isinstance(dg, str) else None, levels)


def _read_object(path: Path) -> dict:
    """The replay file's JSON object, or ReplayError saying why it cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ReplayError(f"{path}: file: not found") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ReplayError(f"{path}: not valid JSON: {e}") from None
    except OSError as e:
        raise ReplayError(f"{path}: cannot be read: {e.strerror}") from None
    if not isinstance(data, dict):
        raise ReplayError(f"{path}: a replay must be a JSON object")
    return data
