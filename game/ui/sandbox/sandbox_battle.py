"""The sandbox's fight: the battle screen, stepped. Each AI decision (an activation, a choice at
the round's end) waits for N or Space, and the round's end pauses at each of its steps, so every
overlay of the battle screen can be looked at in turn. Esc's menu goes back to the setup."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.events import Event
from game.core.phases import Phase
from game.scenario.model import Scenario
from game.ui.battle import battle_input
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import help_keys
from game.ui.menus.pause import CONFIRM_QUIT, HELP_PAGE, Entry, PauseScreen

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

STEP_KEYS = (pygame.K_n, pygame.K_SPACE)


class SandboxBattle(BattleScreen):
    """A battle fought from a sandbox's setup; `setup_screen` is where Esc's menu goes back to."""

    HELP = help_keys.SANDBOX_BATTLE

    def __init__(
        self, app: App, scenario: Scenario, *, seed: int, controllers: dict[str, str], setup_screen: Screen
    ) -> None:
        super().__init__(
            app, scenario, seed=seed, controllers=controllers, ai_level="normal", threaded=not app.headless
        )
        self.setup_screen = setup_screen
        self.session.stop_autosaves()  # the setup is no file a save could name: it is saved as a map instead
        self.view.pause_on_steps = True  # the round's end, step by step (P turns it off for this fight)
        self.go = False  # N or Space lets the AI take its next decision

    def waiting_for_step(self) -> bool:
        """Whether the AI's next decision waits for N or Space."""
        return self.view.idle and self._ai_next()

    def _ai_next(self) -> bool:
        """Whether the next decision is the AI's and no step has been asked for yet."""
        b = self.battle
        return not b.over and not self.go and b.pending().controller == "ai"

    def _run_ai(self, dt: float) -> None:
        if self.go or (self.worker is not None and self.worker.busy):
            super()._run_ai(dt)
            return
        p = self.battle.pending()
        who = self.session.names.get(p.unit or "", p.unit or "")
        what = "acts" if p.kind == Phase.ACTIVATION else "chooses whether to drive its foe back"
        self.message = f"Next: {p.side}'s {who} {what} — N or Space to step, Esc then B for the setup"

    def took(self, events: list[Event]) -> None:
        super().took(events)
        self.go = False

    def update(self, dt: float) -> Screen | None:
        if self.battle.over and self.view.idle:
            self.message = "The battle is over — Esc then B: back to the sandbox, the setup kept"
            return None  # no result screen: the sandbox stays a key away
        return super().update(dt)

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.KEYDOWN:
            if event.key in STEP_KEYS and self.waiting_for_step():
                self.go, self.message = True, ""
                return None
            if event.key == pygame.K_n and self._ai_next() and not self.view.idle:
                self.go = True  # pressed while the board still moves: the step waits for it, not lost
                return None
            if event.key == pygame.K_s and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.message = "The sandbox saves its setup as a map: Esc, Back to the sandbox, then Ctrl+S"
                return None
        return battle_input.handle(self, event)

    def pause_menu(self) -> Screen:
        return SandboxPause(self.app, self)


class SandboxPause(PauseScreen):
    """The pause menu of a sandbox fight: back to the setup instead of saving the battle."""

    HELP = help_keys.SANDBOX_BATTLE
    bs: SandboxBattle

    def entries(self) -> list[Entry]:
        if self.page in (CONFIRM_QUIT, HELP_PAGE):
            return super().entries()
        return [
            Entry("Resume", "Esc", (pygame.K_ESCAPE,), self.resume),
            Entry("Back to the sandbox", "B", (pygame.K_b,), self.back),
            Entry("Help: the keys", "F1", (pygame.K_F1, pygame.K_h), lambda: self.show(HELP_PAGE)),
            Entry("Quit to menu", "Q", (pygame.K_q,), lambda: self.show(CONFIRM_QUIT)),
        ]

    def back(self) -> Screen:
        """The setup as it was when the fight began, to change and fight again."""
        self.bs.close()
        setup = self.bs.setup_screen
        setup.resize(*self.app.size)
        return setup
