"""Issue 22, "Lessons as a course": a lesson played to its end with its rule shown is ticked
(in the data folder, and in the menu), its result screen offers the next lesson (N), and the
learner's own creatures played by the script say so."""

from __future__ import annotations

import pygame

from game.home.bundled import MAPS, TEACHING_ORDER
from game.save.progress import load_progress
from game.ui.battle.battle_screen import BattleScreen
from game.ui.menus import course
from game.ui.menus.menu import MenuScreen
from game.ui.menus.result import ResultScreen
from tests.ui import drive
from tests.ui.test_lesson_window import _frames_until, _screen


def test_a_lesson_played_to_its_end_is_completed_and_kept(tmp_path):
    a, s = _screen(tmp_path)
    stem = "lesson_retreat_rear"  # the example lesson's map, copied with its script by the test
    _frames_until(a, s, lambda: a.screen is not s)
    assert isinstance(a.screen, ResultScreen)
    assert s.lesson is not None and s.lesson.run.shown(s.battle)
    assert a.screen.completed and s.session.scenario.path.endswith(f"{stem}.tmx")
    assert stem in load_progress().completed
    assert a.screen.next_path is None, "a copy outside the shipped maps: no next one"


def test_the_script_playing_a_learner_s_creature_says_so(tmp_path):
    """The example script turns the learner's first veteran north before the player's turn."""
    a, s = _screen(tmp_path)
    _frames_until(a, s, lambda: any(e.type == "turn" and e.id == "blue_veteran_1" for e in s.battle.events))
    assert s.message.startswith("the lesson plays Veteran 1 for you: turn"), s.message


def test_the_next_lesson_follows_the_teaching_order_and_n_starts_it_on_the_learner_s_side():
    first = MAPS / f"{TEACHING_ORDER[0]}.tmx"
    assert course.next_lesson(str(first)) == MAPS / f"{TEACHING_ORDER[1]}.tmx"
    assert course.next_lesson(str(MAPS / f"{TEACHING_ORDER[-1]}.tmx")) is None
    assert course.next_lesson(str(MAPS / "battle.tmx")) is None
    a = drive.app()
    made = course.lesson_screen(a, MAPS / f"{TEACHING_ORDER[1]}.tmx")
    assert isinstance(made, BattleScreen) and made.session.scenario.lesson is not None
    lesson = made.session.scenario.lesson
    assert made.session.controllers[lesson.player] == "human" and made.session.seed == lesson.seed


def test_the_menu_ticks_each_completed_lesson_and_counts_them(tmp_path):
    from game.save.progress import mark_completed  # noqa: PLC0415

    assert mark_completed(TEACHING_ORDER[0]) == ""
    a = drive.app()
    m = MenuScreen(a)
    a.show(m)
    a.step(0.016)
    assert m.progress.completed == {TEACHING_ORDER[0]}
    assert course.heading("Lessons", m.progress.completed) == f"Lessons (1 of {len(TEACHING_ORDER)} lessons completed)"
    drive.key(a, pygame.K_F1)  # the menu still draws and answers with a progress file
    assert a.screen is m
