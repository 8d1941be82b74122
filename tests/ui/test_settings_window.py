"""The window remembers the player's settings between runs (game/home/settings.py): the menu's
choices, the battle's speed and pause on steps, the viewer's speed, the window's size, and whether
hot-seat shows a hand-over screen between the players' turns."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game import ai
from game.core.battle import Battle
from game.history.timeline import Timeline
from game.home.settings import Settings, load_settings, save_settings, settings_path
from game.scenario.tiled import load_scenario
from game.ui.app import CALM, App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.handover import HandoverScreen
from game.ui.main import first_screen
from game.ui.menus.menu import MenuScreen
from game.ui.viewer.viewer import Source, ViewerScreen
from tests.ui.drive import app, key, settle

ARENA = Path(__file__).resolve().parents[2] / "maps" / "test_arena.tmx"


def test_choices_made_in_the_menu_are_chosen_in_the_next_menu():
    a = app(load_settings())
    first = MenuScreen(a)
    a.show(first)
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_s, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
        key(a, k)
    chosen = first.entry.path.name
    assert first.options == {"morale_system": "ose", "initiative": "group", "knockdown_dice": False}

    again = MenuScreen(app(load_settings()))  # as the next run opens it, from the file
    assert again.entry.path.name == chosen and again.index == 2
    assert again.side_i == 1 and again.ai_level == "hard"
    assert again.options == {"morale_system": "ose", "initiative": "group", "knockdown_dice": False}
    assert [b.label for b in again.buttons][:5] == [b.label for b in first.buttons][:5]


def test_the_hotseat_mode_and_its_hand_over_switch_are_remembered_and_start_the_battle_so():
    a = app(load_settings())
    menu = MenuScreen(a)
    a.show(menu)
    key(a, pygame.K_m)  # solo -> hot-seat
    assert "Hand-over screen: on" in [b.label for b in menu.buttons]
    key(a, pygame.K_h)
    assert "Hand-over screen: off" in [b.label for b in menu.buttons]
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, BattleScreen) and set(a.screen.session.controllers.values()) == {"human"}
    a.screen.close()
    s = load_settings()
    assert (s.mode, s.handover) == ("hotseat", False)
    assert MenuScreen(app(s)).mode == "hotseat"


def test_a_scenario_no_longer_shipped_falls_back_to_the_first():
    save_settings(Settings(scenario="gone_since.tmx"))
    assert MenuScreen(app(load_settings())).index == 0


def test_the_menu_keeps_its_choices_when_the_window_closes_on_it(monkeypatch):
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the fonts cached for the other tests stay valid
    a = app(load_settings())
    menu = MenuScreen(a)
    a.show(menu)
    menu.mode = "watch"  # a choice the menu has not written down yet
    key(a, pygame.K_q)
    a.run()  # the loop ends at once: the window closes on the menu
    assert load_settings().mode == "watch"


def test_speed_and_pause_on_steps_changed_in_battle_are_remembered():
    a = app(load_settings())
    s = BattleScreen(a, load_scenario(ARENA), controllers={"blue": "human", "red": "ai"}, threaded=False)
    a.show(s)
    assert s.speed == 1.0 and not s.view.pause_on_steps
    key(a, pygame.K_PERIOD)
    key(a, pygame.K_PERIOD)
    key(a, pygame.K_p)
    assert s.speed == 4.0 and s.view.pause_on_steps
    assert "speed = 4.0" in settings_path().read_text(encoding="utf-8").splitlines()

    later = BattleScreen(app(load_settings()), load_scenario(ARENA), threaded=False)
    assert later.speed == 4.0 and later.view.pause_on_steps


def test_the_window_size_is_written_once_it_holds_still():
    a = app(load_settings())
    a.show(MenuScreen(a))
    a.window = pygame.display.set_mode((1000, 640), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640))
    a.step(0.016)
    assert a.size == (1000, 640) and not settings_path().exists()  # a drag sends many: not yet
    a.step(CALM)
    s = load_settings()
    assert (s.window_width, s.window_height, s.fullscreen) == (1000, 640, False)


def hotseat_handovers(handover: bool, enough: int = 6) -> tuple[int, int]:
    """Play a hot-seat battle, every unit holding, until the side to decide has changed `enough`
    times (at most 40 decisions): how many hand-over screens came up, and how many changes."""
    save_settings(Settings(handover=handover, speed=8.0))
    a = app(load_settings())
    s = BattleScreen(a, load_scenario(ARENA), seed=7, controllers={"blue": "human", "red": "human"}, threaded=False)
    a.show(s)
    screens, changes, last = 0, 0, None
    for _ in range(40):
        settle(a, s)
        if isinstance(a.screen, HandoverScreen):
            screens += 1
            key(a, pygame.K_SPACE)
            settle(a, s)
        if a.screen is not s:
            break
        side = s.battle.pending().side
        changes += side != last and last is not None
        last = side
        if changes >= enough:
            break
        key(a, pygame.K_h)  # hold
    return screens, changes


def test_hotseat_shows_the_hand_over_screen_only_when_it_is_on():
    assert hotseat_handovers(handover=True)[0] >= 2
    screens, changes = hotseat_handovers(handover=False)
    assert screens == 0 and changes >= 6


def test_settings_that_cannot_be_written_are_said_once_and_the_game_goes_on(capsys):
    blocked = settings_path().parent
    blocked.parent.mkdir(parents=True)
    blocked.write_text("a file where the config folder should be", encoding="utf-8")
    a = app(load_settings())
    assert "cannot be read" in capsys.readouterr().err  # the folder is not a folder
    a.remember(speed=2.0)
    a.remember(speed=4.0)
    assert a.settings.speed == 4.0  # kept for this run
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("rout: cannot save the settings")
    assert blocked.read_text(encoding="utf-8").startswith("a file where")


def arena_timeline() -> Timeline:
    """A few rounds of the arena, AI against AI, for the viewer."""
    b = Battle(load_scenario(ARENA), seed=3)
    commands = []
    while not b.over and b.round <= 2:
        commands.append(ai.decide(b))
        b.apply(commands[-1])
    t = Timeline(Battle(load_scenario(ARENA), seed=3), commands)
    t.finish()
    return t


def test_the_viewer_speed_chosen_is_the_next_viewer_speed():
    a = app(load_settings())
    v = ViewerScreen(a, arena_timeline(), Source(3, {}, threaded=False))
    a.show(v)
    assert v.speed == 2.0  # the default
    for _ in range(3):
        key(a, pygame.K_PERIOD)
    assert v.speed == 16.0
    assert "viewer_speed = 16.0" in settings_path().read_text(encoding="utf-8").splitlines()
    later = ViewerScreen(app(load_settings()), arena_timeline(), Source(3, {}, threaded=False))
    assert later.speed == 16.0


def test_rout_play_map_plays_against_the_ai_level_last_chosen():
    """`rout play MAP` (no menu) takes the AI level from the settings, as the menu would."""
    save_settings(Settings(ai_level="hard"))
    s = first_screen(app(load_settings()), load_scenario(ARENA), "solo", 1, None)
    assert (
        isinstance(s, BattleScreen)
        and s.session.ai_level == "hard"
        and s.session.controllers == {"blue": "human", "red": "ai"}
    )


# Each setting as the next run sees it: (setting, a value other than its default, what shows it).
NEXT_RUN: list[tuple[str, object, Callable[[App], object]]] = [
    ("mode", "hotseat", lambda a: MenuScreen(a).mode),
    ("side", 1, lambda a: MenuScreen(a).side_i),
    (
        "ai_level",
        "hard",
        lambda a: (MenuScreen(a).ai_level, first_screen(a, load_scenario(ARENA), None, 1, None).session.ai_level),
    ),
    ("speed", 4.0, lambda a: BattleScreen(a, load_scenario(ARENA), threaded=False).speed),
    ("viewer_speed", 8.0, lambda a: ViewerScreen(a, arena_timeline(), Source(3, {}, threaded=False)).speed),
    ("pause_on_steps", True, lambda a: BattleScreen(a, load_scenario(ARENA), threaded=False).view.pause_on_steps),
    ("handover", False, lambda a: MenuScreen(a).handover),
    ("window_width", 1000, lambda a: App(headless=True, settings=a.settings).size[0]),
    ("window_height", 600, lambda a: App(headless=True, settings=a.settings).size[1]),
    ("fullscreen", True, lambda a: App(headless=True, settings=a.settings).fullscreen),
    ("scenario", "battle.tmx", lambda a: MenuScreen(a).entry.path.name),
    ("morale_system", "ose", lambda a: MenuScreen(a).options.get("morale_system")),
]
EXPECTED = {"ai_level": ("hard", "hard")}


@pytest.mark.parametrize(("name", "value", "seen"), NEXT_RUN, ids=[n for n, _, _ in NEXT_RUN])
def test_a_setting_changed_in_the_window_holds_through_a_restart(name, value, seen, monkeypatch):
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the fonts cached for the other tests stay valid
    first = app(load_settings())
    assert first.settings.value(name) != value  # not the default, or the test proves nothing
    first.remember(**{name: value})
    restarted = app(load_settings())
    assert restarted.settings.value(name) == value
    assert seen(restarted) == EXPECTED.get(name, value)
