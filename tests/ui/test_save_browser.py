"""Issue 22, "A save browser": the menu's L lists every save and autosave (battle, side to play,
round, time, a thumbnail), to load, rename (a safe name no file has) or delete (after a question)."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.save.autosave import autosave, saves_folder
from game.save.manage import SaveNameError, rename_save
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.saving import save_by_hand
from game.ui.menus import save_browser
from game.ui.menus.menu import MenuScreen
from game.ui.menus.save_browser import SaveBrowser
from tests.ui.drive import app, key, words_drawn

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.tmx"


def _type(a, words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch))
    a.step(0.016)


READ_TIMEOUT = 120  # seconds: replaying the saves on a loaded machine


def _saves(a) -> tuple[BattleScreen, Path, Path]:
    """A duel saved by hand and as an autosave, and a damaged file beside them."""
    s = BattleScreen(a, load_scenario(DUEL), seed=1, controllers={"blue": "human", "red": "ai"}, threaded=False)
    by_hand = Path(save_by_hand(s.session).removeprefix("Saved to "))
    auto = autosave(saves_folder(), s.battle, s.session.played)
    (saves_folder() / "broken.json").write_text("{cut short", encoding="utf-8")
    return s, by_hand, auto


def _browser(a) -> SaveBrowser:
    m = MenuScreen(a)
    a.show(m)
    key(a, pygame.K_l)
    b = a.screen
    assert isinstance(b, SaveBrowser)
    deadline = time.monotonic() + READ_TIMEOUT  # read off the window's thread: frames go on meanwhile
    while b.reader.busy and time.monotonic() < deadline:
        a.step(0.02)
        time.sleep(0.005)  # a poll, not a wait for time: the reader's thread gets the interpreter
    a.step(0.016)
    assert not b.reader.busy
    return b


def test_l_in_the_menu_lists_every_save_with_its_battle_side_round_time_and_thumbnail():
    a = app()
    s, by_hand, auto = _saves(a)
    b = _browser(a)
    assert set(b.paths) == {by_hand, auto, saves_folder() / "broken.json"}
    info = b.info(by_hand)
    assert info is not None and info.error == ""
    side = s.battle.pending().side
    assert info.line() == f"{s.session.scenario.title} — round 1, {side} to play"
    assert info.time()[:2] == "20"
    assert b.info(saves_folder() / "broken.json").error.startswith("not valid JSON")
    for _ in range(len(b.paths) + 2):  # one new thumbnail a frame
        a.step(0.016)
    assert b.thumbs.get(info, may_make=False) is not None


def test_enter_loads_the_chosen_save_where_it_was_left():
    a = app()
    s, by_hand, _ = _saves(a)
    b = _browser(a)
    b.index = b.paths.index(by_hand)
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, BattleScreen)
    assert [e.to_json() for e in a.screen.battle.events] == [e.to_json() for e in s.battle.events]


def test_a_save_that_does_not_load_says_why_and_stays():
    a = app()
    _saves(a)
    b = _browser(a)
    b.index = b.paths.index(saves_folder() / "broken.json")
    key(a, pygame.K_RETURN)
    assert a.screen is b and "broken.json" in b.said
    assert (saves_folder() / "broken.json").read_text(encoding="utf-8") == "{cut short"


def test_r_renames_the_save_and_refuses_a_name_taken_or_unsafe():
    a = app()
    _, by_hand, auto = _saves(a)
    b = _browser(a)
    b.index = b.paths.index(by_hand)
    before = by_hand.read_bytes()
    key(a, pygame.K_r)
    assert b.typing == by_hand.stem
    for _ in range(len(by_hand.stem)):
        key(a, pygame.K_BACKSPACE)
    _type(a, auto.stem)  # another save's name
    key(a, pygame.K_RETURN)
    assert b.said.startswith("Not renamed: a save is already named") and by_hand.exists() and auto.exists()
    for _ in range(len(auto.stem)):
        key(a, pygame.K_BACKSPACE)
    _type(a, "../escape")
    key(a, pygame.K_RETURN)
    assert b.said.startswith("Not renamed:") and by_hand.exists()
    for _ in range(len("../escape")):
        key(a, pygame.K_BACKSPACE)
    _type(a, "Before the ford")
    key(a, pygame.K_RETURN)
    new = saves_folder() / "Before the ford.json"
    assert b.typing is None and new.read_bytes() == before and not by_hand.exists()
    assert b.chosen == new and b.info(new) is not None


def test_d_asks_before_deleting_and_any_other_key_keeps_the_save():
    a = app()
    _, by_hand, _ = _saves(a)
    b = _browser(a)
    b.index = b.paths.index(by_hand)
    key(a, pygame.K_d)
    assert b.asking
    key(a, pygame.K_n)
    assert not b.asking and by_hand.exists()
    key(a, pygame.K_DELETE)
    key(a, pygame.K_y)
    assert not by_hand.exists() and by_hand not in b.paths and b.said == f"Deleted {by_hand.name}"


def test_esc_goes_back_to_the_menu():
    a = app()
    _browser(a)
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, MenuScreen)


@pytest.mark.parametrize("name", ["", " ", ".hidden", "a/b", "a\\b", "x" * 81, "trailing."])
def test_rename_refuses_an_unsafe_name(tmp_path, name):
    p = tmp_path / "one.json"
    p.write_text("{}", encoding="utf-8")
    with pytest.raises(SaveNameError):
        rename_save(p, name)
    assert p.read_text(encoding="utf-8") == "{}"


def test_r_then_a_new_name_renames_an_autosave_and_the_browser_shows_and_says_the_new_name():
    """Issue 37, bug 3: R, "my save", Enter on autosave-lesson_flanking-r006.json said "Renamed to
    autosave-lesson_flanking-r006.json": the autosave's name is over a player's name's 24
    characters, the typing (a player's name's) dropped every letter, and nothing was renamed."""
    a = app()
    sc = load_scenario(DUEL.with_name("lesson_flanking.tmx"))
    s = BattleScreen(a, sc, seed=1, controllers={sc.lesson.player: "human"}, threaded=False)
    auto = autosave(saves_folder(), s.battle, s.session.played, battle_id=s.session.battle_id)
    assert len(auto.stem) > 24
    before = auto.read_bytes()
    b = _browser(a)
    b.index = b.paths.index(auto)
    key(a, pygame.K_r)
    _type(a, "my save")  # the first letter replaces the name the field began with
    key(a, pygame.K_RETURN)
    new = saves_folder() / "my save.json"
    assert b.said == "Renamed to my save.json"
    assert new.read_bytes() == before and not auto.exists()
    assert b.chosen == new and b.info(new) is not None and b.info(new).path == new
    said = words_drawn(a, save_browser)
    assert any(w.startswith("my save.json · save · ") for w in said), said
    assert "Renamed to my save.json" in said
    key(a, pygame.K_r)
    key(a, pygame.K_RETURN)  # the same name again: nothing to do, and it says so
    assert b.said == "Not renamed: my save.json has that name already" and new.exists()
