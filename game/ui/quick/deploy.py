"""Deployment: the generated field, every side's zone outlined in its colour, the AI's armies
already placed; the player drags each of their creatures to a free square of their zone a creature can stand on, turns it (R, the wheel
or a right click), then starts the battle (Enter)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.core.rules.geometry import FACINGS
from game.generate.forces import Soldier
from game.generate.make import Field
from game.scenario.errors import ScenarioError
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import deploy_input, help_keys, theme
from game.ui.common.art import Sprites
from game.ui.common.widgets import Button, layout_row, text, wrap
from game.ui.quick.board_view import BoardView
from game.ui.quick.choices import QuickChoices
from game.ui.quick.field import PLAYER, army_words, placeable, write_map
from game.ui.quick.ground import ground

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

PANEL_W = 300  # the words and buttons on the right

Square = tuple[int, int]


class DeployScreen:
    HELP = help_keys.QUICK_DEPLOY  # F1

    def __init__(self, app: App, choices: QuickChoices, field: Field, back: Screen) -> None:
        self.app = app
        self.choices = choices
        self.field = field
        self.soldiers = list(field.soldiers)
        self.back = back
        self.mine = [i for i, s in enumerate(self.soldiers) if s.side == PLAYER]
        self.selected = self.mine[0] if self.mine else -1
        self.dragging: int | None = None
        self.mouse = (0, 0)
        self.message = ""
        self.sprites = Sprites()
        self.ground = ground(field)
        self._scaled: tuple[tuple[int, ...], pygame.Surface] | None = None
        self.sides = sorted(field.spec.side_names)
        self._view = BoardView(field.spec.width, field.spec.height, pygame.Rect(0, 0, 1, 1))
        self.view.open_on(field.zones.deploy[PLAYER])
        self.panning = False  # the middle button held: the view follows the pointer

    # the board's geometry
    @property
    def view(self) -> BoardView:
        """The view, its room fitted to the window as it stands."""
        w, h = self.app.size
        self._view.area = pygame.Rect(20, 70, max(200, w - PANEL_W - 40), max(200, h - 90))
        self._view.clamp()
        return self._view

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        return self.view.square_at(pos)

    def screen_of(self, sq: Square) -> tuple[int, int]:
        """The centre of a square on screen."""
        return self.view.centre(sq)

    def ground_image(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The part of the field in sight, drawn at the view's size, and where it goes."""
        v = self.view
        r = v.rect()
        px = self.ground.get_width() / self.field.spec.width  # the map's own tile size
        src = pygame.Rect(round(v.x * px), round(v.y * px), round(r.w / v.tile * px), round(r.h / v.tile * px))
        src = src.clip(self.ground.get_rect())
        key = (src.x, src.y, src.w, src.h, r.w, r.h)
        if self._scaled is None or self._scaled[0] != key:
            self._scaled = (key, pygame.transform.smoothscale(self.ground.subsurface(src), r.size))
        return self._scaled[1], r.topleft

    def soldier_at(self, sq: Square) -> int | None:
        return next((i for i, s in enumerate(self.soldiers) if sq in _cells(s)), None)

    # changes
    def move(self, i: int, sq: Square) -> bool:
        """Put soldier i at sq if it may stand there; whether it moved (else the message says why)."""
        why = placeable(self.field, self.soldiers, i, sq)
        if why:
            self.message = f"Not there: {why}"
            return False
        self.soldiers[i] = replace(self.soldiers[i], pos=sq)
        self.message = ""
        return True

    def turn(self, i: int, by: int) -> None:
        s = self.soldiers[i]
        self.soldiers[i] = replace(s, facing=(s.facing + by) % len(FACINGS))

    def start(self) -> Screen | None:
        """The battle on the field as deployed, written under its digest name first."""
        try:
            path = write_map(self.field, self.soldiers)
            scenario = load_scenario(path)
        except (OSError, ScenarioError) as e:
            self.message = f"cannot write the field: {e}"
            return None
        controllers = {s: ("human" if s == PLAYER else "ai") for s in scenario.sides}
        return BattleScreen(
            self.app,
            scenario,
            seed=self.choices.seed,
            controllers=controllers,
            ai_level=self.choices.ai_level,
            threaded=not self.app.headless,
        )

    @property
    def buttons(self) -> list[Button]:
        w, h = self.app.size
        row = [Button("Start", "Enter", self.start), Button("Back", "Esc", lambda: self.back)]
        layout_row(row, pygame.Rect(w - PANEL_W, h - 56, PANEL_W - 20, 36))
        return row

    # input (game/ui/common/deploy_input.py, shared with a campaign's deployment)
    def at(self, i: int) -> Square:
        return self.soldiers[i].pos

    def unit_at(self, sq: Square) -> int | None:
        return self.soldier_at(sq)

    def leave(self) -> Screen:
        return self.back

    def not_yours(self, i: int) -> None:
        self.message = f"The {self.soldiers[i].kind.name} is the AI's: it has placed its own army"

    def handle(self, event: pygame.event.Event) -> Screen | None:
        return deploy_input.handle(self, event)

    def update(self, dt: float) -> Screen | None:
        return None

    def resize(self, w: int, h: int) -> None:
        """Nothing to fit: laid out from the window's size as it draws."""

    def close(self) -> None:
        """Nothing held: the battle has not started."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL_BG)
        draw_screen(self, surface)
        for b in self.buttons:
            b.draw(surface, self.mouse)


def _cells(s: Soldier) -> set[Square]:
    n = s.kind.squares
    return {(s.pos[0] + dx, s.pos[1] + dy) for dx in range(n) for dy in range(n)}


def draw_screen(s: DeployScreen, surface: pygame.Surface) -> None:
    text(surface, "Deploy your army", (20, 16), 40, theme.TEXT, True)
    v = s.view
    ground, at = s.ground_image()
    surface.blit(ground, at)
    clip = surface.get_clip()
    surface.set_clip(v.rect())
    _zones(s, surface)
    for i, soldier in enumerate(s.soldiers):
        if i != s.dragging:
            _token(s, surface, i, v.corner(soldier.pos), v.tile)
    if s.dragging is not None:
        _dragged(s, surface, s.dragging, v.tile)
    surface.set_clip(clip)
    _panel(s, surface)


def _zones(s: DeployScreen, surface: pygame.Surface) -> None:
    """Every side's zone outlined in its colour, so the player sees where each army comes from;
    the player's own tinted and edged in the highlight, the zone their creatures may go to."""
    v = s.view
    for side, zone in s.field.zones.deploy.items():
        zr = pygame.Rect(*v.corner((zone.x, zone.y)), zone.w * v.tile, zone.h * v.tile)
        colour = theme.side_colour(side, s.sides)
        tint = pygame.Surface(zr.size, pygame.SRCALPHA)
        tint.fill((*colour, 60 if side == PLAYER else 30))
        surface.blit(tint, zr)
        pygame.draw.rect(surface, theme.HIGHLIGHT if side == PLAYER else colour, zr, 2)


