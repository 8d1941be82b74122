"""Issue 37, bug 1: Continue re-entered finished battles ("Red wins", then the menu offered
"Continue: Quick battle, round 8" and loaded it). Continue resumes only a battle not over; an
ended battle's autosaves stay in the save browser, marked, below the others."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.save.autosave import autosave, saves_folder
from game.save.savefile import write_save
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.menus.menu import MenuScreen
from game.ui.menus.save_browser import SaveBrowser
from tests.ui.drive import app, key, played_to_result, words_drawn

MAPS = Path(__file__).resolve().parents[2] / "maps"


def _played_out(a, name: str) -> BattleScreen:
    return played_to_result(a, MAPS / f"{name}.tmx")


def _to_menu(a) -> MenuScreen:
    """Esc from the result screen, as a player: pressed again until it is heard (the result may
    ignore keys for a moment after it opens)."""
    for _ in range(100):
        key(a, pygame.K_ESCAPE)
        if isinstance(a.screen, MenuScreen):
            return a.screen
        a.step(0.1)
    raise AssertionError("Esc never left the result screen")


def _continue_label(m: MenuScreen) -> str:
    return next(b.label for b in m.buttons if b.label.startswith("Continue"))


def test_after_red_wins_continue_offers_no_round_of_the_ended_battle():
    a = app()
    _played_out(a, "duel")
    assert list(saves_folder().glob("*duel-r*.json")), "the rounds' autosaves were written"
    m = _to_menu(a)
    assert _continue_label(m) == "Continue (no save yet)"
    key(a, pygame.K_c)
    assert a.screen is m


def test_continue_offers_the_battle_left_unfinished_and_the_browser_lists_the_ended_one_below():
    a = app()
    sc = load_scenario(MAPS / "starter.tmx")
    left = BattleScreen(a, sc, seed=1, controllers={sc.sides[0]: "human", sc.sides[1]: "ai"}, threaded=False)
    kept = autosave(saves_folder(), left.battle, left.session.played, battle_id=left.session.battle_id)
    ended = _played_out(a, "duel")
    m = _to_menu(a)
    assert _continue_label(m) == f"Continue: {sc.title}, round {left.battle.round}"
    key(a, pygame.K_c)
    assert isinstance(a.screen, BattleScreen) and a.screen.session.scenario.title == sc.title
    assert not a.screen.battle.over
    a.screen.close()

    a.show(MenuScreen(a))
    key(a, pygame.K_l)
    b = a.screen
    assert isinstance(b, SaveBrowser)
    assert b.paths[0] == kept, "the battle not over comes first"
    finished = b.paths[1:]
    assert finished and all("duel" in p.name for p in finished)
    from game.ui.menus import save_browser  # noqa: PLC0415

    said = words_drawn(a, save_browser)
    rows = [s for s in said if s.startswith(tuple(p.name for p in b.paths))]
    assert rows[0].startswith(f"{kept.name} · autosave · "), rows
    assert all(" · autosave of a battle that has ended · " in r for r in rows[1:]), rows
    assert len(rows) == 1 + len(finished) == 1 + len(list(saves_folder().glob("finished-duel-r*.json")))
    assert ended.battle.over
    b.close()


def test_the_replay_saved_on_the_result_and_an_ended_save_named_by_hand_are_not_continued():
    a = app()
    ended = _played_out(a, "duel")
    for _ in range(100):  # S on the result screen: the replay, saved as an ended battle's
        key(a, pygame.K_s)
        if a.screen.message.startswith("Saved to"):
            break
        a.step(0.1)
    assert Path(a.screen.message.removeprefix("Saved to ")).name.startswith("finished-duel-round")
    renamed = write_save(saves_folder() / "my victory.json", ended.battle, ended.session.played)
    m = _to_menu(a)
    assert _continue_label(m) == "Continue: my victory"
    key(a, pygame.K_c)
    assert a.screen is m and "my victory: that battle is over" in m.error
    assert _continue_label(m) == "Continue (no save yet)" and renamed.exists()
