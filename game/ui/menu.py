"""The main menu: pick a scenario, a mode, your side and the rule options, then play."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.ai import LEVELS
from game.options import Options
from game.scenario.errors import ScenarioError
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario
from game.ui import theme
from game.ui.widgets import Button, layout_row, text, wrap

MAPS = Path(__file__).resolve().parent.parent.parent / "maps"
MODES = ("solo", "hotseat", "watch")
MODE_NAMES = {"solo": "Solo vs AI", "hotseat": "Hot-seat", "watch": "Watch AI vs AI"}


@dataclass
class Entry:
    path: Path
    scenario: Scenario | None
    error: str = ""
    thumb: pygame.Surface | None = None


def shipped_scenarios() -> list[Entry]:
    out = []
    for path in sorted(MAPS.glob("*.tmx"), key=lambda p: (p.stem != "skirmish", p.stem)):
        try:
            out.append(Entry(path, load_scenario(path)))
        except ScenarioError as e:
            out.append(Entry(path, None, e.problems[0]))
    return out


class MenuScreen:
    def __init__(self, app, entries: list[Entry] | None = None) -> None:
        self.app = app
        self.entries = entries if entries is not None else shipped_scenarios()
        self.index = 0
        self.mode = "solo"
        self.side_i = 0
        self.options = {"morale_system": None, "initiative": None, "knockdown_dice": None}
        self.ai_level = "normal"
        self.mouse = (0, 0)
        self.buttons: list[Button] = []
        self.list_rects: list[pygame.Rect] = []

    @property
    def entry(self) -> Entry:
        return self.entries[self.index]

    def _value(self, name: str):
        if self.options[name] is not None:
            return self.options[name]
        sc = self.entry.scenario
        default = getattr(Options(), name)
        return sc.options.get(name, default) if sc else default

    def _cycle(self, name: str, values: tuple) -> None:
        cur = self._value(name)
        self.options[name] = values[(values.index(cur) + 1) % len(values)]

    def start(self):
        from game.ui.battle_screen import BattleScreen

        e = self.entry
        if e.scenario is None:
            return None
        sides = e.scenario.sides
        if self.mode == "solo":
            controllers = {s: ("human" if i == self.side_i % len(sides) else "ai") for i, s in enumerate(sides)}
        elif self.mode == "hotseat":
            controllers = {s: "human" for s in sides}
        else:
            controllers = {s: "ai" for s in sides}
        options = {k: self._value(k) for k in self.options}
        return BattleScreen(
            self.app,
            e.scenario,
            seed=1,
            options=options,
            controllers=controllers,
            ai_level=self.ai_level,
            threaded=not self.app.headless,
        )

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for b in self.buttons:
                if b.hit(event.pos):
                    return b.action()
            for i, r in enumerate(self.list_rects):
                if r.collidepoint(event.pos):
                    self.index = i
        elif event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_UP:
                self.index = (self.index - 1) % len(self.entries)
            elif k == pygame.K_DOWN:
                self.index = (self.index + 1) % len(self.entries)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.start()
            elif k in (pygame.K_ESCAPE, pygame.K_q):
                self.app.quit()
            elif k == pygame.K_m:
                self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
            elif k == pygame.K_s:
                self.side_i += 1
            elif k == pygame.K_1:
                self._cycle("morale_system", ("adnd2e", "ose"))
            elif k == pygame.K_2:
                self._cycle("initiative", ("individual", "group"))
            elif k == pygame.K_3:
                self._cycle("knockdown_dice", (True, False))
            elif k == pygame.K_4:
                self.ai_level = LEVELS[(LEVELS.index(self.ai_level) + 1) % len(LEVELS)]
        return None

    def update(self, dt: float):
        return None

    def _thumb(self, e: Entry, w: int, h: int) -> pygame.Surface | None:
        if e.thumb is None and e.scenario is not None:
            from game.ui.art import render_map

            full, tile = render_map(e.scenario)
            sides = e.scenario.sides
            for p in e.scenario.units:  # the armies as side-coloured discs
                colour = theme.SIDE_COLOURS[sides.index(p.side) % len(theme.SIDE_COLOURS)]
                n = p.kind.squares
                centre = ((p.pos[0] + n / 2) * tile, (p.pos[1] + n / 2) * tile)
                pygame.draw.circle(full, (0, 0, 0), centre, tile * n * 0.42)
                pygame.draw.circle(full, colour, centre, tile * n * 0.36)
            scale = min(w / full.get_width(), h / full.get_height())
            e.thumb = pygame.transform.smoothscale(
                full, (int(full.get_width() * scale), int(full.get_height() * scale))
            )
        return e.thumb

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(theme.PANEL_BG)
        text(surface, "ROUT", (40, 24), 72, theme.TEXT, True)
        text(
            surface,
            "battles under AD&D 2e Combat & Tactics: facing, retreats, fatigue, morale",
            (44, 82),
            22,
            theme.TEXT_DIM,
        )
        self.list_rects = []
        y = 130
        for i, e in enumerate(self.entries):
            r = pygame.Rect(40, y, 360, 34)
            self.list_rects.append(r)
            sel = i == self.index
            pygame.draw.rect(surface, theme.BUTTON_ACTIVE if sel else theme.BUTTON, r, border_radius=6)
            title = e.scenario.title if e.scenario else e.path.name
            text(surface, title, (r.x + 10, r.y + 8), 22, theme.TEXT if e.scenario else theme.TEXT_WARN)
            y += 40
        e = self.entry
        right = pygame.Rect(440, 130, w - 480, h - 260)
        thumb = self._thumb(e, right.w, right.h // 2)
        if thumb is not None:
            surface.blit(thumb, (right.x, right.y))
            ty = right.y + thumb.get_height() + 12
        else:
            ty = right.y
        if e.scenario is not None:
            sides = e.scenario.sides
            counts = ", ".join(f"{s} {sum(1 for u in e.scenario.units if u.side == s)}" for s in sides)
            text(
                surface,
                f"{e.scenario.terrain.width}x{e.scenario.terrain.height} squares — {counts}",
                (right.x, ty),
                20,
                theme.TEXT_DIM,
            )
            ty += 26
            for line in wrap(e.scenario.description, 20, right.w):
                text(surface, line, (right.x, ty), 20)
                ty += 21
        else:
            text(surface, e.error, (right.x, ty), 18, theme.TEXT_WARN)
        sides = e.scenario.sides if e.scenario else ["?"]
        you = sides[self.side_i % len(sides)]
        row1 = [
            Button(
                f"Mode: {MODE_NAMES[self.mode]}",
                "M",
                lambda: setattr(self, "mode", MODES[(MODES.index(self.mode) + 1) % 3]),
            )
        ]
        if self.mode == "solo":
            row1.append(Button(f"You play: {you}", "S", lambda: setattr(self, "side_i", self.side_i + 1)))
        row1.append(
            Button(
                f"AI: {self.ai_level}",
                "4",
                lambda: setattr(self, "ai_level", LEVELS[(LEVELS.index(self.ai_level) + 1) % len(LEVELS)]),
            )
        )
        row2 = [
            Button(
                f"Morale: {self._value('morale_system')}", "1", lambda: self._cycle("morale_system", ("adnd2e", "ose"))
            ),
            Button(
                f"Initiative: {self._value('initiative')}",
                "2",
                lambda: self._cycle("initiative", ("individual", "group")),
            ),
            Button(
                f"Knockdown dice: {'on' if self._value('knockdown_dice') else 'off'}",
                "3",
                lambda: self._cycle("knockdown_dice", (True, False)),
            ),
        ]
        row3 = [
            Button("Start", "Enter", self.start, enabled=e.scenario is not None),
            Button("Quit", "Q", self.app.quit),
        ]
        layout_row(row1, pygame.Rect(40, h - 130, w - 80, 32))
        layout_row(row2, pygame.Rect(40, h - 90, w - 80, 32))
        layout_row(row3, pygame.Rect(40, h - 50, w - 80, 34))
        self.buttons = row1 + row2 + row3
        for b in self.buttons:
            b.draw(surface, self.mouse)
