"""A candidate action: a command the AI might give, with its score and a note for --explain."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.commands import Command


@dataclass
class Candidate:
    score: float
    cmd: Command
    note: str


# What --explain keeps of a decision: one list per decision of (score, description) pairs, the
# best candidates first.
Explanation = list[list[tuple[float, str]]]
