"""Waiting, where the map offers it (docs/decisions.md#waiting): as round 1 starts, the AI's sides
choose by their rule, then each human side is asked, on a card, whether it waits or fights. The
battle waits for the answer; a wait is a command (undo takes it back and the card asks again), a
fight is no command: it is only remembered, so that the card is not asked twice."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.commands import Action, Command
from game.core.systems import wait_choice
from game.ui.battle import battle_input
from game.ui.common import theme
from game.ui.common.widgets import Button, text, wrap

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState
    from game.ui.screen import Screen

WIDTH, EDGE = 560, (245, 205, 90)
WAIT_KEYS, FIGHT_KEYS = (pygame.K_w,), (pygame.K_f, pygame.K_RETURN, pygame.K_KP_ENTER)
MEANS = (
    "You meet the other band and do not know what it means to do. Waiting to see how it reacts "
    "costs your side -1 on this first round's initiative, but only if the other side attacks "
    "first; if nobody attacks, it costs nothing. Fighting costs nothing."
)


class WaitPrompt:
    """The sides whose players have chosen to fight (a wait is in the battle itself)."""

    def __init__(self) -> None:
        self.fights: set[str] = set()

    def asking(self, s: BattleState) -> str | None:
        """The human side the card asks now, or None."""
        b = s.battle
        if b.over or not wait_choice.open_now(b.ctx, b.scenario.wait_choice):
            return None
        for side in b.scenario.sides:
            if s.session.controllers.get(side) != "human" or side in self.fights:
                continue
            if wait_choice.refusal(b.ctx, True, side) is None:
                return side
        return None

    def holds(self, s: BattleState) -> bool:
        """Each frame, before the battle goes on: the AI's sides choose (one a frame), then the
        battle waits while a human side is asked. True while nothing else may happen."""
        b = s.battle
        if b.over or not wait_choice.open_now(b.ctx, b.scenario.wait_choice):
            return False
        from game.ai import waiting  # noqa: PLC0415  # the AI's package (tcod, numpy) only where the map offers it

        cmd = waiting.choice(b)
        if cmd is not None:
            s.apply(cmd, human=False)
            return True
        return self.asking(s) is not None

    def buttons(self, s: BattleState, side: str) -> list[Button]:
        box = self.box(s)
        wait = Button("Wait and see", "W", lambda: self.answer(s, side, True))
        fight = Button("Fight", "F", lambda: self.answer(s, side, False))
        wait.rect = pygame.Rect(box.x + 18, box.bottom - 44, 200, 32)
        fight.rect = pygame.Rect(box.right - 158, box.bottom - 44, 140, 32)
        return [wait, fight]

    def answer(self, s: BattleState, side: str, waits: bool) -> None:
        if waits:
            s.apply(Command(Action.WAIT, "", side=side))
        else:
            self.fights.add(side)
            s.message = f"{side} fights: no waiting"

    def handle(self, s: BattleState, event: pygame.event.Event) -> Screen | None:
        """W waits, F or Enter fights, a click on a button answers; Esc still pauses and looking
        around the map stays free; the rest waits for the answer."""
        side = self.asking(s)
        if side is None:
            return battle_input.handle(s, event)
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if event.type == pygame.KEYDOWN and event.key in WAIT_KEYS + FIGHT_KEYS:
            self.answer(s, side, event.key in WAIT_KEYS)
        elif clicked:
            for b in self.buttons(s, side):
                if b.hit(event.pos):
                    b.action()
        elif event.type != pygame.KEYDOWN or event.key == pygame.K_ESCAPE:
            return battle_input.handle(s, event)
        return None

    def box(self, s: BattleState) -> pygame.Rect:
        m = s.map_rect()
        lines = len(wrap(MEANS, 21, WIDTH - 36))
        box = pygame.Rect(0, 0, min(WIDTH, m.w - 40), 112 + 24 * lines)
        box.midbottom = (m.centerx, m.bottom - 10)  # the bands stand on the road, mid-map
        return box

    def draw(self, s: BattleState, surface: pygame.Surface) -> None:
        side = self.asking(s)
        if side is None:
            return
        box = self.box(s)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((*theme.PANEL_BG, 240))
        surface.blit(shade, box)
        pygame.draw.rect(surface, EDGE, box, 2, border_radius=8)
        text(surface, f"{side}: wait and see, or fight?", (box.x + 18, box.y + 12), 24, EDGE, True)
        y = box.y + 44
        for line in wrap(MEANS, 21, box.w - 36):
            text(surface, line, (box.x + 18, y), 21, theme.TEXT)
            y += 24
        for b in self.buttons(s, side):
            b.draw(surface, s.mouse)
