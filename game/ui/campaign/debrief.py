"""After a campaign's battle: the result, the pay, what became of each member who fought (back
with its wounds, fled, taken, dead), the kills and experience it earned and the levels it gained,
the campaign's card after the battle, and where the campaign goes next. Enter goes on to the
campaign's screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game.campaign.company import Company, Member, Standing
from game.campaign.deployment import COMPANY
from game.campaign.keys import VICTORY
from game.campaign.march import Marched
from game.core.battle import Battle
from game.core.world import DEAD, FLED, SURRENDERED
from game.ui.campaign.run import Run
from game.ui.common import help_keys, theme
from game.ui.common.after_battle import AfterBattle
from game.ui.common.widgets import Button, layout_row, text, wrap
from game.ui.navigation import ToCampaign, go

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

ON_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)
COLUMNS = (("member", 0.0), ("came back", 0.2), ("kills", 0.58), ("experience", 0.68), ("level", 0.86))


class Fate(NamedTuple):
    name: str
    became: str  # what became of the member, in words
    kills: int
    xp: int
    level: str  # "3 (up 1)" or "2"
    gone: bool  # dead or held: drawn in the warning colour


def fates(before: Company, after: Company, battle: Battle, going: tuple[Member, ...]) -> list[Fate]:
    """Each member who fought, before the battle and after it."""
    out = []
    for m in going:
        now = after.member(m.key)
        unit = battle.world[f"{COMPANY}_{m.key}"]
        if now.standing == Standing.DEAD:
            became = "died"
        elif now.standing == Standing.CAPTIVE:
            became = (
                "surrendered: held for ransom" if unit.life == SURRENDERED else "taken unconscious: held for ransom"
            )
        elif unit.life == FLED:
            became = f"fled; back with {now.hp} of {now.hp_max} hp"
        elif unit.life == SURRENDERED:
            became = f"surrendered, freed; {now.hp} of {now.hp_max} hp"
        else:
            became = f"back with {now.hp} of {now.hp_max} hp" if unit.life != DEAD else "died"
        up = now.level - before.member(m.key).level
        level = f"{now.level} (up {up})" if up else str(now.level)
        kills = len(now.record.kills) - len(before.member(m.key).record.kills)
        gone = now.standing in (Standing.DEAD, Standing.CAPTIVE)
        out.append(Fate(m.name, became, kills, now.xp - before.member(m.key).xp, level, gone))
    return out


class DebriefScreen(AfterBattle):
    HELP = help_keys.DEBRIEF  # F1

    def __init__(  # noqa: PLR0917  # the battle and the campaign before and after it
        self,
        app: App,
        run: Run,
        marched: Marched,
        before: Company,
        battle: Battle,
        record: dict[str, Any],
        said: str = "",
    ) -> None:
        self.app, self.run, self.marched = app, run, marched
        self.record = record
        self.won = record.get("winner") == "company"
        self.draw_ = record.get("winner") == "draw"
        self.fates = fates(before, run.state.company, battle, marched.going)
        self.pay = marched.battle.pay if self.won else 0
        self.rounds = battle.round
        self.said = said

    def on(self) -> Screen:
        return go(self.app, ToCampaign(self.run))

    @property
    def buttons(self) -> list[Button]:
        w, h = self.app.size
        row = [Button("On to the campaign", "Enter", self.on)]
        layout_row(row, pygame.Rect(40, h - 56, w - 80, 36))
        return row

    def key(self, k: int) -> Screen | None:
        return self.on() if k in ON_KEYS else None

    def resize(self, w: int, h: int) -> None:
        """Nothing to fit: laid out from the window's size as it draws."""

    def close(self) -> None:
        """Nothing held: the campaign was saved as the battle was settled."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL_BG)
        w, h = self.app.size
        b = self.marched.battle
        title = "Victory" if self.won else "A draw" if self.draw_ else "Defeat"
        colour = theme.palette().may if self.won else theme.palette().refused
        text(surface, title, (40, 20), 52, colour, True)
        text(surface, f"{b.title}, {self.rounds} rounds", (42, 78), 22, theme.TEXT_DIM)
        y = 112
        card = b.after_victory if self.won else b.after_defeat
        for line in wrap(card, 20, w - 80)[:2] if card else []:
            text(surface, line, (40, y), 20, theme.TEXT)
            y += 24
        crowns = self.run.state.company.crowns
        pay = (
            f"Pay: {self.pay} crowns; the company has {crowns}."
            if self.pay
            else f"No pay; the company has {crowns} crowns."
        )
        text(surface, pay, (40, y + 4), 20, theme.HIGHLIGHT if self.pay else theme.TEXT_DIM, True)
        y = self._table(surface, y + 40)
        for words, tone in self._lines():
            for line in wrap(words, 18, w - 80):
                if y + 18 > h - 70:
                    break
                text(surface, line, (40, y), 18, tone)
                y += 22
        for button in self.buttons:
            button.draw(surface, self.mouse)

    def _table(self, surface: pygame.Surface, top: int) -> int:
        width = self.app.size[0] - 80
        for heading, at in COLUMNS:
            text(surface, heading, (40 + round(at * width), top), 16, theme.TEXT_DIM)
        y = top + 22
        for f in self.fates:
            tone = theme.TEXT_WARN if f.gone else theme.TEXT
            cells = (f.name, f.became, str(f.kills), f"+{f.xp:,}", f.level)
            for (_, at), words in zip(COLUMNS, cells, strict=True):
                text(surface, words, (40 + round(at * width), y), 18, tone, words == f.name)
            y += 24
        return y + 10

    def _lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Who gained a level, who died, who fled or was taken; then where the campaign goes."""

        def named(test: str) -> str:
            return ", ".join(f.name for f in self.fates if test in f.became or (test == "up" and "up" in f.level))

        lines = []
        for words, test, tone in (
            ("Gained a level", "up", theme.HIGHLIGHT),
            ("Died", "died", theme.TEXT_WARN),
            ("Fled", "fled", theme.TEXT),
            ("Taken by the enemy (ransom them in camp, or they are lost at the march)", "held", theme.TEXT_WARN),
        ):
            if named(test):
                lines.append((f"{words}: {named(test)}.", tone))
        state = self.run.state
        if state.outcome is not None:
            lines.append((f"The campaign is {'won' if state.outcome == VICTORY else 'lost'}.", theme.TEXT))
        elif self.run.battle is not None:
            lines.append((f"Next: {self.run.battle.title}.", theme.TEXT))
        kept = "Saved in the campaign's one save (ironman)." if state.ironman else "Saved, with a copy of this stop."
        lines.append((self.said or kept, theme.TEXT_WARN if self.said else theme.TEXT_DIM))
        return lines
