"""The main menu's Play online (issue 21): N opens it, the address and the join code are typed
in, Enter joins, and the battle's window opens on the joiner's side once the host has welcomed
it; a wrong code or an address without a port is said on the screen, which stays. Every wait is
on a condition with a deadline."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.home.bundled import MAPS
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.menus.menu import MenuScreen
from game.ui.menus.online import OnlineScreen
from tests.net.peers import DEADLINE, HostThread
from tests.ui.drive import app as make_app
from tests.ui.drive import frames_until, key

SKIRMISH = str(MAPS / "skirmish.tmx")


def _until(a: App, done: Callable[[], bool], what: str) -> None:
    frames_until(a, done, what, DEADLINE)


def _type(a: App, words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch))
    a.step(0.016)


def _online(a: App) -> OnlineScreen:
    a.show(MenuScreen(a))
    key(a, pygame.K_n)
    assert isinstance(a.screen, OnlineScreen)
    return a.screen


def test_play_online_types_the_address_and_code_and_opens_the_battle_on_the_joiners_side():
    host = HostThread(SKIRMISH, seed=2).start()  # waits for the player as long as a loaded machine may need
    a = make_app()
    online = _online(a)
    _type(a, host.address)
    key(a, pygame.K_TAB)
    _type(a, host.code)
    assert online.typed == {"address": host.address, "code": host.code}
    key(a, pygame.K_RETURN)
    _until(a, lambda: isinstance(a.screen, BattleScreen), "the battle opened")
    s = a.screen
    assert isinstance(s, BattleScreen) and s.net is not None
    joiner = load_scenario(SKIRMISH).sides[1]
    assert [side for side, who in s.session.controllers.items() if who == "human"] == [joiner]
    assert "playing " + joiner in host.said("playing")
    host.host.plan.wait = 0.1  # once the window goes, the host waits this long for it to come back
    s.close()
    assert host.finish() == 1  # the window went, and no player came back within the host's wait


def test_a_wrong_code_and_a_missing_port_are_said_on_the_screen_which_stays():
    host = HostThread(SKIRMISH)
    host.start()
    a = make_app()
    online = _online(a)
    _type(a, "127.0.0.1")
    key(a, pygame.K_RETURN)
    assert "HOST:PORT" in online.message and online.joining is None
    _type(a, f":{host.port}")
    key(a, pygame.K_TAB)
    _type(a, "WRONG")
    key(a, pygame.K_RETURN)
    _until(a, lambda: online.joining is None, "the join ended")
    assert a.screen is online
    assert online.message == "the host refused: wrong join code"
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, MenuScreen)
    host.host.listener.close()


def test_an_address_the_joiner_cannot_use_is_said_on_the_screen_and_nothing_connects():
    # As `rout join` (game/net/address.py): '127.0.0.1:abc' started a join whose thread ended
    # in a ValueError traceback from websockets' URL parser, and the screen said only that the
    # host did not welcome this Rout.
    a = make_app()
    online = _online(a)
    _type(a, "127.0.0.1:70000")
    key(a, pygame.K_TAB)
    _type(a, "T-CODE")
    key(a, pygame.K_RETURN)
    assert online.message == "a port is a number from 1 to 65535, not '70000'" and online.joining is None
    assert a.screen is online
