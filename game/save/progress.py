"""The lessons a player has completed, kept in the data folder as a small JSON file
(docs/formats.md#lesson-progress) for the menu's ticks and the result screen's next lesson.

A lesson is completed when its battle ends with what the lesson teaches shown in play (every
`shows` pattern of its script logged): losing the fight still teaches the rule. A damaged file
never stops the game: its ticks are read as none, it is said why, and it is kept aside (never
written over) the next time a lesson is completed (game/save/data_file.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from game.home.user_dirs import data_dir
from game.save.data_file import read_json, write_json

FORMAT = "rout-progress"
VERSION = 1
FILE_NAME = "progress.json"
MOST_BYTES = 64 * 1024  # a few dozen lesson names; anything larger is not ours


def progress_path() -> Path:
    return data_dir() / FILE_NAME


@dataclass(frozen=True)
class Progress:
    """The lessons completed (their maps' stems), and why the file could not be read, if so."""

    completed: frozenset[str] = field(default_factory=frozenset)
    problem: str = ""


def load_progress(path: Path | None = None) -> Progress:
    """The progress in the file; none if there is no file; none and a reason if it is damaged."""
    path = path or progress_path()
    read = read_json(path, MOST_BYTES)
    if read.problem:
        return Progress(problem=f"{path.name} {read.problem}; the ticks start again")
    if read.missing:
        return Progress()
    data = read.data
    names = data.get("lessons_completed") if isinstance(data, dict) and data.get("format") == FORMAT else None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return Progress(problem=f"{path.name} is not a progress file of this game; the ticks start again")
    return Progress(frozenset(names))


def mark_completed(lesson: str, path: Path | None = None) -> str:
    """Add a completed lesson to the file, whole or not at all; what the player should be told
    (a damaged file kept aside, or why the file could not be written), else ''."""
    path = path or progress_path()
    now = load_progress(path)
    if lesson in now.completed and not now.problem:
        return ""
    text = json.dumps(
        {"format": FORMAT, "version": VERSION, "lessons_completed": sorted(now.completed | {lesson})}, indent=1
    )
    try:
        kept = write_json(path, text + "\n", now.problem)
    except OSError as e:
        return f"the lessons completed cannot be saved: {e.strerror or e}"
    return f"{now.problem}: kept as {kept.name}" if kept else ""
