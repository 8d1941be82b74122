"""The menu: every shipped scenario can be reached and chosen in a 720-line window, and a menu
with no scenarios says so instead of failing (issue: installs like a real game)."""

from __future__ import annotations

import pygame

from game.ui import menu
from game.ui.menu import MenuScreen
from tests.ui.drive import app, click, key


def test_every_scenario_is_in_sight_when_chosen_and_never_under_the_buttons():
    a = app()
    screen = MenuScreen(a)
    a.show(screen)
    assert len(screen.entries) >= 18
    top_button = min(b.rect.top for b in screen.buttons)
    seen = []
    for _ in screen.entries:
        rects = screen._list_rects()
        assert all(r.bottom < top_button for r in rects.values())
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
    monkeypatch.setattr(menu, "MAPS", tmp_path)
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
    assert [b.label for b in screen.buttons] == ["Continue (no save yet)", "Quit"]
    key(a, pygame.K_q)
    assert not a.running
