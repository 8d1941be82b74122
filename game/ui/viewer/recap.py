"""Hot-seat recap: at the hand-over, the events since the incoming side last acted played back
on the board at speed, the combat log following, skippable at any moment; then that side plays.

The player is the replay viewer's, on a timeline that begins at the side's last command."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.history.timeline import Timeline
from game.ui.common import theme
from game.ui.common.widgets import text
from game.ui.draw import draw_battle
from game.ui.viewer.viewer import SPEEDS, Source, ViewerScreen

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.battle.battle_screen import BattleScreen
    from game.ui.screen import Screen

REST = 0.8  # seconds the board rests on the last event before the incoming side plays
SKIP_KEYS = (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class RecapScreen:
    """What the others did since `side` last acted, played back; any skip goes to `side`'s decision."""

    def __init__(self, app: App, battle_screen: BattleScreen, side: str, t: Timeline) -> None:
        self.app, self.battle_screen, self.side = app, battle_screen, side
        self.viewer = ViewerScreen(
            app, t, Source(battle_screen.session.seed, battle_screen.session.options, threaded=False)
        )
        # At the speed the players watch their own battle at (issue 22: at x4, 28 events went by
        # in 1.5 s), never slower than x1: , and . change it as in the viewer.
        self.viewer.speed_i = SPEEDS.index(max(1.0, battle_screen.speed))
        self.viewer.playing = True
        self.rest = 0.0

    @property
    def done(self) -> bool:
        """Every event since the side's last command has been shown."""
        v = self.viewer
        return not v.playing and v.moment >= v.t.length

    def update(self, dt: float) -> Screen | None:
        self.viewer.update(dt)
        if not self.done:
            return None
        self.rest += dt
        return self.battle_screen if self.rest >= REST else None

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.KEYDOWN and event.key in SKIP_KEYS:
            return self.battle_screen
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.battle_screen
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PERIOD, pygame.K_COMMA):
            step = 1 if event.key == pygame.K_PERIOD else -1
            self.viewer.speed_i = max(0, min(len(SPEEDS) - 1, self.viewer.speed_i + step))
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.viewer.handle(event)  # hovering, panning and zooming the board, as in the viewer
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.app.toggle_fullscreen()
        return None

    def resize(self, w: int, h: int) -> None:
        self.viewer.resize(w, h)
        self.battle_screen.resize(w, h)

    def close(self) -> None:
        self.battle_screen.close()

    def draw(self, surface: pygame.Surface) -> None:
        draw_battle.draw_field(self.viewer.stage, surface)
        w, h = self.app.size
        bar = pygame.Rect(0, h - theme.BOTTOM_BAR, w, theme.BOTTOM_BAR)
        pygame.draw.rect(surface, (16, 18, 24), bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
        colour = self.battle_screen.side_colour.get(self.side, theme.TEXT)
        v = self.viewer
        shown, total = v.moment - v.t.first, v.t.length - v.t.first
        title = f"Recap for {self.side.capitalize()}: what happened since your last move"
        text(surface, title, (12, bar.y + 18), 21, colour, True, "midleft")
        words = f"event {shown} of {total}   x{v.speed:g} [, .]   Space, Esc or click: skip to now"
        text(surface, words, (w - 12, bar.y + 18), 18, theme.TEXT_DIM, anchor="midright")
        track = pygame.Rect(12, bar.y + 38, w - 24, 10)
        pygame.draw.rect(surface, (40, 44, 54), track, border_radius=4)
        done = track.copy()
        done.width = round(track.width * shown / total) if total else track.width
        pygame.draw.rect(surface, colour, done, border_radius=4)
