"""What one AI game of `rout simulate` gives back (game/play/runner.py plays it, game/play/tally.py adds it
up, game/cli/outputs.py writes its log): plain data, so it crosses from a worker process."""

from __future__ import annotations

from typing import TypedDict

from game.core import events as ev
from game.core.commands import Command


class LessonResult(TypedDict):
    """Whether a lesson's game showed its rule, and the scripted commands the battle refused."""

    shown: bool
    missing: list[str]
    refused: list[str]


class GameResult(TypedDict):
    seed: int
    levels: dict[str, str]  # side -> AI level
    winner: str | None
    rounds: int
    reason: str | None
    summary: dict[str, dict[str, int]]  # side -> casualties, retreats, ... (runner.summary)
    events: list[ev.Event] | None  # kept only when asked for
    explain: list[str]  # one JSON line per AI decision, when asked for
    commands: list[Command] | None  # a lesson's game: every command, so its replay plays them again
    lesson: LessonResult | None
