"""The quick battle's first screen: the field's size, terrain, budget, sides, the AI's level
and the seed, each a row that Left and Right (or a click) change; Enter goes on to the army."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.generate.spec import TERRAINS
from game.levels import MENU_LEVELS, parse_level, short
from game.ui.common import help_keys, theme
from game.ui.common.widgets import Button, layout_row, text
from game.ui.navigation import ToMenu, ToQuick, go
from game.ui.quick.army import ArmyScreen
from game.ui.quick.choices import BUDGET_OF_SIZE, BUDGETS, SIZES, QuickChoices, load_choices, save_choices
from game.ui.quick.preview import Preview

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

TOP, ROW_H, ROW_W = 130, 46, 540


@dataclass(frozen=True)
class Row:
    label: str
    shown: Callable[[QuickChoices], str]
    step: Callable[[QuickChoices, int], QuickChoices]
    tip: str


def _cycle(values: tuple[Any, ...], current: Any, by: int) -> Any:
    i = values.index(current) if current in values else 0
    return values[(i + by) % len(values)]


def _size(c: QuickChoices, by: int) -> QuickChoices:
    """The next size, at its own budget (the Budget row changes it after)."""
    w, h = _cycle(SIZES, (c.width, c.height), by)
    return replace(c, width=w, height=h, points=BUDGET_OF_SIZE[(w, h)])


ROWS = (
    Row(
        "Map size",
        lambda c: f"{c.width}x{c.height} squares",
        _size,
        "a bigger field gives room to manoeuvre, and a bigger budget to fill it",
    ),
    Row(
        "Terrain",
        lambda c: c.terrain,
        lambda c, by: replace(c, terrain=_cycle(TERRAINS, c.terrain, by)),
        "open: little in the way; broken: woods, hills and ruins everywhere",
    ),
    Row(
        "Budget",
        lambda c: f"{c.points} points a side",
        lambda c, by: replace(c, points=_cycle(BUDGETS, c.points, by)),
        "what each side spends on its army (an ordinary fighter is 10 points)",
    ),
    Row(
        "Sides",
        lambda c: f"{c.sides} (you and {c.sides - 1} AI)",
        lambda c, by: replace(c, sides=_cycle((2, 3), c.sides, by)),
        "with 3, a second AI army comes from the top edge",
    ),
    Row(
        "AI level",
        lambda c: f"{parse_level(c.ai_level).name} ({short(c.ai_level)})",
        lambda c, by: replace(c, ai_level=_cycle(MENU_LEVELS, c.ai_level, by)),
        "how well the AI plays: its strength as measured against the level below",
    ),
    Row(
        "Field",
        lambda c: f"seed {c.seed}",
        lambda c, by: replace(c, seed=max(0, c.seed + by)),
        "the same seed and choices give the same field",
    ),
)


class SetupScreen:
    HELP = help_keys.QUICK_SETUP  # F1

    def __init__(self, app: App, choices: QuickChoices | None = None) -> None:
        self.app = app
        self.choices = choices or load_choices()
        self.row = 0
        self.mouse = (0, 0)
        self.preview = Preview()

    def change(self, by: int, row: int | None = None) -> None:
        self.row = self.row if row is None else row
        self.choices = ROWS[self.row].step(self.choices, by)
        save_choices(self.choices)

    def army(self) -> Screen:
        save_choices(self.choices)
        return ArmyScreen(self.app, self.choices)

    def menu(self) -> Screen:
        return go(self.app, ToMenu())

    def row_rects(self) -> list[pygame.Rect]:
        w = self.app.size[0]
        return [pygame.Rect(60, TOP + i * ROW_H, min(ROW_W, w - 120), ROW_H - 8) for i in range(len(ROWS))]

    @property
    def buttons(self) -> list[Button]:
        w, h = self.app.size
        row = [Button("Your army", "Enter", self.army), Button("Back to the menu", "Esc", self.menu)]
        layout_row(row, pygame.Rect(60, h - 60, w - 120, 36))
        return row

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for b in self.buttons:
                if event.button == 1 and b.hit(event.pos):
                    return cast("Screen | None", b.action())
            for i, r in enumerate(self.row_rects()):
                if r.collidepoint(event.pos):
                    self.change(1 if event.button == 1 else -1, i)
        elif event.type == pygame.MOUSEWHEEL:
            self.change(1 if event.y > 0 else -1)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return None

    def _key(self, k: int) -> Screen | None:
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.army()
        if k == pygame.K_ESCAPE:
            return self.menu()
        if k in (pygame.K_UP, pygame.K_DOWN):
            self.row = (self.row + (1 if k == pygame.K_DOWN else -1)) % len(ROWS)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.change(1 if k == pygame.K_RIGHT else -1)
        return None

    def update(self, dt: float) -> Screen | None:
        self.preview.follow(self.choices)
        return None

    def resize(self, w: int, h: int) -> None:
        """Nothing to fit: laid out from the window's size as it draws."""

    def close(self) -> None:
        save_choices(self.choices)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL_BG)
        text(surface, "Quick battle", (60, 30), 56, theme.TEXT, True)
        text(surface, "A new field, an army to a budget, and the AI against you", (62, 82), 22, theme.TEXT_DIM)
        for i, (row, r) in enumerate(zip(ROWS, self.row_rects(), strict=True)):
            chosen = i == self.row
            pygame.draw.rect(surface, theme.BUTTON_ACTIVE if chosen else theme.BUTTON, r, border_radius=6)
            text(surface, row.label, (r.x + 14, r.centery), 24, theme.TEXT, True, "midleft")
            text(surface, f"<  {row.shown(self.choices)}  >", (r.x + 230, r.centery), 24, theme.TEXT, anchor="midleft")
        hint = ROWS[self.row].tip
        text(surface, hint, (60, TOP + len(ROWS) * ROW_H + 10), 20, theme.TEXT_DIM)
        keys = "Up/Down: a row   Left/Right or click: change it   Enter: your army   F1: help"
        text(surface, keys, (60, TOP + len(ROWS) * ROW_H + 40), 20, theme.TEXT_DIM)
        for b in self.buttons:
            b.draw(surface, self.mouse)
        w, h = self.app.size
        left = 60 + ROW_W + 30
        if w - 40 - left >= 200:
            self.preview.draw(surface, pygame.Rect(left, TOP, w - 40 - left, h - TOP - 90))


def opened(app: App, request: ToQuick) -> Screen:
    """The setup (navigation.go's builder): the choices last made, on a new field if `fresh`."""
    choices = load_choices()
    if request.fresh:
        choices = choices.fresh()
        save_choices(choices)
    return SetupScreen(app, choices)
