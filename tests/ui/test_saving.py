"""Saving in the window (issue: Time: save and resume): an autosave at every round's end, Ctrl+S,
the pause menu's Save and Save and quit, and the main menu's Continue resuming the newest save
at the same decision. The user's folders are a temporary home (tests/conftest.py)."""

from __future__ import annotations

import pygame

from game.history.saved_battle import load_save
from game.home import bundled, user_dirs
from game.save.autosave import list_saves, saves_folder
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.menus.menu import MenuScreen
from game.ui.menus.pause import PauseScreen
from tests.helpers import as_json
from tests.ui.drive import app, key, settle

STARTER = bundled.MAPS / "starter.tmx"
GROUP_SEED = 1  # blue's side wins the first initiative


def watched(a, seed: int = 3) -> BattleScreen:
    scenario = load_scenario(STARTER)
    s = BattleScreen(a, scenario, seed=seed, controllers={side: "ai" for side in scenario.sides}, threaded=False)
    s.speed_i = 4
    a.show(s)
    return s


def test_every_round_end_leaves_an_autosave_that_loads_to_the_same_log():
    a = app()
    s = watched(a, seed=2)  # a battle that reaches round 4, so three rounds end in it
    for _ in range(3000):
        if s.battle.round >= 4 or s.battle.over:
            break
        a.step(0.05)
    autosaves = [p for p in list_saves(saves_folder()) if p.name.startswith("autosave-starter-r")]
    assert len(autosaves) >= 3
    battle, _ = load_save(autosaves[0])  # the newest
    assert as_json(battle.events) == as_json(s.battle.events)[: len(battle.events)]
    assert as_json(battle.events)[-1]["type"] in ("round_end", "round_start", "initiative")


def test_ctrl_s_saves_and_says_where():
    a = app()
    scenario = load_scenario(STARTER)
    s = BattleScreen(a, scenario, seed=2, controllers={"blue": "human", "red": "ai"}, threaded=False)
    a.show(s)
    settle(a, s)
    key(a, pygame.K_s, pygame.KMOD_CTRL)
    assert s.message.startswith("Saved to ")
    saved = [p for p in list_saves(saves_folder()) if not p.name.startswith("autosave")]
    assert len(saved) == 1 and str(saved[0]) in s.message
    battle, _ = load_save(saved[0])
    assert as_json(battle.events) == as_json(s.battle.events)


def test_save_and_quit_then_continue_resumes_at_the_same_decision():
    a = app()
    scenario = load_scenario(STARTER)
    s = BattleScreen(a, scenario, seed=4, controllers={"blue": "human", "red": "ai"}, threaded=False)
    a.show(s)
    settle(a, s)
    unit, log = s.battle.pending().unit, as_json(s.battle.events)
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, PauseScreen)
    key(a, pygame.K_x)  # Save and quit
    assert isinstance(a.screen, MenuScreen)
    key(a, pygame.K_c)  # Continue
    resumed = a.screen
    assert isinstance(resumed, BattleScreen) and resumed is not s
    assert resumed.battle.pending().unit == unit
    assert as_json(resumed.battle.events) == log
    assert resumed.session.controllers == {"blue": "human", "red": "ai"}


def test_a_save_that_cannot_be_written_keeps_the_battle_and_says_why(monkeypatch, tmp_path):
    blocked = tmp_path / "not_a_folder"
    blocked.write_text("a file where the data folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    a = app()
    scenario = load_scenario(STARTER)
    s = BattleScreen(a, scenario, seed=4, controllers={"blue": "human", "red": "ai"}, threaded=False)
    a.show(s)
    settle(a, s)
    key(a, pygame.K_ESCAPE)
    pause = a.screen
    key(a, pygame.K_x)  # Save and quit: the save fails, so nothing quits
    assert a.screen is pause and pause.said.startswith("Could not save")
    assert not pause.saved()
    assert not user_dirs.data_dir().is_dir()


def test_continue_with_no_save_is_offered_but_does_nothing():
    a = app()
    menu = MenuScreen(a)
    a.show(menu)
    cont = next(b for b in menu.buttons if b.label.startswith("Continue"))
    assert not cont.enabled
    key(a, pygame.K_c)
    assert a.screen is menu


def group_start(a, seed: int) -> BattleScreen:
    """The starter map with group initiative: after one of blue's creatures holds, blue still decides."""
    scenario = load_scenario(STARTER)
    s = BattleScreen(
        a,
        scenario,
        seed=seed,
        options={"initiative": "group"},
        controllers={"blue": "human", "red": "ai"},
        threaded=False,
    )
    s.speed_i = 4
    a.show(s)
    settle(a, s)
    assert s.battle.pending().side == "blue" and len(s.battle.pending().units) > 1
    return s


def undo_enabled(s: BattleScreen) -> bool:
    return next(b for b in s.buttons if b.label == "Undo").enabled


def test_after_continue_undo_takes_back_a_command_played_before_the_save():
    """Issue 22: undo's history was lost over save and load (Undo greyed after Continue). The
    save holds the commands; played again, the ones no die has followed are undoable as before."""
    a = app()
    s = group_start(a, seed=GROUP_SEED)
    held = s.selected
    assert held is not None
    start = as_json(s.battle.events)
    key(a, pygame.K_h)  # the first blue creature holds: no die rolled, blue decides again
    settle(a, s)
    assert s.battle.pending().side == "blue" and undo_enabled(s)
    key(a, pygame.K_ESCAPE)
    key(a, pygame.K_x)  # Save and quit
    key(a, pygame.K_c)  # Continue
    resumed = a.screen
    assert isinstance(resumed, BattleScreen) and resumed is not s
    settle(a, resumed)
    assert undo_enabled(resumed)
    key(a, pygame.K_z, pygame.KMOD_LCTRL)
    settle(a, resumed)
    assert resumed.message.startswith("Undone")
    assert as_json(resumed.battle.events) == start and held in resumed.battle.pending().units


def test_a_save_sent_to_the_other_player_keeps_what_was_sent_from_undo(tmp_path):
    """Playing by file, what the other player was sent stands: after loading, Undo says so."""
    from game.ui.battle.saving import save_for_other_player  # noqa: PLC0415
    from game.ui.menus.resume import opened_screen  # noqa: PLC0415

    a = app()
    s = group_start(a, seed=GROUP_SEED)
    key(a, pygame.K_h)
    settle(a, s)
    said = save_for_other_player(s.session, tmp_path)
    opened = opened_screen(app(), *load_save(said.split("send them ", 1)[1]), threaded=False)
    resumed = opened if isinstance(opened, BattleScreen) else opened.battle_screen
    assert resumed.session.history.why_not_undo(resumed.battle, "blue") == (
        "the commands before it were sent to the other player"
    )
