"""Taking over a replay: from the viewer's moment, a new game in which each side is played by a
person or the AI, as chosen here; and the viewer opened on a file or on a battle just played."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.history.timeline import Timeline
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import theme
from game.ui.common.widgets import Button, layout_row, text
from game.ui.viewer.viewer import Source, ToTakeOver, ViewerScreen

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.ui.app import App
    from game.ui.screen import Screen


class TakeOverScreen:
    """Choose who plays each side from the viewer's moment: a button per side cycles between
    human and AI (or its number key); Enter starts, Esc goes back to the viewer."""

    def __init__(self, app: App, viewer: ViewerScreen) -> None:
        self.app, self.viewer = app, viewer
        sides = viewer.t.end.scenario.sides
        self.who = {s: ("human" if i == 0 else "ai") for i, s in enumerate(sides)}
        self.mouse = (0, 0)
        b = viewer.t.battle_at(viewer.t.command_at(viewer.moment))
        self.words = f"round {b.round}: who plays each side?" if not b.over else "the battle is over here"

    def cycle(self, side: str) -> None:
        self.who[side] = "ai" if self.who[side] == "human" else "human"

    def start(self) -> Screen:
        return taken_over(self.viewer, dict(self.who))

    def buttons(self) -> list[Button]:
        w, h = self.app.size
        out = []
        for i, side in enumerate(self.who):
            label = f"{side}: {'human' if self.who[side] == 'human' else 'AI'}"
            b = Button(label, str(i + 1), partial(self.cycle, side))
            layout_row([b], pygame.Rect(w // 2 - 150, h // 2 - 40 + i * 40, 300, 32))
            b.rect.w = 300
            out.append(b)
        row = [Button("Start", "Enter", self.start), Button("Back", "Esc", lambda: self.viewer)]
        layout_row(row, pygame.Rect(w // 2 - 150, h // 2 - 30 + len(self.who) * 40, 300, 32))
        return out + row

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons():
                if b.hit(event.pos):
                    out = b.action()
                    return out if isinstance(out, (BattleScreen, ViewerScreen)) else None
        elif event.type == pygame.KEYDOWN:
            sides = list(self.who)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.start()
            if event.key == pygame.K_ESCAPE:
                return self.viewer
            n = event.key - pygame.K_1
            if 0 <= n < len(sides):
                self.cycle(sides[n])
        return None

    def update(self, dt: float) -> Screen | None:
        return None

    def resize(self, w: int, h: int) -> None:
        self.viewer.resize(w, h)

    def close(self) -> None:
        """Nothing to release: the viewer holds no worker."""

    def draw(self, surface: pygame.Surface) -> None:
        self.viewer.draw(surface)
        w, h = self.app.size
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(w // 2 - 180, h // 2 - 110, 360, 130 + len(self.who) * 40)
        pygame.draw.rect(surface, theme.PANEL_BG, box, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=8)
        text(surface, "Take over from here", (w // 2, box.y + 14), 28, theme.TEXT, True, "midtop")
        text(surface, self.words, (w // 2, box.y + 46), 19, theme.TEXT_DIM, anchor="midtop")
        for btn in self.buttons():
            btn.draw(surface, self.mouse)


def taken_over(viewer: ViewerScreen, controllers: dict[str, str]) -> BattleScreen:
    """A new game from the viewer's moment (its last decision), the sides played as chosen; its
    commands so far kept, so that a save of it holds the whole battle."""
    t, src = viewer.t, viewer.source
    c = t.command_at(viewer.moment)
    battle = t.battle_at(c)
    bs = BattleScreen(
        viewer.app,
        battle.scenario,
        seed=src.seed,
        options=src.options,
        controllers=controllers,
        ai_level=src.ai_level,
        threaded=src.threaded,
        battle=battle,
    )
    bs.session.continued(t.earlier + t.commands[:c], saved=False)
    bs.settle()  # its history is in the log; nothing of it is animated again
    return bs


def viewer_of_file(app: App, t: Timeline, back: Callable[[], Screen] | None = None) -> ViewerScreen:
    """The viewer on a loaded replay or save: its seed, options and AI level as recorded."""
    rec = t.record
    assert rec is not None  # a timeline loaded from a file carries its record
    level = next(iter(rec.ai.values()), "normal")
    # A headless window (a GIF, a test) thinks in its own process: no AI worker, as the menu's battles.
    return ViewerScreen(app, t, Source(rec.seed, dict(rec.options), level, threaded=not app.headless), back)


def viewer_of_played(bs: BattleScreen, back: Callable[[], Screen] | None = None) -> ViewerScreen:
    """The viewer on the battle a battle screen played, from its first command to its last."""
    start, k = bs.session.begun(), bs.session.replayed_from
    t = Timeline.played(start, bs.session.played[k:], ai_on=False)
    t.earlier = bs.session.played[:k]
    return ViewerScreen(
        bs.app, t, Source(bs.session.seed, dict(bs.session.options), bs.session.ai_level, bs.session.threaded), back
    )


def opened(app: App, request: ToTakeOver) -> Screen:
    """Taking over from the viewer's moment (navigation.go's builder)."""
    return TakeOverScreen(app, request.viewer)
