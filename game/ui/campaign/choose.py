"""Campaigns, from the main menu: a shipped campaign to begin (the company named, ironman or
not) or a campaign save to take up. Enter begins or continues the one chosen."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, cast

import pygame

from game.campaign.company import Company
from game.campaign.saves import CampaignSaveError, autosave_path
from game.campaign.spec import CampaignError
from game.campaign.state import CampaignState
from game.home.player_names import MAX_NAME
from game.ui.battle.players import typed_key
from game.ui.campaign import offers
from game.ui.campaign.battle import CampaignBattle
from game.ui.campaign.run import Run, saved_name
from game.ui.common import help_keys, theme
from game.ui.common.widgets import Button, layout_row, text, wrap
from game.ui.navigation import ToCampaign, ToCampaigns, ToMenu, go

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

TOP, ROW, LIST_W = 120, 52, 440
SEED_RANGE = 10**6  # a new campaign's seed: shown, so that a campaign can be played again


class ChooseScreen:
    HELP = help_keys.CAMPAIGNS  # F1

    def __init__(self, app: App) -> None:
        self.app = app
        self.new = offers.shipped()
        self.saves = offers.saved()
        self.index = 0
        self.mouse = (0, 0)
        self.company = self.new[0].spec.company if self.new and self.new[0].spec else "The Company"
        self.typing: str | None = None  # the company's name, while typed
        self.ironman = False
        self.seed = secrets.randbelow(SEED_RANGE)
        self.said = ""

    @property
    def offered(self) -> list[offers.Offer]:
        return self.new + self.saves

    @property
    def chosen(self) -> offers.Offer | None:
        return self.offered[self.index] if self.offered else None

    # -- what the keys and buttons do

    def go_on(self) -> Screen | None:
        """Begin the campaign chosen, or take up the save chosen; a refusal is said here."""
        o = self.chosen
        try:
            if o is not None and o.spec is not None:
                return self._begin(o)
            if o is not None and o.path is not None:
                run = Run.load(o.path)
                return CampaignBattle.taken_up(self.app, run) if run.in_battle else go(self.app, ToCampaign(run))
        except (CampaignSaveError, CampaignError, OSError) as e:
            self.said = str(e)
        return None

    def _begin(self, o: offers.Offer) -> Screen | None:
        assert o.spec is not None
        named = CampaignState.begin(saved_name(o.spec), 0, "", Company(self.company, 0), "", False)
        if autosave_path(named).exists():  # never over another campaign's save
            self.said = (
                f"A campaign of {self.company} in {o.title} is saved already: continue it, or rename the company (N)"
            )
            return None
        run = Run.new(o.spec, self.company, self.seed, self.app.settings.ai_level, self.ironman)
        return go(self.app, ToCampaign(run))

    def name(self) -> None:
        if self.chosen is not None and self.chosen.spec is not None:
            self.typing = ""

    def toggle_ironman(self) -> None:
        self.ironman = not self.ironman

    def menu(self) -> Screen:
        return go(self.app, ToMenu())

    def pick(self, i: int) -> None:
        was = self.chosen
        self.index = i % len(self.offered) if self.offered else 0
        now = self.chosen
        was_named = was is not None and was.spec is not None and self.company == was.spec.company
        if (
            now is not None and now.spec is not None and was_named
        ):  # the campaign's own name follows the campaign chosen
            self.company = now.spec.company

    # -- the screen

    @property
    def buttons(self) -> list[Button]:
        w, h = self.app.size
        o = self.chosen
        new = o is not None and o.spec is not None
        row = [
            Button("Begin" if new else "Continue", "Enter", self.go_on, enabled=o is not None),
            Button("Name the company", "N", self.name, enabled=new),
            Button(f"Ironman: {'on' if self.ironman else 'off'}", "I", self.toggle_ironman, enabled=new),
            Button("Back to the menu", "Esc", self.menu),
        ]
        layout_row(row, pygame.Rect(40, h - 56, w - 80, 36))
        return row

    def row_rects(self) -> list[pygame.Rect]:
        rects, y = [], TOP + 28
        for i in range(len(self.offered)):
            if i == len(self.new):
                y += 36  # the saves' heading
            rects.append(pygame.Rect(40, y, LIST_W, ROW - 6))
            y += ROW
        return rects

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.KEYDOWN and self.typing is not None:
            self._type(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    return cast("Screen | None", b.action())
            for i, r in enumerate(self.row_rects()):
                if r.collidepoint(event.pos):
                    self.pick(i)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return None

    def _type(self, event: pygame.event.Event) -> None:
        assert self.typing is not None
        if event.key == pygame.K_ESCAPE:
            self.typing = None
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            name = " ".join(self.typing.split())
            self.company, self.typing = (name or self.company), None
        else:
            self.typing = typed_key(self.typing, event.unicode, event.key == pygame.K_BACKSPACE)[:MAX_NAME]

    def _key(self, k: int) -> Screen | None:
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.go_on()
        if k == pygame.K_ESCAPE:
            return self.menu()
        if k in (pygame.K_UP, pygame.K_DOWN):
            self.pick(self.index + (1 if k == pygame.K_DOWN else -1))
        elif k == pygame.K_n:
            self.name()
        elif k == pygame.K_i and self.chosen is not None and self.chosen.spec is not None:
            self.toggle_ironman()
        return None

    def update(self, dt: float) -> Screen | None:
        return None

    def resize(self, w: int, h: int) -> None:
        """Nothing to fit: laid out from the window's size as it draws."""

    def close(self) -> None:
        """Nothing held."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL_BG)
        text(surface, "Campaigns", (40, 24), 56, theme.TEXT, True)
        words = "A company of named soldiers, carried from battle to battle"
        text(surface, words, (42, 78), 22, theme.TEXT_DIM)
        text(surface, "Begin a campaign", (40, TOP), 22, theme.TEXT_DIM, True)
        rects = self.row_rects()
        if self.saves:
            text(surface, "Continue a campaign", (40, rects[len(self.new)].y - 30), 22, theme.TEXT_DIM, True)
        elif rects or not self.new:
            y = rects[-1].bottom + 16 if rects else TOP + 30
            text(surface, "No campaign saved yet", (40, y), 20, theme.TEXT_DIM)
        for i, (o, r) in enumerate(zip(self.offered, rects, strict=True)):
            if r.bottom > self.app.size[1] - 70:
                break
            pygame.draw.rect(surface, theme.BUTTON_ACTIVE if i == self.index else theme.BUTTON, r, border_radius=6)
            title = o.title + ("  (ironman)" if o.ironman else "")
            text(surface, title, (r.x + 12, r.y + 4), 22, theme.TEXT, True)
            line = wrap(o.about, 16, r.w - 24)[0] if o.about else ""
            text(surface, line, (r.x + 12, r.y + 27), 16, theme.TEXT_DIM)
        self._details(surface)
        for b in self.buttons:
            b.draw(surface, self.mouse)

    def _details(self, surface: pygame.Surface) -> None:
        o = self.chosen
        x = 40 + LIST_W + 40
        width = self.app.size[0] - x - 40
        y = TOP
        if o is None:
            return
        lines: list[tuple[str, int, tuple[int, int, int], bool]] = [(o.title, 30, theme.TEXT, True)]
        lines.append((o.about, 20, theme.TEXT, False))
        if o.spec is not None:
            shown = f"{self.typing}_" if self.typing is not None else self.company
            lines.append(
                (f"Your company: {shown}", 22, theme.HIGHLIGHT if self.typing is not None else theme.TEXT, True)
            )
            lines.append(("N names it (type, then Enter)", 18, theme.TEXT_DIM, False))
            iron = (
                "on: one save, kept after every move; a battle cannot be taken back or fought again"
                if self.ironman
                else "off: a save is kept after every battle, to go back to"
            )
            lines.append((f"Ironman {iron}", 20, theme.TEXT, False))
            lines.append((f"{o.spec.crowns} crowns to begin with; seed {self.seed}", 18, theme.TEXT_DIM, False))
        elif o.ironman:
            lines.append(("Ironman: this save is the campaign's only one", 20, theme.TEXT, False))
        if self.said:
            lines.append((self.said, 20, theme.TEXT_WARN, False))
        for words, size, colour, bold in lines:
            for part in wrap(words, size, width):
                text(surface, part, (x, y), size, colour, bold)
                y += size + 4
            y += 10


def opened(app: App, request: ToCampaigns) -> Screen:
    """The campaigns' screen (navigation.go's builder)."""
    return ChooseScreen(app)
