"""Issue 22's settings screen, driven as a player would: opened from the menu and from the pause
menu, each row changed by key and by mouse, the change applied at once and written to
settings.toml, Esc back to where it was opened, F1 listing its keys."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.home.settings import SPEEDS, UI_SCALES, load_settings, settings_path
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import help_keys, help_overlay
from game.ui.menus.menu import MenuScreen
from game.ui.menus.pause import PauseScreen
from game.ui.menus.settings_rows import ROWS
from game.ui.menus.settings_screen import SettingsScreen
from tests.ui.drive import app, click, key, settle

ARENA = Path(__file__).resolve().parents[2] / "maps" / "test_arena.tmx"


def _menu_then_settings(a: App) -> tuple[MenuScreen, SettingsScreen]:
    menu = MenuScreen(a)
    a.show(menu)
    key(a, pygame.K_o)
    assert isinstance(a.screen, SettingsScreen)
    return menu, a.screen


def _row(screen: SettingsScreen, name: str) -> int:
    return next(i for i, r in enumerate(screen.rows) if r.name == name)


def _choose(a: App, screen: SettingsScreen, name: str) -> None:
    """Walk the chosen row down to the setting with Down, as a keyboard player does."""
    while screen.index != _row(screen, name):
        key(a, pygame.K_DOWN)


def test_o_in_the_menu_opens_the_settings_and_esc_comes_back_to_the_same_menu():
    a = app(load_settings())
    menu, _ = _menu_then_settings(a)
    key(a, pygame.K_ESCAPE)
    assert a.screen is menu


def test_the_menus_settings_button_opens_the_screen_and_its_back_button_returns():
    a = app(load_settings())
    menu = MenuScreen(a)
    a.show(menu)
    button = next(b for b in menu.buttons if b.label == "Settings")
    click(a, button.rect.center)
    assert isinstance(a.screen, SettingsScreen)
    click(a, a.screen.back_button().rect.center)
    assert a.screen is menu


def test_the_pause_menu_opens_the_settings_and_a_speed_chosen_there_is_the_battles_at_once():
    a = app(load_settings())
    bs = BattleScreen(a, load_scenario(ARENA), seed=1, controllers={"blue": "human", "red": "ai"}, threaded=False)
    a.show(bs)
    settle(a, bs)
    key(a, pygame.K_ESCAPE)
    pause = a.screen
    assert isinstance(pause, PauseScreen)
    key(a, pygame.K_o)
    screen = a.screen
    assert isinstance(screen, SettingsScreen)
    _choose(a, screen, "speed")
    key(a, pygame.K_RIGHT)
    assert bs.speed == SPEEDS[SPEEDS.index(1.0) + 1]
    _choose(a, screen, "pause_on_steps")
    key(a, pygame.K_RETURN)
    assert bs.view.pause_on_steps is True
    key(a, pygame.K_ESCAPE)
    assert a.screen is pause
    assert (load_settings().speed, load_settings().pause_on_steps) == (2.0, True)


@pytest.mark.parametrize("row", [r.name for r in ROWS if r.name not in ("window", "fullscreen")])
def test_each_row_changed_by_its_key_is_applied_and_written_to_the_file(row):
    a = app(load_settings())
    _, screen = _menu_then_settings(a)
    _choose(a, screen, row)
    before = getattr(a.settings, row)
    key(a, pygame.K_RIGHT)
    after = getattr(a.settings, row)
    assert after != before
    assert getattr(load_settings(), row) == after  # written at once
    assert f"{row} = " in settings_path().read_text()
    key(a, pygame.K_LEFT)
    assert getattr(a.settings, row) == before  # Left steps back


def test_the_window_size_row_resizes_the_window_and_remembers_it():
    a = app(load_settings())
    _, screen = _menu_then_settings(a)
    _choose(a, screen, "window")
    key(a, pygame.K_RIGHT)  # 1280x720 -> the next size up
    assert a.window.get_size() == (1600, 900) == a.size
    s = load_settings()
    assert (s.window_width, s.window_height) == (1600, 900)
    key(a, pygame.K_LEFT)
    key(a, pygame.K_LEFT)
    assert a.window.get_size() == (1024, 600)


def test_the_full_screen_row_goes_full_screen_and_back():
    a = app(load_settings())
    _, screen = _menu_then_settings(a)
    _choose(a, screen, "fullscreen")
    key(a, pygame.K_RIGHT)
    assert a.fullscreen and load_settings().fullscreen
    key(a, pygame.K_RIGHT)
    assert not a.fullscreen and not load_settings().fullscreen


def test_volume_and_sound_rows_reach_the_sound_at_once():
    a = app(load_settings())
    _, screen = _menu_then_settings(a)
    _choose(a, screen, "volume")
    key(a, pygame.K_LEFT)
    assert a.settings.volume == 60 and a.sound.level == pytest.approx(0.6)
    _choose(a, screen, "mute")
    key(a, pygame.K_RIGHT)
    assert a.settings.mute and a.sound.level == 0
    assert load_settings().mute


def test_a_click_on_a_rows_left_arrow_steps_back_and_elsewhere_on_it_steps_on():
    a = app(load_settings())
    _, screen = _menu_then_settings(a)
    i = _row(screen, "volume")
    r = screen.row_rects()[i]
    box = screen.value_box(r)
    click(a, (box.x + 8, box.centery))
    assert a.settings.volume == 60
    click(a, (r.x + 20, r.centery))
    click(a, (box.right - 8, box.centery))
    assert a.settings.volume == 80


def test_ui_scale_enlarges_the_canvas_and_clicks_land_where_they_are_drawn():
    a = App((2560, 1440), headless=True, settings=load_settings())
    menu, screen = _menu_then_settings(a)
    _choose(a, screen, "ui_scale")
    while a.settings.ui_scale != 2.0:
        key(a, pygame.K_RIGHT)
    assert a.scale == 2.0 and a.size == (1280, 720)  # the screens lay out in half the pixels
    back = screen.back_button().rect.center  # on the canvas
    click(a, (back[0] * 2, back[1] * 2))  # where the window shows it
    assert a.screen is menu
    assert load_settings().ui_scale == 2.0


@pytest.mark.parametrize(("window", "most"), [((1024, 600), 1.0), ((1280, 720), 1.2), ((1920, 1080), 1.8)])
def test_the_ui_scale_is_capped_so_that_every_screen_keeps_1024x600(window, most):
    a = App(window, headless=True, settings=load_settings().changed(ui_scale=2.0))
    assert a.scale == pytest.approx(most)
    assert a.size[0] >= 1024 and a.size[1] >= 600
    _, screen = _menu_then_settings(a)
    shown = screen.rows[_row(screen, "ui_scale")].shown(a, 2.0)
    assert shown == f"2x ({most:g}x fits this window)"


def test_at_ui_scale_2_on_small_windows_every_row_sits_inside_the_settings_panel():
    for window in ((1024, 600), (1280, 720), (2048, 1200)):
        a = App(window, headless=True, settings=load_settings().changed(ui_scale=max(UI_SCALES)))
        _, screen = _menu_then_settings(a)
        panel = screen.panel()
        assert panel.w <= a.size[0] and panel.h <= a.size[1]
        for r in screen.row_rects().values():
            assert panel.contains(r)
        assert len(screen.row_rects()) == len(ROWS)  # the 1024x600 room holds them all


def test_f1_over_the_settings_lists_its_keys():
    a = app(load_settings())
    _menu_then_settings(a)
    key(a, pygame.K_F1)
    assert a.help_open
    sections = help_overlay.sections_for(a.screen)
    assert sections[0] == help_keys.SETTINGS[0]
    assert ("F8", "sound on or off") in sections[-1][1]
