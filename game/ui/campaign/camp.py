"""The camp between battles: the roster (hit points and wounds, level and experience, record,
state; the dead listed apart), the company's crowns, and what the camp can do: hire from the
campaign's kinds at their prices, dismiss, the temple's cure, rest, ransom, rename, and choose who
fights up to the battle's limit. M marches to the battle. Each change is saved at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import pygame

from game.campaign.company import Standing
from game.campaign.naming import NAME_MAX
from game.campaign.saves import CampaignSaveError
from game.ui.battle.players import typed_key
from game.ui.campaign import camp_draw, roster_rows
from game.ui.campaign.deploy import CampaignDeploy
from game.ui.campaign.run import WEEK, Run
from game.ui.common import help_keys
from game.ui.common.widgets import Button, layout_row
from game.ui.navigation import ToCampaign, go

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

ROSTER, HIRING = "roster", "hiring"


class CampScreen:
    HELP = help_keys.CAMP  # F1

    def __init__(self, app: App, run: Run) -> None:
        self.app = app
        self.run = run
        self.focus = ROSTER
        self.row = 0  # the member chosen, in roster_rows.listed's order
        self.hire_row = 0
        self.mouse = (0, 0)
        self.asking = False  # D asked: Y lets the member go
        self.typing: str | None = None  # N: the chosen member's new name, while typed
        self.said = ""
        self.warn = False

    @property
    def chosen(self) -> str | None:
        members = roster_rows.listed(self.run)
        return members[min(self.row, len(members) - 1)].key if members else None

    # -- what the camp does

    def _do(self, act: Callable[[], str]) -> None:
        """Do it and say what it did, or say why not; a save that cannot be written is said too."""
        try:
            self.said, self.warn = act(), False
        except (ValueError, CampaignSaveError) as e:
            self.said, self.warn = str(e), True
        self.row = min(self.row, max(0, len(roster_rows.listed(self.run)) - 1))

    def _member(self, act: Callable[[str], str]) -> None:
        key = self.chosen
        if key is None:
            self.said, self.warn = "the company has no one in camp", True
            return
        self._do(lambda: act(key))

    def toggle(self) -> None:
        self._member(self.run.toggle)

    def heal(self) -> None:
        self._member(self.run.heal)

    def ransom(self) -> None:
        self._member(self.run.ransom)

    def ask_dismiss(self) -> None:
        key = self.chosen
        if key is not None and self.run.state.company.member(key).standing == Standing.READY:
            self.asking = True
        else:
            self._member(self.run.dismiss)  # says why not

    def dismiss(self) -> None:
        self.asking = False
        self._member(self.run.dismiss)

    def name(self) -> None:
        """Begin typing the chosen member's new name, from its name as it is."""
        key = self.chosen
        if key is None:
            self.said, self.warn = "the company has no one in camp", True
            return
        self.typing, self.asking = self.run.state.company.member(key).name, False

    def _type(self, event: pygame.event.Event) -> None:
        """A key while the name is typed: Enter keeps it (or says why not), Esc leaves it."""
        assert self.typing is not None
        if event.key == pygame.K_ESCAPE:
            self.typing = None
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            name, self.typing = self.typing, None
            self._member(lambda key: self.run.rename(key, name))
            if self.warn:
                self.typing = name  # refused: still there to mend
        else:
            self.typing = typed_key(self.typing, event.unicode, event.key == pygame.K_BACKSPACE)[:NAME_MAX]

    def hire(self) -> None:
        offered = roster_rows.hires(self.run)
        if offered:
            self._do(lambda: self.run.hire(offered[min(self.hire_row, len(offered) - 1)].kind))

    def rest(self, days: int) -> None:
        self._do(lambda: self.run.rest(days))

    def march(self) -> Screen | None:
        """To the battle: the deployment of the members chosen on its field."""
        try:
            marched = self.run.march()
        except (ValueError, CampaignSaveError) as e:
            self.said, self.warn = str(e), True
            return None
        return CampaignDeploy(self.app, self.run, marched)

    def back(self) -> Screen:
        return go(self.app, ToCampaign(self.run))

    # -- the screen

    @property
    def buttons(self) -> list[Button]:
        w, h = self.app.size
        key = self.chosen
        m = self.run.state.company.member(key) if key is not None else None
        fights = m is not None and key in self.run.fielding
        row1 = [
            Button("Sit out" if fights else "Fights", "Enter", self.toggle, enabled=m is not None),
            Button("Temple cure", "T", self.heal, enabled=m is not None and m.wounds > 0),
            Button("Ransom", "P", self.ransom, enabled=m is not None and m.standing == Standing.CAPTIVE),
            Button("Dismiss", "D", self.ask_dismiss, enabled=m is not None and m.standing == Standing.READY),
            Button("Rename", "N", self.name, enabled=m is not None),
        ]
        row2 = [
            Button("Rest a day", "R", lambda: self.rest(1)),
            Button("Rest a week", "W", lambda: self.rest(WEEK)),
            Button("March to the battle", "M", self.march, enabled=bool(self.run.going())),
            Button("Back", "Esc", self.back),
        ]
        layout_row(row1, pygame.Rect(30, h - 96, w - 60, 34))
        layout_row(row2, pygame.Rect(30, h - 52, w - 60, 34))
        hire = Button("Hire", "H", self.hire, enabled=self.run.state.company.room > 0)
        hire.rect = pygame.Rect(w - camp_draw.HIRE_W - 20, h - 96, 120, 34)
        return [*row1, *row2, hire]

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self._move(-event.y)
        elif event.type == pygame.KEYDOWN and self.typing is not None:
            self._type(event)
        elif event.type == pygame.KEYDOWN and self.asking:
            if event.key in (pygame.K_y, pygame.K_RETURN):
                self.dismiss()
            else:
                self.asking = False
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return None

    def _click(self, pos: tuple[int, int]) -> Screen | None:
        self.mouse = pos
        self.asking = False
        self.typing = None  # a click elsewhere leaves the name as it was
        for b in self.buttons:
            if b.hit(pos):
                return cast("Screen | None", b.action())
        for i, (r, box) in enumerate(camp_draw.roster_rects(self)):
            if r.collidepoint(pos):
                self.focus, self.row = ROSTER, i
                if box.collidepoint(pos):
                    self.toggle()
        for i, r in camp_draw.hire_rects(self).items():
            if r.collidepoint(pos):
                self.focus, self.hire_row = HIRING, i
        return None

    def _move(self, by: int) -> None:
        if self.focus == ROSTER:
            self.row = max(0, min(self.row + by, len(roster_rows.listed(self.run)) - 1))
        else:
            self.hire_row = max(0, min(self.hire_row + by, len(roster_rows.hires(self.run)) - 1))

    def _key(self, k: int) -> Screen | None:
        keys: dict[int, Callable[[], object]] = {
            pygame.K_TAB: lambda: setattr(self, "focus", HIRING if self.focus == ROSTER else ROSTER),
            pygame.K_UP: lambda: self._move(-1),
            pygame.K_DOWN: lambda: self._move(1),
            pygame.K_h: self.hire,
            pygame.K_t: self.heal,
            pygame.K_p: self.ransom,
            pygame.K_d: self.ask_dismiss,
            pygame.K_n: self.name,
            pygame.K_r: lambda: self.rest(1),
            pygame.K_w: lambda: self.rest(WEEK),
            pygame.K_m: self.march,
            pygame.K_ESCAPE: self.back,
        }
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            (self.toggle if self.focus == ROSTER else self.hire)()
            return None
        act = keys.get(k)
        return cast("Screen | None", act()) if act is not None else None

    def update(self, dt: float) -> Screen | None:
        return None

    def resize(self, w: int, h: int) -> None:
        """Nothing to fit: laid out from the window's size as it draws."""

    def close(self) -> None:
        """Nothing held: every change was saved as it was made."""

    def draw(self, surface: pygame.Surface) -> None:
        camp_draw.draw(self, surface)
        for b in self.buttons:
            b.draw(surface, self.mouse)
