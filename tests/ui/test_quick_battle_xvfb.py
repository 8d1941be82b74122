"""Quick battle in the real window under Xvfb (issue 20): from the menu, buy an army, deploy,
fight a little, save, and resume the save in a new run. Each step waits for what it leaves in
the user's data folder (the choices file, the battle's map, the saves), never for a clock."""

from __future__ import annotations

import json
import time
from pathlib import Path

from game.home.user_dirs import data_dir
from game.save.map_paths import QUICK_PREFIX, quick_maps_folder
from game.ui.quick.choices import file_path as choices_file
from tests.ui.test_window_xvfb import (
    DEADLINE,
    close_button,
    closes,
    display,
    drawn,
    pytestmark,
    start_game,
    window_of,
    xdo,
)

__all__ = ["display", "pytestmark"]  # the Xvfb fixture and the skip when Xvfb is missing


def until(what: str, seconds: float, step, check):
    """Do `step` and look again until `check` gives something, within the deadline."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        step()
        for _ in range(20):
            found = check()
            if found:
                return found
            time.sleep(0.05)
    raise AssertionError(f"never came: {what}")


def bought() -> int:
    try:
        return sum(n for _, n in json.loads(choices_file().read_text())["army"])
    except (OSError, ValueError, KeyError):
        return 0


def battle_map() -> Path | None:
    return next(iter(sorted(quick_maps_folder().glob(f"{QUICK_PREFIX}*.tmx"))), None)


def saves() -> list[Path]:
    return sorted((data_dir() / "saves").glob("*.json"), key=lambda p: p.stat().st_mtime_ns)


def commands(save: Path) -> list:
    try:
        return list(json.loads(save.read_text())["commands"])
    except (OSError, ValueError, KeyError):
        return []


def fought(least: int):
    newest = [s for s in saves() if not s.name.startswith("autosave")]
    return newest[-1] if newest and len(commands(newest[-1])) >= least else None


def test_quick_battle_from_the_menu_buy_deploy_fight_save_and_resume(display, tmp_path):
    game = start_game(display)
    try:
        win = window_of(display, game)
        drawn(display, game, tmp_path / "frame.rgb")
        press = lambda *keys: xdo(display, "key", "--window", win, *keys)
        until("the army screen", DEADLINE, lambda: press("k", "Return"), choices_file().exists)
        until("three creatures bought", DEADLINE, lambda: press("Right"), lambda: bought() >= 3)
        until("the battle's map", DEADLINE, lambda: press("Return"), battle_map)
        save = until("a save with a few commands", 240, lambda: press("h", "ctrl+s"), lambda: fought(3))
        assert closes(game, lambda: close_button(display, win)) == 0
    finally:
        if game.poll() is None:
            game.kill()
    assert b"Traceback" not in game.stderr.read()
    first = commands(save)
    assert json.loads(save.read_text())["map"] == battle_map().name
    game = start_game(display)
    try:
        win = window_of(display, game)
        drawn(display, game, tmp_path / "frame.rgb")
        press = lambda *keys: xdo(display, "key", "--window", win, *keys)
        before = set(saves())

        def resumed():
            new = [s for s in saves() if s not in before and not s.name.startswith("autosave")]
            return new[-1] if new and commands(new[-1])[: len(first)] == first else None

        again = until("the save resumed and saved again", DEADLINE, lambda: press("c", "ctrl+s"), resumed)
        assert json.loads(again.read_text())["map"] == battle_map().name
        assert closes(game, lambda: close_button(display, win)) == 0
    finally:
        if game.poll() is None:
            game.kill()
    assert b"Traceback" not in game.stderr.read()
