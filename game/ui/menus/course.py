"""The lessons as a course (issue 22): a lesson completed is ticked in the menu and kept in the
data folder (game/save/progress.py); the result screen of a lesson offers the next one in the
teaching order."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.home.bundled import MAPS, TEACHING_ORDER
from game.save.progress import load_progress, mark_completed
from game.scenario.errors import ScenarioError
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.lesson_play import LessonPlay

if TYPE_CHECKING:
    from game.ui.app import App

TICK = (110, 210, 120)


def completed_now(bs: BattleScreen) -> tuple[bool, str]:
    """Whether the battle just ended completed its lesson (the learner played it and every rule
    the lesson promises was shown), kept in the progress file if so; and what to tell the player
    about that file ('' when all is well)."""
    lesson = bs.lesson
    path = bs.session.scenario.path
    if not (isinstance(lesson, LessonPlay) and lesson.interactive and path and bs.battle.over):
        return False, ""
    if not lesson.run.shown(bs.battle):
        return False, ""
    return True, mark_completed(Path(path).stem)


def next_lesson(path: str) -> Path | None:
    """The lesson after this map's in the teaching order, if this is a shipped lesson but the last
    (a copy of one elsewhere is the player's own map: the course is the shipped maps')."""
    stem = Path(path).stem if path else ""
    if (
        not path
        or Path(path).resolve().parent != MAPS.resolve()
        or stem not in TEACHING_ORDER
        or stem == TEACHING_ORDER[-1]
    ):
        return None
    nxt = MAPS / f"{TEACHING_ORDER[TEACHING_ORDER.index(stem) + 1]}.tmx"
    return nxt if nxt.is_file() else None


def lesson_screen(app: App, path: Path) -> BattleScreen | str:
    """A lesson's battle as the menu starts it (the learner's side by hand, the script's seed and
    AI), or why its map would not load."""
    try:
        scenario = load_scenario(path)
    except ScenarioError as e:
        return e.problems[0]
    lesson = scenario.lesson
    if lesson is None:
        return f"{path.name} has no lesson script"
    controllers = {s: ("human" if s == lesson.player else "ai") for s in scenario.sides}
    return BattleScreen(
        app,
        scenario,
        seed=lesson.seed,
        dice=lesson.dice,
        controllers=controllers,
        ai_level=lesson.opponent,
        threaded=not app.headless,
    )


def progress_words(done: frozenset[str] | None = None) -> str:
    """'n of N lessons completed', for the result screen and the menu's Lessons heading."""
    ticked = (load_progress().completed if done is None else done) & set(TEACHING_ORDER)
    return f"{len(ticked)} of {len(TEACHING_ORDER)} lessons completed"


def heading(section: str, done: frozenset[str]) -> str:
    """A section's heading in the menu's list; the lessons' says how far the course has gone."""
    return f"{section} ({progress_words(done)})" if section == "Lessons" else section


def draw_tick(surface: pygame.Surface, row: pygame.Rect) -> None:
    """A tick just right of a menu row, clear of a long title: drawn, not a glyph (the default
    font has none)."""
    x, y = row.right + 8, row.centery
    pygame.draw.lines(surface, TICK, False, [(x, y), (x + 6, y + 7), (x + 18, y - 8)], 4)
