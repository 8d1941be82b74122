"""Driving the real client headless with synthetic input events, as a player would."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pygame

import tests.helpers  # noqa: F401  (sets the SDL dummy drivers first)
from game.core.battle import Battle
from game.home.settings import Settings
from game.scenario.model import Placement
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from tests.helpers import board, dice_of
from tests.named_dice import Named


def app(settings: Settings | None = None) -> App:
    """A headless 1280x720 window; with settings, it keeps them in the settings file as the game does."""
    return App((1280, 720), headless=True, settings=settings)


def screen_pos(screen: BattleScreen, sq) -> tuple[int, int]:
    r = screen.map_rect()
    x, y = screen.camera.to_screen(sq[0] + 0.5, sq[1] + 0.5)
    return r.x + x, r.y + y


def words_drawn(a: App, module: ModuleType) -> list[str]:
    """The words a screen's module writes with its `text` over one frame of the window."""
    said: list[str] = []
    real = module.text
    module.text = lambda surface, words, *args, **kw: said.append(words) or real(surface, words, *args, **kw)
    try:
        a.step(0.016)
    finally:
        module.text = real
    return said


def click(a: App, pos, button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    a.step(0.016)


def hover(a: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    a.step(0.016)


def key(a: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=""))
    a.step(0.016)


def played_to_result(a: App, path: str | Path, frames: int = 5000) -> BattleScreen:
    """A shipped map's battle, the AI playing every side at the fastest speed, run in the window
    until its result screen opens (the duel: 6 rounds, an autosave at each round's end)."""
    from game.home.settings import SPEEDS  # noqa: PLC0415
    from game.scenario.tiled import load_scenario  # noqa: PLC0415
    from game.ui.menus.result import ResultScreen  # noqa: PLC0415

    sc = load_scenario(path)
    s = BattleScreen(a, sc, seed=1, controllers=dict.fromkeys(sc.sides, "ai"), threaded=False)
    s.speed_i = len(SPEEDS) - 1
    a.show(s)
    for _ in range(frames):
        if isinstance(a.screen, ResultScreen):
            return s
        a.step(0.1)
    raise AssertionError(f"{path} never reached its result (round {s.battle.round})")


def settle(a: App, screen: BattleScreen, limit: int = 3000) -> None:
    """Run frames until a human decision waits (or the battle screen is gone); one that never
    comes fails, rather than spin the frames out (a lesson's card holds the play until dismissed)."""
    for _ in range(limit):
        if a.screen is not screen or screen.human_turn() and screen.decision_key == len(screen.battle.events):
            return
        a.step(0.05)
    raise AssertionError(f"no human decision came in {limit} frames (a card or the view still holds)")


def on_board(
    a: App,
    units: list[Placement],
    script: list[int] | None = None,
    controllers: dict[str, str] | None = None,
    dice: Named | None = None,
    **board_kw,
) -> BattleScreen:
    """A battle screen shown on a test board (tests/helpers.board), its dice named or scripted
    (tests/helpers.dice_of)."""
    sc = board(units, **board_kw)
    battle = Battle(sc, seed=1, rng=dice_of(script, dice))
    s = BattleScreen(a, sc, controllers=controllers or {"blue": "human", "red": "ai"}, threaded=False, battle=battle)
    a.show(s)
    return s


def frames_until(a: App, done: Callable[[], bool], what: str, deadline: float) -> None:
    """Run frames until `done()`, while a thread of the window's (a network peer, a reader) works:
    between frames the test lets go of the interpreter a moment, as the game's own loop does
    while it waits for the next frame. Without it the frames held the interpreter and a joiner's
    thread, back from connect(), waited 3 to 23 s to run again."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if done():
            return
        a.step(0.05)
        time.sleep(0.005)  # a poll, not a wait for time
    raise AssertionError(f"never {what}")
