"""The sandbox's setup as it is being built: the units placed, the kind and side picked, what
is selected, the camera; and the changes a key or a click makes to it. The screen around it
(game/ui/sandbox/sandbox.py) passes input here and draws it (sandbox_panel.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.rules.fatigue import STATE_NAMES
from game.core.rules.geometry import FACINGS, Pos
from game.home.user_dirs import data_dir, made
from game.save.files import write_atomic
from game.scenario.errors import ScenarioError
from game.scenario.sandbox_setup import Setup
from game.scenario.tiled import load_scenario
from game.scenario.tmx_write import setup_tmx
from game.scenario.units import MORALE_STATES
from game.ui.common import theme
from game.ui.common.art import Sprites, render_map
from game.ui.common.camera import ONE, ZOOMS, Camera
from game.ui.common.combat_log import display_name
from game.ui.common.draw_cache import DrawCache
from game.ui.common.view import BattleView, Token
from game.ui.sandbox import layout

if TYPE_CHECKING:
    from game.core.rules.creature import Kind
    from game.scenario.model import Scenario
    from game.ui.app import App
    from game.ui.screen import Screen

CONTROLLERS = ("ai", "human")


def default_out(stem: str) -> Path:
    """A new file in the user's sandbox folder: a save never replaces a file it did not write."""
    folder = made(data_dir() / "sandbox")
    n = 1
    while (folder / f"sandbox-{stem}-{n}.tmx").exists():
        n += 1
    return folder / f"sandbox-{stem}-{n}.tmx"


