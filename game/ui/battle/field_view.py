"""Where the battle is on screen: the map's picture and the camera over it, the rectangles of the
map and of the combat log, the square under the pointer, and keeping a square in view. The battle
screen's state (state.py) is one; drawing and input ask it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import query
from game.core.rules.geometry import Pos
from game.scenario.model import Scenario
from game.ui.battle.frame_pending import FramePending
from game.ui.common import theme
from game.ui.common.art import Sprites, render_map, render_terrain
from game.ui.common.camera import Camera
from game.ui.common.combat_log import LogLine, log_layout
from game.ui.common.draw_cache import DrawCache
from game.ui.common.fitting import fit_battle

if TYPE_CHECKING:
    from game.ui.app import App


class FieldView(FramePending):
    """The battle's place on screen (the battle itself is the state's)."""

    app: App
    log: list[LogLine]
    log_scroll: int

    def _set_up_art(self, scenario: Scenario) -> None:
        """The map's picture, the sides' colours and marks, and a camera that shows the whole map."""
        self.sprites = Sprites()
        if scenario.path:
            self.map_surface, tile = render_map(scenario)
        else:
            tile = 32
            self.map_surface = render_terrain(scenario, tile)
        self.cache = DrawCache()
        self.side_colour = theme.side_colours(scenario.sides)
        self.side_shape = theme.side_shapes(scenario.sides)
        w, h = self.app.size
        self.camera = Camera(
            tile,
            scenario.terrain.width,
            scenario.terrain.height,
            w - theme.SIDE_PANEL,
            h - theme.TOP_BAR - theme.BOTTOM_BAR,
        )
        self._fit_zoom()

    def recolour(self) -> None:
        """The sides' colours as the palette now in use gives them (the pause menu changes it)."""
        self.side_colour = theme.side_colours(self.battle.scenario.sides)

    def _fit_zoom(self) -> None:
        """The view fitted to the battle as the screen opens (game/ui/common/fitting.py)."""
        fit_battle(self.camera, self.battle.world.units.values())

    def resize(self, w: int, h: int) -> None:
        self.camera.resize(w - theme.SIDE_PANEL, h - theme.TOP_BAR - theme.BOTTOM_BAR)

    def camera_follow(self, pos: Pos) -> None:
        """Bring the square into view, two squares in from the edges of what no overlay covers."""
        cam = self.camera
        if not cam.in_clear(pos[0] + 0.5, pos[1] + 0.5, cam.size * 2):
            cam.centre_on(pos[0] + 0.5, pos[1] + 0.5)

    def map_rect(self) -> pygame.Rect:
        return pygame.Rect(0, theme.TOP_BAR, self.camera.view_w, self.camera.view_h)

    def log_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(
            w - theme.SIDE_PANEL, theme.TOP_BAR + 200, theme.SIDE_PANEL, h - theme.TOP_BAR - 200 - theme.BOTTOM_BAR
        )

    def square_at(self, pos: tuple[int, int]) -> Pos | None:
        r = self.map_rect()
        if not r.collidepoint(pos):
            return None
        sq = self.camera.to_square(pos[0] - r.x, pos[1] - r.y)
        return sq if query.terrain(self.battle).inside(sq) else None

    def log_line_at(self, pos: tuple[int, int]) -> LogLine | None:
        r = self.log_rect()
        if not r.collidepoint(pos):
            return None
        return next(
            (line for line, rect, _ in log_layout(self.log, self.log_scroll, r) if rect.collidepoint(pos)), None
        )
