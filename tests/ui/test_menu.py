"""The menu: every shipped scenario can be reached and chosen in a 720-line window, and a menu
with no scenarios says so instead of failing (issue: installs like a real game)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.menus import entries, menu, menu_list
from game.ui.menus.menu import MenuScreen
from game.ui.menus.menu_words import save_label
from tests.ui.drive import app, click, key


def below_the_title(screen: MenuScreen) -> list:
    """The rows of buttons under the list (Quick battle sits on the title's line, right)."""
    return [b for b in screen.buttons if b.rect.top > menu_list.LIST_TOP]


def test_every_scenario_is_in_sight_when_chosen_and_never_under_the_buttons():
    a = app()
    screen = MenuScreen(a)
    a.show(screen)
    assert len(screen.entries) >= 17
    top_button = min(b.rect.top for b in below_the_title(screen))
    seen = []
    for _ in screen.entries:
        rects = screen._list_rects()
        assert all(r.bottom < top_button for r in rects.values())
        assert not any(r.colliderect(b.rect) for r in rects.values() for b in screen.buttons)
        assert screen.index in rects
        seen.append(screen.entry.path.name)
        key(a, pygame.K_DOWN)
    assert len(set(seen)) == len(screen.entries)
    assert screen.index == 0  # down from the last wraps to the first, and the list follows
    assert 0 in screen._list_rects()


def test_the_wheel_and_a_click_choose_a_scenario():
    a = app()
    screen = MenuScreen(a)
    a.show(screen)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    a.step(0.016)
    assert screen.index == 3
    i, r = max(screen._list_rects().items())
    click(a, r.center)
    assert screen.index == i and i > 3


def test_a_menu_with_no_scenarios_says_so_and_still_quits(monkeypatch, tmp_path):
    monkeypatch.setattr(entries, "MAPS", tmp_path)  # where the menu looks
    monkeypatch.setattr(menu, "MAPS", tmp_path)  # what it says it looked in
    said: list[str] = []
    real_text = menu.text
    monkeypatch.setattr(menu, "text", lambda surface, s, *a, **k: said.append(s) or real_text(surface, s, *a, **k))
    a = app()
    screen = MenuScreen(a)
    a.show(screen)
    for k in (pygame.K_DOWN, pygame.K_UP, pygame.K_RETURN, pygame.K_m, pygame.K_1):
        key(a, k)
    assert a.screen is screen and a.running
    assert any(s.startswith(f"No scenarios found: {tmp_path}") for s in said)
    # The settings stay within reach without a map (issue 22's settings screen).
    assert [b.label for b in screen.buttons] == [
        "Quick battle",
        "Campaign",
        "Play online",
        "Continue (no save yet)",
        "Settings",
        "Quit",
    ]
    key(a, pygame.K_q)
    assert not a.running


def test_the_tests_maps_are_not_offered_and_the_lessons_come_in_their_own_section_in_teaching_order():
    from game.home.bundled import TEACHING_ORDER  # noqa: PLC0415

    a = app()
    screen = MenuScreen(a)
    names = [e.path.stem for e in screen.entries]
    assert not [n for n in names if n.startswith("test_")]
    assert names[0] == "skirmish"
    lessons = [n for n in names if n.startswith("lesson_")]
    assert names[-len(lessons) :] == lessons, "the lessons come after the skirmishes"
    taught = [n for n in TEACHING_ORDER if n in lessons]
    assert lessons[: len(taught)] == taught
    lines = screen._lines()
    assert lines[0] == "Skirmishes" and "Lessons" in lines
    assert lines.index("Lessons") == lines.index(names.index(lessons[0])) - 1


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_at_any_size_every_entry_can_be_scrolled_into_sight_and_clicked(size):
    """Issue 13: 'the menu's entries are all on screen and clickable at 1280x720 and 1024x600'."""
    a = App(size, headless=True)
    screen = MenuScreen(a)
    a.show(screen)
    w, h = size
    clicked = set()
    for i in range(len(screen.entries)):
        screen.index = i
        a.step(0.016)
        top_button = min(b.rect.top for b in below_the_title(screen))
        rects = screen._list_rects()
        assert i in rects
        for j, r in rects.items():  # every line in sight takes a click, and the list holds still
            assert r.top >= 0 and r.bottom < top_button and r.right <= w
            click(a, r.center)
            assert screen.index == j, f"entry {j} at {r} did not take the click"
            assert screen._list_rects() == rects
            clicked.add(j)
    assert clicked == set(range(len(screen.entries)))
    for b in screen.buttons:
        assert b.rect.left >= 0 and b.rect.right <= w and b.rect.bottom <= h, (b.label, b.rect)


def test_hot_seat_offers_no_ai_level_and_solo_does():
    """Issue 13: '"AI: normal" shows in hot-seat'."""
    a = app()
    screen = MenuScreen(a)
    screen.mode = "hotseat"
    assert not [b for b in screen.buttons if b.label.startswith("AI:")]
    screen.mode = "solo"
    assert [b for b in screen.buttons if b.label.startswith("AI:")]


def test_each_rule_option_explains_itself_on_hover():
    a = app()
    screen = MenuScreen(a)
    a.show(screen)
    options = [b for b in screen.buttons if b.label.split(":")[0] in ("Morale", "Initiative", "Knockdown dice")]
    assert len(options) == 3 and all(len(b.tip) > 40 for b in options)
    said: list[str] = []
    real_text = menu.text
    menu_words_text = menu.text
    assert menu_words_text is real_text
    hover_at = options[1].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hover_at, rel=(0, 0), buttons=(0, 0, 0)))
    import game.ui.menus.menu as m  # noqa: PLC0415

    m.text = lambda surface, s, *args, **kw: said.append(s) or real_text(surface, s, *args, **kw)
    try:
        a.step(0.016)
    finally:
        m.text = real_text
    assert any("each side rolls one d10" in line for line in said)


