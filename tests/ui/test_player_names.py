"""Issue 22, "Hot-seat names": each side may be given its player's name, typed on the hand-over
(N), shown there and on the result, kept in the battle's saves and, seat by seat, in the
settings for the next game."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.history.saved_battle import load_save
from game.home.settings import Settings, load_settings, settings_path, to_toml
from game.save.errors import ReplayError
from game.save.replay import load_replay
from game.scenario.tiled import load_scenario
from game.ui.battle import players
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.handover import HandoverScreen
from game.ui.battle.saving import save_by_hand
from game.ui.menus.resume import resumed_screen
from tests.ui.drive import app, key, settle

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.tmx"
BOTH = {"blue": "human", "red": "human"}


def _type(a, words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch))
    a.step(0.016)


def _hotseat(a) -> BattleScreen:
    s = BattleScreen(a, load_scenario(DUEL), seed=1, controllers=BOTH, threaded=False)
    a.show(s)
    settle(a, s)
    assert isinstance(a.screen, HandoverScreen)
    return s


def test_n_on_the_hand_over_names_the_side_s_player_shown_and_kept_for_the_next_game():
    a = app(Settings())
    s = _hotseat(a)
    handover = a.screen
    side = handover.side
    key(a, pygame.K_n)
    assert handover.typing == "" and a.screen is handover, "N names: it does not start play"
    _type(a, "Anna  x")
    key(a, pygame.K_BACKSPACE)
    key(a, pygame.K_RETURN)
    assert s.session.players == {side: "Anna"}, "spaces run together, the last letter taken back"
    assert players.label(s.session, side) == f"Anna ({side.capitalize()})"
    seat = [x for x in s.session.scenario.sides if BOTH[x] == "human"].index(side)
    assert a.settings.players[seat] == "Anna"
    assert load_settings(settings_path()).players[seat] == "Anna"
    nxt = BattleScreen(a, load_scenario(DUEL), seed=2, controllers=BOTH, threaded=False)
    assert nxt.session.players == {side: "Anna"}, "the next hot-seat game offers the name again"
    solo = BattleScreen(a, load_scenario(DUEL), seed=2, controllers={"blue": "human", "red": "ai"}, threaded=False)
    assert solo.session.players == {}, "a solo game has no seats to name"


def test_esc_while_typing_leaves_the_name_as_it_was_and_stays_on_the_hand_over():
    a = app()
    s = _hotseat(a)
    handover = a.screen
    key(a, pygame.K_n)
    _type(a, "Bob")
    key(a, pygame.K_ESCAPE)
    assert handover.typing is None and s.session.players == {} and a.screen is handover


def test_the_names_are_kept_in_a_save_and_come_back_with_it():
    a = app()
    s = _hotseat(a)
    key(a, pygame.K_n)
    _type(a, "Anna")
    key(a, pygame.K_RETURN)
    said = save_by_hand(s.session)
    path = Path(said.removeprefix("Saved to "))
    side = a.screen.side
    assert json.loads(path.read_text(encoding="utf-8"))["players"] == {side: "Anna"}
    battle, record = load_save(path)
    assert record.players == {side: "Anna"}
    back = resumed_screen(app(), battle, record, threaded=False)
    assert back.session.players == {side: "Anna"}


@pytest.mark.parametrize("bad", [{"blue": "x" * 25}, {"blue": ""}, {"blue": 3}, ["Anna"]])
def test_a_save_with_a_bad_player_name_is_refused_in_one_line(tmp_path, bad):
    a = app()
    s = _hotseat(a)
    path = Path(save_by_hand(s.session, tmp_path).removeprefix("Saved to "))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"] = bad
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ReplayError) as e:
        load_replay(path)
    assert "players" in str(e.value) and "\n" not in str(e.value)


def test_the_settings_file_keeps_the_players_names_as_a_list():
    s = Settings(players=("Anna", "", "Zoë"))
    assert 'players = ["Anna", "", "Zoë"]' in to_toml(s)
    with pytest.raises(ValueError, match="players"):
        Settings(players=("x" * 25,))


def test_p_in_the_menu_names_the_hot_seat_players_seat_by_seat_for_the_battle_it_starts():
    from game.ui.menus.entries import Entry  # noqa: PLC0415
    from game.ui.menus.menu import MenuScreen  # noqa: PLC0415

    a = app(Settings(mode="hotseat"))
    m = MenuScreen(a, [Entry(DUEL, load_scenario(DUEL))])
    a.show(m)
    key(a, pygame.K_p)
    assert m.players.typing
    _type(a, "Anna")
    key(a, pygame.K_RETURN)
    _type(a, "Bob")
    assert m.players.label(2) == "Players: Anna, Bob_"
    key(a, pygame.K_RETURN)
    assert not m.players.typing and a.settings.players == ("Anna", "Bob")
    key(a, pygame.K_RETURN)  # start
    s = a.screen if isinstance(a.screen, BattleScreen) else a.screen.battle_screen
    first, second = s.session.scenario.sides
    assert s.session.players == {first: "Anna", second: "Bob"}


def test_esc_while_naming_in_the_menu_leaves_the_names_as_they_were():
    from game.ui.menus.entries import Entry  # noqa: PLC0415
    from game.ui.menus.menu import MenuScreen  # noqa: PLC0415

    a = app(Settings(mode="hotseat", players=("Cleo",)))
    m = MenuScreen(a, [Entry(DUEL, load_scenario(DUEL))])
    a.show(m)
    key(a, pygame.K_p)
    _type(a, "zz")
    key(a, pygame.K_ESCAPE)
    assert not m.players.typing and a.settings.players == ("Cleo",) and a.screen is m