class SandboxState:
    """The setup being built; `out` is where Ctrl+S writes it (a new file in the user's folder
    when the command line named none). `press` (what a key does: the panel's buttons press
    their keys) and `start` are the screen's."""

    press: Callable[[int], Screen | None]
    start: Callable[[], Screen | None]  # fight the setup (the screen's, which the fight returns to)

    def __init__(
        self, app: App, scenario: Scenario, kinds: dict[str, Kind], *, out: str | None = None, seed: int = 1
    ) -> None:
        self.app = app
        self.setup = Setup(scenario, kinds)
        self.out = Path(out) if out else None
        self.seed = seed
        self.kind_keys = sorted(kinds, key=lambda k: (kinds[k].name.lower(), k))
        self.kind_i, self.side_i, self.list_top = 0, 0, 0
        if "fighter1" in self.kind_keys:  # a plain fighter to start with, not the list's first monster
            self.pick_kind(self.kind_keys.index("fighter1"))
        self.controllers = dict.fromkeys(self.setup.sides, "ai")
        self.selected: str | None = None
        self.mouse = (0, 0)
        self.hover_sq: Pos | None = None
        self.pressed_on: str | None = None  # the unit a left press began on: a drag moves it
        self.drag_from: tuple[int, int] | None = None
        self.message = "Click an empty square to place the kind picked on the right."
        self.sprites, self.cache = Sprites(), DrawCache()
        self.map_surface, tile = render_map(scenario)
        sides = self.setup.sides
        self.side_colour = theme.side_colours(sides)
        self.side_shape = theme.side_shapes(sides)
        w, h = app.size
        t = scenario.terrain
        self.camera = Camera(tile, t.width, t.height, w - theme.SIDE_PANEL, h - theme.TOP_BAR - theme.BOTTOM_BAR)
        cam = self.camera
        cam.zoom_i = next(
            (
                z
                for z in (ONE + 2, ONE + 1, ONE, ONE - 1)
                if t.width * cam.tile * ZOOMS[z] <= cam.view_w and t.height * cam.tile * ZOOMS[z] <= cam.view_h
            ),
            ONE - 1,
        )
        self.camera.centre_on(t.width / 2, t.height / 2)

    # -- what the draw code of the battle screen reads -----------------------------------

    @property
    def view(self) -> BattleView:
        """The units as tokens, as the battle screen draws them."""
        v = BattleView()
        for u in self.setup.units.values():
            full = self.setup.full_hp(u.id)
            v.tokens[u.id] = Token(
                u.id, u.side, u.kind.key, u.kind.squares, float(u.pos[0]), float(u.pos[1]), FACINGS[u.facing],
                full - u.wounds, full, u.hero, u.leader, prone=u.prone, morale=u.morale,
                fatigue=STATE_NAMES[u.fatigue],
            )  # fmt: skip
        return v

    def human_turn(self) -> bool:
        return True  # the selected unit is outlined, as the unit to act is in battle

    @property
    def side(self) -> str:
        return self.setup.sides[self.side_i % len(self.setup.sides)]

    @property
    def kind(self) -> str:
        return self.kind_keys[self.kind_i]

    def map_rect(self) -> pygame.Rect:
        return pygame.Rect(0, theme.TOP_BAR, self.camera.view_w, self.camera.view_h)

    def square_at(self, pos: tuple[int, int]) -> Pos | None:
        r = self.map_rect()
        if not r.collidepoint(pos):
            return None
        sq = self.camera.to_square(pos[0] - r.x, pos[1] - r.y)
        return sq if self.setup.terrain.inside(sq) else None

    # -- changing the setup --------------------------------------------------------------

    def click_square(self, sq: Pos) -> None:
        """Select the unit there, or place the kind picked for the side picked."""
        who = self.setup.at(sq)
        if who is not None:
            self.selected = who
            self.message = ""
            return
        placed = self.setup.place(self.kind, self.side, sq)
        if placed is None:
            self.message = f"A {self.setup.kinds[self.kind].name} cannot stand at {sq}: wall, water's edge or crowd."
            return
        self.selected = placed.id
        self.message = f"Placed {display_name(placed.id, placed.side)}. Q/E turn it, +/- its hit points, S P F M its side and states."

    def unit_key(self, k: int) -> None:
        """A key that changes the selected unit."""
        uid = self.selected
        if uid is None:
            self.message = "Click a unit first."
            return
        u = self.setup.units[uid]
        if k in (pygame.K_q, pygame.K_e):
            self.setup.change(uid, facing=(u.facing + (1 if k == pygame.K_e else -1)) % 8)
        elif k == pygame.K_s:
            sides = self.setup.sides
            self.setup.change(uid, side=sides[(sides.index(u.side) + 1) % len(sides)])
        elif k == pygame.K_p:
            self.setup.change(uid, prone=not u.prone)
        elif k == pygame.K_f:
            self.setup.change(uid, fatigue=(u.fatigue + 1) % len(STATE_NAMES))
        elif k == pygame.K_m:
            self.setup.change(uid, morale=MORALE_STATES[(MORALE_STATES.index(u.morale) + 1) % len(MORALE_STATES)])
        elif k == pygame.K_DELETE:
            self.setup.remove(uid)
            self.selected = None
            self.message = f"Removed {uid}."

    def hit_points(self, step: int) -> None:
        """One more or fewer hit point for the selected unit, between 1 and its full hit points."""
        if self.selected is None:
            self.message = "Click a unit first."
            return
        u = self.setup.units[self.selected]
        wounds = min(max(u.wounds - step, 0), self.setup.full_hp(u.id) - 1)
        self.setup.change(u.id, wounds=wounds)

    def pick_kind(self, i: int) -> None:
        self.kind_i = i % len(self.kind_keys)
        rows = layout.list_rows(self.app.size)
        self.list_top = min(max(self.list_top, self.kind_i - rows + 1), self.kind_i)

    def toggle_controller(self, i: int) -> None:
        if i < len(self.setup.sides):
            s = self.setup.sides[i]
            self.controllers[s] = CONTROLLERS[(CONTROLLERS.index(self.controllers[s]) + 1) % len(CONTROLLERS)]

    def clear(self) -> None:
        self.setup.clear()
        self.selected = None
        self.message = "The field is empty."

    def save(self) -> None:
        """Write the setup as a Tiled map, then read it back as `rout check` does and say so."""
        why = self.setup.why_not_start()
        if why:
            self.message = f"Not saved: {why}."
            return
        out = self.out or default_out(Path(self.setup.base.path).stem)
        try:
            write_atomic(out, setup_tmx(self.setup, out))
            load_scenario(out)
        except OSError as e:
            self.message = f"Not saved: {out}: {getattr(e, 'strerror', None) or e}"
            return
        except ScenarioError as e:
            self.message = f"Saved {out}, but rout check says: {e.problems[0]}"
            return
        self.out = out  # later saves replace this file, the sandbox's own
        self.message = f"Saved {out}"