def _token(s: DeployScreen, surface: pygame.Surface, i: int, at: tuple[int, int], tile: int) -> None:
    soldier = s.soldiers[i]
    px = tile * soldier.kind.squares
    colour = theme.side_colour(soldier.side, s.sides)
    surface.blit(s.sprites.base(colour, px, soldier.kind.squares > 1), at)
    body = s.sprites.unit(soldier.kind.key, FACINGS[soldier.facing], px)  # a turned image is larger
    surface.blit(body, body.get_rect(center=(at[0] + px // 2, at[1] + px // 2)))
    if i == s.selected:
        pygame.draw.rect(surface, theme.SELECT, (*at, px, px), 2)


def _dragged(s: DeployScreen, surface: pygame.Surface, i: int, tile: int) -> None:
    """The creature under the pointer, and its landing square outlined: white if it may stand
    there, the warning colour if not."""
    sq = s.square_at(s.mouse)
    n = s.soldiers[i].kind.squares
    if sq is not None:
        ok = sq == s.soldiers[i].pos or placeable(s.field, s.soldiers, i, sq) is None
        landing = pygame.Rect(*s.view.corner(sq), n * tile, n * tile)
        pygame.draw.rect(surface, theme.SELECT if ok else theme.TEXT_WARN, landing, 3)
    _token(s, surface, i, (s.mouse[0] - n * tile // 2, s.mouse[1] - n * tile // 2), tile)


HOW = (
    "Drag your creatures within the outlined zone, onto free squares they can stand on.",
    "R, the wheel or a right click turns the chosen one (Shift+R the other way).",
    "Tab chooses the next; arrows move it a square.",
    "+ and - zoom, Z shows the whole field; Shift+arrows or the middle button pan.",
    "The AI has placed its own army. Enter starts the battle.",
)
HOW_SHORT = ("Drag your creatures within your zone; R turns the chosen one; Enter starts. F1: every key.",)


def _panel(s: DeployScreen, surface: pygame.Surface) -> None:
    """How to deploy, the chosen creature, why a move was refused and what the AI fields: what
    the room holds of it, in that order, above the buttons."""
    x, bottom = s.app.size[0] - PANEL_W, s.app.size[1] - 66
    y = 74
    chosen = s.soldiers[s.selected] if 0 <= s.selected < len(s.soldiers) else None
    blocks: list[tuple[str, int, tuple[int, int, int], bool]] = [
        (line, 19, theme.TEXT_DIM, False) for line in (HOW if s.app.size[1] >= 560 else HOW_SHORT)
    ]
    if chosen is not None:
        blocks.append((chosen.kind.name, 24, theme.TEXT, True))
        blocks.append((f"at {chosen.pos[0]},{chosen.pos[1]}, facing {FACINGS[chosen.facing]}", 19, theme.TEXT, False))
    if s.message:
        blocks.append((s.message, 19, theme.TEXT_WARN, False))
    for side in s.field.spec.side_names[1:]:  # what the AI fields, in its side's colour
        words = f"{side.capitalize()} fields {army_words(s.soldiers, side)}."
        blocks.append((words, 18, theme.side_colour(side, s.sides), False))
    for words, size, colour, bold in blocks:
        for part in wrap(words, size, PANEL_W - 30):
            if y + size > bottom:
                return
            text(surface, part, (x, y), size, colour, bold)
            y += size + 2
        y += 6
