"""What this machine has seen of each battle played by file (docs/formats.md#playing-by-file).

A save's digests prove only that the file agrees with itself: anyone can recompute them. So each
machine keeps, per battle (its `battle_id`), the commands of the last hand-over it sent or
received, and a line for each hand-over: how many commands, their digest, the log's digest, when.
A later save of that battle must go on from those commands; game/history/handovers.py checks it.

A history file that cannot be read is never written over: it is kept beside it as NAME.bad (or
.bad.1, ...), as a damaged settings file is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from game.core.commands import Command
from game.home import user_dirs
from game.home.settings_file import keep_aside
from game.save.errors import ReplayError
from game.save.files import write_atomic
from game.save.reading import read_object
from game.save.replay import Replay

FORMAT = 1
SENT, RECEIVED, TRUSTED = "sent", "received", "trusted"  # how a hand-over came to this machine
_START = ("map_sha256", "seed", "dice", "options", "controllers")  # what makes two saves the same battle's


class HistoryDamaged(Exception):
    """This machine's history of a battle cannot be read: `path` and `why`, in words."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path, self.why = path, why


@dataclass(frozen=True)
class Seen:
    """A battle as this machine last saw it: how it started, the commands of the last hand-over
    (as their JSON) and a line per hand-over (`commands`, `commands_sha256`, `log_sha256`,
    `to_play`, `how`, `file`, `at`)."""

    battle_id: str
    start: dict[str, object]
    commands: list[object]
    handovers: list[dict[str, object]]

    def handover_of(self, index: int) -> dict[str, object]:
        """The first hand-over that held the command at `index` (from 0)."""
        return next(
            (h for h in self.handovers if isinstance(h["commands"], int) and h["commands"] > index), self.handovers[-1]
        )


def history_folder() -> Path:
    """$XDG_DATA_HOME/rout/history on Linux: one file per battle played by file."""
    return user_dirs.data_dir() / "history"


def history_path(battle_id: str) -> Path:
    return history_folder() / f"{battle_id}.json"


def start_of(rep: Replay) -> dict[str, object]:
    return {
        "map_sha256": rep.map_sha256,
        "seed": rep.seed,
        "dice": rep.dice,
        "options": rep.options,
        "controllers": rep.controllers,
    }


def commands_digest(commands: Sequence[object]) -> str:
    """The SHA-256 of the commands as JSON Lines, in order: a hand-over's command log."""
    text = "".join(json.dumps(c, separators=(",", ":"), ensure_ascii=False, sort_keys=True) + "\n" for c in commands)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_seen(battle_id: str) -> Seen | None:
    """The battle's history on this machine; None if it has none; HistoryDamaged if unreadable."""
    path = history_path(battle_id)
    if not path.exists() and not path.is_symlink():
        return None
    try:
        data = read_object(path)
    except ReplayError as e:
        raise HistoryDamaged(path, str(e).removeprefix(f"{path}: ")) from None
    start, commands, handovers = data.get("start"), data.get("commands"), data.get("handovers")
    if isinstance(start, dict) and "dice" not in start:
        start = start | {"dice": 1}  # written by Rout 0.3, whose battles all rolled dice scheme 1
    if (
        data.get("format") != FORMAT
        or data.get("battle_id") != battle_id
        or not (isinstance(start, dict) and set(start) == set(_START))
        or not isinstance(commands, list)
        or not (isinstance(handovers, list) and handovers and all(_handover_ok(h, commands) for h in handovers))
    ):
        raise HistoryDamaged(path, "not a battle's history as Rout writes it")
    return Seen(battle_id, start, commands, handovers)


def histories_like(rep: Replay) -> list[Seen]:
    """This machine's histories of battles that started as the save's did (a damaged one skipped:
    it is refused when its own battle is opened)."""
    folder = history_folder()
    found = []
    for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            seen = read_seen(p.stem)
        except HistoryDamaged:
            continue
        if seen is not None and start_difference(seen, rep) is None:
            found.append(seen)
    return found


def _handover_ok(h: object, commands: list[object]) -> bool:
    if not isinstance(h, dict):
        return False
    n = h.get("commands")
    return isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= len(commands)


def start_difference(seen: Seen, rep: Replay) -> str | None:
    """The first of the map's digest, the seed, the dice, the options and the controllers in which the
    save's battle is not the one this machine saw, or None."""
    now = start_of(rep)
    return next(
        (k for k in _START if json.dumps(now[k], sort_keys=True) != json.dumps(seen.start[k], sort_keys=True)), None
    )


def first_difference(seen: Seen, commands: Sequence[Command]) -> int | None:
    """The index of the first command this machine saw that the save changes or lacks, or None
    when the save's commands go on from all of them."""
    for i, known in enumerate(seen.commands):
        if i >= len(commands) or _as_read(commands[i]) != known:
            return i
    return None


def remember(rep: Replay, how: str, file: Path) -> Path | None:
    """Make the save's commands this machine's history of its battle, adding the hand-over (a
    save seen twice is one hand-over). A damaged history is first kept aside: where it went."""
    assert rep.battle_id is not None
    path = history_path(rep.battle_id)
    kept = None
    try:
        old = read_seen(rep.battle_id)
    except HistoryDamaged:
        kept, old = keep_aside(path), None
    commands = [_as_read(c) for c in rep.commands]
    line: dict[str, object] = {
        "commands": len(commands),
        "commands_sha256": commands_digest(commands),
        "log_sha256": rep.digest,
        "to_play": rep.to_play,
        "how": how,
        "file": file.name,
        "at": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }
    goes_on = old is not None and commands[: len(old.commands)] == old.commands
    handovers = old.handovers if old is not None and goes_on else []  # a trusted save may start anew
    if handovers and handovers[-1].get("commands_sha256") == line["commands_sha256"]:
        return kept
    data = {
        "format": FORMAT,
        "battle_id": rep.battle_id,
        "start": start_of(rep),
        "handovers": [*handovers, line],
        "commands": commands,
    }
    user_dirs.made(history_folder())
    write_atomic(path, _text(data))
    return kept


def _as_read(command: Command) -> object:
    """The command's JSON as a file gives it back (lists, not tuples)."""
    return json.loads(json.dumps(command.to_json()))


def _text(data: dict[str, object]) -> str:
    """One hand-over and one command a line, as a save is written: small, and readable."""
    lines = [f"{json.dumps(k)}: {json.dumps(data[k], ensure_ascii=False)}," for k in ("format", "battle_id", "start")]
    for key, rows in (("handovers", data["handovers"]), ("commands", data["commands"])):
        assert isinstance(rows, list)
        body = ",\n".join(json.dumps(r, separators=(",", ":"), ensure_ascii=False) for r in rows)
        lines.append(f'"{key}": [\n' + body + ("\n" if body else "") + "]" + ("," if key == "handovers" else ""))
    return "{\n" + "\n".join(lines) + "\n}\n"
