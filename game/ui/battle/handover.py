"""Hot-seat: a screen between human sides so one player does not see the other's plans. It says
what happened since the incoming side last acted, offers to watch it played back, and to save
the battle for the incoming side's player when the two play by file (F)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.battle import players, since
from game.ui.battle.battle_screen import BattleScreen, ToHandover
from game.ui.battle.saving import save_for_other_player
from game.ui.common import help_keys, theme
from game.ui.common.widgets import Button, layout_row, text, wrap
from game.ui.viewer.recap import RecapScreen

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen


class HandoverScreen:
    HELP = help_keys.HANDOVER  # F1

    def __init__(self, app: App, battle_screen: BattleScreen, side: str) -> None:
        self.app, self.battle_screen, self.side = app, battle_screen, side
        events = since.events_since(battle_screen.session, side)
        self.summary = (
            since.summary(events, battle_screen.session.names, battle_screen.session.side_of, side)
            if events is not None
            else ""
        )
        self.mouse = (0, 0)
        self.said = ""  # where a save for the side's player went, or why it failed
        self.typing: str | None = None  # the player's name being typed (N), until Enter or Esc

    def save_for_player(self) -> None:
        """Playing by file: save the battle for the incoming side's player, to send them."""
        self.said = save_for_other_player(self.battle_screen.session)

    @property
    def can_save(self) -> bool:
        """Whether the battle can be saved: it is played on a map file."""
        return bool(self.battle_screen.session.scenario.path)

    @property
    def can_watch(self) -> bool:
        """Whether there is anything to watch: the side has acted before, and others since."""
        return bool(self.summary)

    def watch(self) -> Screen:
        """The recap of the events since the side last acted; it hands over to the side at its end."""
        t = since.timeline_since(self.battle_screen.session, self.side)
        if t is None:
            return self.battle_screen
        return RecapScreen(self.app, self.battle_screen, self.side, t)

    def buttons(self) -> list[Button]:
        """Watch (when there is something to watch), Play, Name and Save, side by side under the summary."""
        bs = [Button("Play", "any key", lambda: None), Button("Name the player", "N", lambda: None)]
        if self.can_save:
            bs.append(Button("Save for them to play", "F", lambda: None))
        if self.can_watch:
            bs.insert(0, Button("Watch what happened", "R", lambda: None))
        w, h = self.app.size
        layout_row(bs, pygame.Rect(0, h // 2 + 110, 0, 34), gap=16)
        width = bs[-1].rect.right - bs[0].rect.x
        shift = w // 2 - width // 2 - bs[0].rect.x
        for b in bs:
            b.rect.x += shift
        return bs

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return None
        if event.type == pygame.KEYDOWN:
            if self.typing is not None:
                self._type(event)
                return None
            return self._key(event.key)
        if event.type == pygame.MOUSEBUTTONDOWN:
            buttons = self.buttons()
            if self.typing is None and any(b.label == "Name the player" and b.hit(event.pos) for b in buttons):
                self.typing = self.battle_screen.session.players.get(self.side, "")
                return None
            if self.can_save and buttons[-1].hit(event.pos):
                self.save_for_player()
                return None
            if self.can_watch and buttons[0].hit(event.pos):
                return self.watch()
            return self.battle_screen
        return None

    def _type(self, event: pygame.event.Event) -> None:
        """A key while the player's name is typed: Enter keeps it, Esc leaves it as it was."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.said = players.give(self.app, self.battle_screen.session, self.side, self.typing or "")
            self.typing = None
        elif event.key == pygame.K_ESCAPE:
            self.typing = None
        else:
            self.typing = players.typed_key(self.typing or "", event.unicode, event.key == pygame.K_BACKSPACE)

    def _key(self, k: int) -> Screen | None:
        if k == pygame.K_n:
            self.typing = self.battle_screen.session.players.get(self.side, "")
            return None
        if k == pygame.K_r and self.can_watch:
            return self.watch()
        if k == pygame.K_f and self.can_save:
            self.save_for_player()
            return None
        if k == pygame.K_ESCAPE:  # a reflex to leave a screen must not show the board
            self.said = "Esc does not hand over: press another key or click to play"
            return None
        return self.battle_screen

    def update(self, dt: float) -> Screen | None:
        return None

    def resize(self, w: int, h: int) -> None:
        self.battle_screen.resize(w, h)

    def close(self) -> None:
        self.battle_screen.close()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill((12, 14, 20))
        colour = self.battle_screen.side_colour.get(self.side, theme.TEXT)
        name = self.battle_screen.session.players.get(self.side, "")
        title = f"{name}'s turn ({self.side.capitalize()})" if name else f"{self.side.capitalize()}'s turn"
        text(surface, title, (w // 2, h // 2 - 90), 48 if name else 64, colour, True, "center")
        text(
            surface,
            "hand over the controls — press a key or click",
            (w // 2, h // 2 - 30),
            26,
            theme.TEXT_DIM,
            anchor="center",
        )
        for i, line in enumerate(wrap(self.summary, 24, min(w - 80, 900))[:3]):
            text(surface, line, (w // 2, h // 2 + 20 + i * 28), 24, theme.TEXT, anchor="center")
        for b in self.buttons():
            b.draw(surface, self.mouse)
        if self.typing is not None:
            words = f"{self.side.capitalize()}'s player: {self.typing}_   (Enter keeps it, Esc leaves it)"
            text(surface, words, (w // 2, h // 2 + 190), 24, theme.HIGHLIGHT, True, "center")
        if self.said:
            colour = theme.TEXT_WARN if self.said.startswith("Could not") else theme.TEXT_DIM
            text(surface, self.said, (w // 2, h // 2 + 160), 18, colour, anchor="center")


def opened(app: App, request: ToHandover) -> Screen:
    """The hand-over to `request.side` (navigation.go's builder)."""
    return HandoverScreen(app, request.battle, request.side)
