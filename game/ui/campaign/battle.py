"""A campaign's battle: the ordinary battle screen, the company played by the player and the
enemy by the AI at the battle's level, the members called by their names. After every command
the campaign's save keeps the battle so far (game/campaign/interrupted.py), so a game closed or
killed takes it up where it stood, on the same dice; when it ends, the campaign settles it and
the debrief follows. Its pause menu leaves the battle: back to the camp as it was before the
march, or, in an ironman campaign, which cannot take a battle back, hands the company to the AI
to fight on."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.campaign.deployment import COMPANY, ENEMY
from game.campaign.march import Marched
from game.campaign.saves import CampaignSaveError
from game.campaign.spec import CampaignError
from game.core.battle import Battle
from game.core.commands import Command
from game.core.events import Event
from game.play.runner import play
from game.ui.battle.battle_screen import BattleScreen
from game.ui.campaign.debrief import DebriefScreen
from game.ui.campaign.run import Run
from game.ui.common import help_keys, theme
from game.ui.common.widgets import text
from game.ui.menus.pause import CONFIRM_QUIT, HELP_PAGE, MENU, Entry, PauseScreen
from game.ui.navigation import ToCampaign, ToSettings, go

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

ENDS_AFTER = 1.2  # seconds the last blow stays on the board before the debrief, as before a result


class CampaignBattle(BattleScreen):
    HELP = help_keys.CAMPAIGN_BATTLE

    def __init__(
        self, app: App, run: Run, marched: Marched, battle: Battle | None = None, commands: Sequence[Command] = ()
    ) -> None:
        """A battle begun after deployment, or (`battle` and the `commands` that led to it) one
        taken up from the campaign's save."""
        super().__init__(
            app,
            marched.scenario,
            seed=marched.seed,
            controllers={COMPANY: "human", ENEMY: "ai"},
            ai_level=marched.battle.ai,
            threaded=not app.headless,
            battle=battle,
        )
        self.run, self.marched = run, marched
        self.session.stop_autosaves()  # the campaign's save keeps the battle: a battle save could not rebuild its members
        self.session.names.update({f"{COMPANY}_{m.key}": m.name for m in marched.going})
        if battle is not None:
            self.session.continued(commands, saved=True, undo="replayed")
        self.kept: tuple[int, Command | None] = (-1, None)
        self.keep()

    def keep(self) -> None:
        """The campaign's save brought up to the commands played (undone ones included out)."""
        played = self.session.played
        now = (len(played), played[-1] if played else None)
        if now == self.kept:
            return
        try:
            self.run.keep_battle(self.marched, played)
        except CampaignSaveError as e:
            self.message = f"The battle could not be saved: {e}"
        self.kept = now

    def took(self, events: list[Event]) -> None:
        super().took(events)
        self.keep()  # before the next frame shows what the dice did

    def update(self, dt: float) -> Screen | None:
        if self.battle.over and self.view.idle:
            self.finished_at = (self.finished_at or 0.0) + dt
            if self.finished_at > ENDS_AFTER:
                self.close()
                return self.debrief()
            return None
        nxt = super().update(dt)
        self.keep()  # an undo, a redo or the AI's command taken from its worker
        return nxt

    def debrief(self) -> Screen:
        """The battle settled into the campaign (saved), and what it did to the company."""
        before = self.run.state.company
        said = ""
        try:
            record = self.run.settle(self.marched, self.battle)
        except CampaignSaveError as e:  # settled, but not kept: say so on the debrief
            record, said = self.run.state.fought[-1], str(e)
        return DebriefScreen(self.app, self.run, self.marched, before, self.battle, record, said)

    @staticmethod
    def taken_up(app: App, run: Run) -> CampaignBattle:
        """The battle in progress that the campaign's save keeps, where it stood
        (CampaignSaveError in one line if it no longer plays back)."""
        marched, battle, held = run.take_up()
        return CampaignBattle(app, run, marched, battle, held.commands)

    def close(self) -> None:
        """Ironman: a battle the window closes on is fought to its end by the AI for both sides,
        and settled and saved, so that closing the window cannot take back a battle going badly."""
        super().close()
        if self.run.state.ironman and not self.battle.over:
            battle = play(self.battle, {COMPANY: self.run.state.ai or "baseline", ENEMY: self.marched.battle.ai})
            with contextlib.suppress(CampaignSaveError):  # the window is closing: nowhere left to say it
                self.run.settle(self.marched, battle)

    def fight_on(self) -> None:
        """The company handed to the AI for the rest of the battle, at the enemy's level."""
        self.session.battle.hand_sides({COMPANY: "ai"})
        self.message = "The AI fights on for the company"

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_s
            and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        ):
            self.message = "A campaign's battle is saved as it is fought: Continue takes it up where it stands"
            return None
        nxt = super().handle(event)
        return CampaignPause(self.app, self) if isinstance(nxt, PauseScreen) else nxt


class CampaignPause(PauseScreen):
    """The pause menu of a campaign's battle: no battle save; leaving is the campaign's."""

    HELP = help_keys.CAMPAIGN_BATTLE
    bs: CampaignBattle

    def entries(self) -> list[Entry]:
        if self.page == HELP_PAGE:
            return super().entries()
        if self.page == CONFIRM_QUIT:
            yes = "Yes, the AI fights on" if self.bs.run.state.ironman else "Yes, leave it"
            return [
                Entry(yes, "Y", (pygame.K_y,), self.leave),
                Entry("No, keep fighting", "N", (pygame.K_n, pygame.K_ESCAPE), lambda: self.show(MENU)),
            ]
        leave = "Let the AI fight on" if self.bs.run.state.ironman else "Leave the battle"
        return [
            Entry("Resume", "Esc", (pygame.K_ESCAPE,), self.resume),
            Entry("Settings", "O", (pygame.K_o,), lambda: go(self.app, ToSettings(self))),
            Entry("Help: the keys", "F1", (pygame.K_F1, pygame.K_h), lambda: self.show(HELP_PAGE)),
            Entry(f"Colours: {self.app.settings.palette}", "C", (pygame.K_c,), self.next_palette),
            Entry(leave, "Q", (pygame.K_q,), lambda: self.show(CONFIRM_QUIT)),
        ]

    def leave(self) -> Screen | None:
        """Ironman: the AI fights the rest, and the battle counts. Otherwise back to the camp as
        it was saved before the march: the battle is not fought."""
        if self.bs.run.state.ironman:
            self.bs.fight_on()
            return self.bs
        self.bs.close()
        try:
            run = self.bs.run.leave_battle()
        except (CampaignSaveError, CampaignError) as e:
            self.said = f"Could not go back to the camp: {e}"
            self.show(MENU)
            return None
        return go(self.app, ToCampaign(run, "The battle was left: the company stands in camp as before the march"))

    def draw(self, surface: pygame.Surface) -> None:
        if self.page != CONFIRM_QUIT:
            super().draw(surface)
            return
        self.bs.draw(surface)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        panel = self.panel()
        pygame.draw.rect(surface, theme.PANEL_BG, panel, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, panel, 2, border_radius=10)
        ironman = self.bs.run.state.ironman
        title = "Let the AI fight on?" if ironman else "Leave this battle?"
        text(surface, title, (panel.centerx, panel.y + 28), 36, theme.TEXT, True, "midtop")
        words = "Ironman: the battle counts, fought to its end" if ironman else "The camp as it was before the march"
        text(surface, words, (panel.centerx, panel.y + 74), 20, theme.TEXT_DIM, anchor="midtop")
        for button, _ in self.buttons:
            button.draw(surface, self.mouse)
