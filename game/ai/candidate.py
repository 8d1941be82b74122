"""A candidate action: a command the AI might give, with its score and a note for --explain."""

from __future__ import annotations

from dataclasses import dataclass

from game.commands import Command


@dataclass
class Candidate:
    score: float
    cmd: Command
    note: str
