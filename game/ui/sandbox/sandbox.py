"""The sandbox: units from the catalogue placed by hand on any map, each in the state it should
start in (side, facing, hit points, prone, fatigue, morale), then fought one step at a time
(game/ui/sandbox/sandbox_battle.py) or saved as a Tiled map that `rout check` accepts."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ui.common import help_keys, theme
from game.ui.sandbox import sandbox_input, sandbox_panel
from game.ui.sandbox.sandbox_battle import SandboxBattle
from game.ui.sandbox.setup_state import SandboxState

if TYPE_CHECKING:
    from game.core.rules.creature import Kind
    from game.scenario.model import Scenario
    from game.ui.app import App
    from game.ui.screen import Screen


class SandboxScreen(SandboxState):
    """The sandbox's setup on screen: input goes to sandbox_input, drawing to sandbox_panel."""

    HELP = help_keys.SANDBOX  # F1

    def __init__(
        self, app: App, scenario: Scenario, kinds: dict[str, Kind], *, out: str | None = None, seed: int = 1
    ) -> None:
        super().__init__(app, scenario, kinds, out=out, seed=seed)
        self.press = partial(sandbox_input.key, self)

    def start(self) -> Screen | None:
        """Fight the setup, one step at a time; Esc's menu comes back here with it kept."""
        why = self.setup.why_not_start()
        if why:
            self.message = why[0].upper() + why[1:] + "."
            return None
        controllers = {s: self.controllers[s] for s in self.setup.sides_placed()}
        return SandboxBattle(
            self.app, self.setup.scenario(), seed=self.seed, controllers=controllers, setup_screen=self
        )

    # -- the screen ----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Screen | None:
        return sandbox_input.handle(self, event)

    def update(self, dt: float) -> Screen | None:
        return None

    def resize(self, w: int, h: int) -> None:
        self.camera.resize(w - theme.SIDE_PANEL, h - theme.TOP_BAR - theme.BOTTOM_BAR)

    def close(self) -> None:
        """Nothing runs behind the setup."""

    def draw(self, surface: pygame.Surface) -> None:
        sandbox_panel.draw(self, surface)
