"""Where a battle saved under older rules was taken up under today's (issue 41): the battle keeps
it (`Battle.resumed`), every later save of it writes it, and its commands from there on replay
from its state, never from the map's start (game/core/battle_state.py, docs/formats.md#saves)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Resumption:
    """Taken up after the battle's first `commands` commands and `events` events, played under
    rules version `rules`, from `state` (game/core/battle_state.py's JSON object)."""

    commands: int
    events: int
    rules: int
    state: dict[str, Any]

    def to_json(self) -> dict[str, object]:
        return {"commands": self.commands, "events": self.events, "rules": self.rules, "state": self.state}