def test_a_seed_is_typed_and_the_battle_uses_it():
    a = app()
    screen = MenuScreen(a)
    a.show(screen)
    for k in (pygame.K_5, pygame.K_4, pygame.K_2, pygame.K_RETURN):
        key(a, k)
    assert screen.seed.value == 42 and not screen.seed.typing
    key(a, pygame.K_RETURN)  # start
    assert a.screen is not screen and a.screen.session.seed == 42


def test_f1_shows_the_screens_keys_and_any_key_closes_them():
    from game.ui.common import help_overlay  # noqa: PLC0415

    a = app()
    screen = MenuScreen(a)
    a.show(screen)
    key(a, pygame.K_F1)
    assert a.help_open
    assert help_overlay.sections_for(screen)[0][0] == "Choosing a battle"
    key(a, pygame.K_DOWN)  # closes the help and does nothing else
    assert not a.help_open and screen.index == 0


def test_continue_names_an_autosave_by_its_battle_and_round():
    titles = {"lesson_fatigue": "Lesson: Fatigue"}
    assert save_label(Path("autosave-lesson_fatigue-r014.json"), titles) == "Lesson: Fatigue, round 14"
    assert save_label(Path("autosave-my_map-r003.json"), titles) == "my map, round 3"
    assert save_label(Path("before the charge.json"), titles) == "before the charge"
    assert save_label(Path("autosave-quick-0123456789abcdef-r002.json"), titles) == "Quick battle, round 2"


def test_a_lesson_chosen_shows_who_the_learner_plays_not_a_mode_it_ignores():
    """Issue 22: the menu said "Mode: Hot-seat" while a lesson (always played solo) was chosen."""
    a = app()
    screen = MenuScreen(a)
    screen.mode = "hotseat"
    screen.index = next(i for i, e in enumerate(screen.entries) if e.path.name == "lesson_charge.tmx")
    labels = [b.label for b in screen.buttons]
    assert not [x for x in labels if x.startswith(("Mode:", "Hand-over", "AI:"))], labels
    lesson = screen.entry.scenario.lesson
    assert f"Lesson: you play {lesson.player}" in labels
    screen.index = next(i for i, e in enumerate(screen.entries) if e.path.name == "duel.tmx")
    assert "Mode: Hot-seat" in [b.label for b in screen.buttons]
