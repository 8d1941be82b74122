"""The pause menu over a battle: resume, save, the keys, or quit to the main menu after a question,
so that no single key throws a battle away. The battle stands still underneath while it shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.home.settings import PALETTES
from game.ui.battle import battle_input
from game.ui.battle.battle_screen import BattleScreen, ToPause
from game.ui.battle.saving import save_by_hand, save_for_other_player
from game.ui.common import theme
from game.ui.common.help_keys import HELP
from game.ui.common.help_overlay import draw_table
from game.ui.common.widgets import Button, text, wrap
from game.ui.navigation import ToMenu, ToSettings, go

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

MENU, HELP_PAGE, CONFIRM_QUIT = "menu", "help", "confirm_quit"
ROW, GAP = 40, 10  # a menu button's height and the space between buttons


@dataclass
class Entry:
    """A button of the menu and the keys that press it."""

    label: str
    key_hint: str
    keys: tuple[int, ...]
    action: Callable[[], Screen | None]


class PauseScreen:
    HELP = HELP
    OWN_F1 = True  # F1 opens the menu's own help page, with a Back button

    def where(self) -> str:
        """The battle and the round the board shows: while a round's end still plays out, that
        round, not the next one the battle has begun (issue 22), as the initiative track says."""
        bs = self.bs
        return f"{bs.session.scenario.title or 'battle'} — round {bs.view.round or bs.battle.round}"

    def __init__(self, app: App, battle_screen: BattleScreen) -> None:
        self.app, self.bs = app, battle_screen
        self.page = MENU
        self.mouse = (0, 0)
        self.said = ""  # what the last save said: where it went, or why it failed
        battle_input.pointer_gone(battle_screen)  # the pointer is on the menu now

    # -- what each page offers ---------------------------------------------------------

    def entries(self) -> list[Entry]:
        """The buttons of the page shown, top to bottom."""
        if self.page == CONFIRM_QUIT:
            return [
                Entry("Yes, quit", "Y", (pygame.K_y,), self.quit_to_menu),
                Entry("No, keep playing", "N", (pygame.K_n, pygame.K_ESCAPE), lambda: self.show(MENU)),
            ]
        if self.page == HELP_PAGE:
            return [Entry("Back", "Esc", (pygame.K_ESCAPE, pygame.K_BACKSPACE), lambda: self.show(MENU))]
        entries = [
            Entry("Resume", "Esc", (pygame.K_ESCAPE,), self.resume),
            Entry("Save", "S", (pygame.K_s,), self.save),
            Entry("Save and quit", "X", (pygame.K_x,), self.save_and_quit),
            Entry("Settings", "O", (pygame.K_o,), lambda: go(self.app, ToSettings(self))),
            Entry("Help: the keys", "F1", (pygame.K_F1, pygame.K_h), lambda: self.show(HELP_PAGE)),
            Entry(f"Colours: {self.app.settings.palette}", "C", (pygame.K_c,), self.next_palette),
            Entry("Quit to menu", "Q", (pygame.K_q,), lambda: self.show(CONFIRM_QUIT)),
        ]
        if self.hot_seat():
            entries.insert(3, Entry("Save for the other player", "P", (pygame.K_p,), self.save_for_other_player))
        return entries

    def hot_seat(self) -> bool:
        """Whether the battle is played by two people or more, one still to decide: it can be sent."""
        humans = sum(1 for c in self.bs.session.controllers.values() if c == "human")
        return humans > 1 and not self.bs.battle.over

    def show(self, page: str) -> None:
        self.page = page

    def resume(self) -> Screen:
        return self.bs

    def next_palette(self) -> None:
        """The next palette (standard, then one for each colour vision deficiency), kept in the settings."""
        names = list(PALETTES)
        self.app.remember(palette=names[(names.index(self.app.settings.palette) + 1) % len(names)])
        self.bs.recolour()

    def save(self) -> None:
        self.said = save_by_hand(self.bs.session)

    def save_for_other_player(self) -> None:
        self.said = save_for_other_player(self.bs.session)

    def save_and_quit(self) -> Screen | None:
        """Quit only once the save is whole: a failed save stays on the menu, saying why."""
        self.save()
        return self.quit_to_menu() if self.saved() else None

    def saved(self) -> bool:
        """Whether the last save by hand holds every command played."""
        return self.bs.session.saved_at == len(self.bs.session.played)

    def quit_to_menu(self) -> Screen:
        self.bs.close()
        return go(self.app, ToMenu())

    @property
    def buttons(self) -> list[tuple[Button, Entry]]:
        """The page's buttons, laid out in a column (the help page: one button under the list)."""
        entries = self.entries()
        panel = self.panel()
        top = panel.bottom - 24 - len(entries) * (ROW + GAP) + GAP
        out = []
        for i, e in enumerate(entries):
            b = Button(e.label, e.key_hint, e.action)
            b.rect = pygame.Rect(panel.centerx - 130, top + i * (ROW + GAP), 260, ROW)
            out.append((b, e))
        return out

    def panel(self) -> pygame.Rect:
        """Where the page's panel sits: in the middle of the window."""
        w, h = self.app.size
        if self.page == HELP_PAGE:
            r = pygame.Rect(0, 0, min(w - 40, 1000), min(h - 40, 520))
        else:
            said = 44 if self.said and self.page == MENU else 0  # room for what the save said
            r = pygame.Rect(0, 0, 440, 130 + said + len(self.entries()) * (ROW + GAP))
        r.center = (w // 2, h // 2)
        return r

    # -- the screen ---------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b, e in self.buttons:
                if b.hit(event.pos):
                    return e.action()
        elif event.type == pygame.KEYDOWN:
            for e in self.entries():
                if event.key in e.keys:
                    return e.action()
        return None

    def update(self, dt: float) -> Screen | None:
        return None  # the battle waits: no animation, no AI move is taken in

    def resize(self, w: int, h: int) -> None:
        self.bs.resize(w, h)

    def close(self) -> None:
        self.bs.close()

    def draw(self, surface: pygame.Surface) -> None:
        self.bs.draw(surface)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        panel = self.panel()
        pygame.draw.rect(surface, theme.PANEL_BG, panel, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, panel, 2, border_radius=10)
        if self.page == HELP_PAGE:
            self._draw_help(surface, panel)
        elif self.page == CONFIRM_QUIT:
            text(surface, "Quit this battle?", (panel.centerx, panel.y + 28), 40, theme.TEXT, True, "midtop")
            if self.saved():
                text(surface, "It is saved.", (panel.centerx, panel.y + 72), 24, theme.TEXT_DIM, anchor="midtop")
            else:
                text(surface, "It is not saved.", (panel.centerx, panel.y + 72), 24, theme.TEXT_WARN, anchor="midtop")
        else:
            text(surface, "Paused", (panel.centerx, panel.y + 28), 44, theme.TEXT, True, "midtop")
            text(surface, self.where(), (panel.centerx, panel.y + 72), 20, theme.TEXT_DIM, anchor="midtop")
            if self.said:
                colour = theme.TEXT_WARN if self.said.startswith("Could not") else theme.TEXT_DIM
                for i, line in enumerate(wrap(self.said, 16, panel.w - 30)[:2]):
                    text(surface, line, (panel.centerx, panel.y + 100 + 19 * i), 16, colour, anchor="midtop")
        for button, _ in self.buttons:
            button.draw(surface, self.mouse)

    def _draw_help(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        draw_table(surface, panel, HELP, "Keys")


def opened(app: App, request: ToPause) -> Screen:
    """The pause menu over `request.battle` (navigation.go's builder)."""
    return PauseScreen(app, request.battle)
