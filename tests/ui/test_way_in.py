"""Issue 37, "Words a player reads": a first start offers the way in. A new player (no
progress.json in the data folder) sees "New to Rout? Start with the first lesson", and the lessons
are reachable without scrolling past every skirmish (Tab: the next section)."""

from __future__ import annotations

import pygame

from game.home.bundled import TEACHING_ORDER
from game.save.progress import mark_completed, progress_path
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.menus.menu import MenuScreen
from tests.ui.drive import click, key

WAY_IN = "New to Rout? Start with the first lesson"


def test_a_new_player_is_offered_the_first_lesson_and_one_click_starts_it():
    assert not progress_path().exists()
    a = App((1024, 600), headless=True)  # the least canvas: no lesson in the list's sight
    m = MenuScreen(a)
    a.show(m)
    a.step(0.016)
    assert not any(m.entries[i].path.stem.startswith("lesson_") for i in m._list_rects())
    way_in = next(b for b in m.buttons if b.label == WAY_IN)
    assert way_in.key_hint == "F" and way_in.rect.right <= 1024 and way_in.rect.bottom < 130
    assert not any(way_in.rect.colliderect(b.rect) for b in m.buttons if b.label != WAY_IN)
    click(a, way_in.rect.center)
    s = a.screen
    assert isinstance(s, BattleScreen) and s.session.scenario.path.endswith(f"{TEACHING_ORDER[0]}.tmx")
    assert s.lesson is not None and s.session.seed == s.session.scenario.lesson.seed
    s.close()


def test_tab_brings_the_lessons_into_sight_and_back():
    a = App((1024, 600), headless=True)
    m = MenuScreen(a)
    a.show(m)
    key(a, pygame.K_TAB)
    assert m.entry.path.stem == TEACHING_ORDER[0] and m.index in m._list_rects()
    key(a, pygame.K_TAB)
    assert m.index == 0 and m.entry.path.stem == "skirmish"


def test_a_player_who_has_played_a_lesson_is_not_offered_it_again():
    mark_completed(TEACHING_ORDER[0])
    a = App((1024, 600), headless=True)
    m = MenuScreen(a)
    a.show(m)
    assert WAY_IN not in [b.label for b in m.buttons]
    key(a, pygame.K_f)  # still a key of the menu's: the first lesson
    assert isinstance(a.screen, BattleScreen)
    a.screen.close()
