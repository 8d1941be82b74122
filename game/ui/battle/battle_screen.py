"""The battlefield on screen: the map, the units, the overlays that show arcs and retreats,
the initiative track, the combat log, and the controls that turn clicks and keys into commands.

What it holds and the controls are the state's (state.py); the screen adds the loop (the AI's
turns, the lesson's script, the hand-overs and the result), input and drawing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import pygame

from game.home.settings import SPEEDS
from game.ui.battle import battle_input, follow, lesson_play, room, turn_flow
from game.ui.battle.lesson_hooks import LessonHooks
from game.ui.battle.lesson_play import LessonPlay
from game.ui.battle.state import BattleState
from game.ui.battle.wait_prompt import WaitPrompt
from game.ui.common import help_keys
from game.ui.common.widgets import Button
from game.ui.draw import draw_bar, draw_battle
from game.ui.navigation import Request, go

if TYPE_CHECKING:
    from game.ui.screen import Screen


class BattleScreen(BattleState):
    """One battle on screen (BattleState's arguments)."""

    HELP = help_keys.HELP  # F1
    _waits: WaitPrompt | None = None

    @property
    def waits(self) -> WaitPrompt:
        """The card that asks whether a side waits, where the map offers it (wait_prompt.py)."""
        if self._waits is None:
            self._waits = WaitPrompt()
        return self._waits

    def _lesson_for(self) -> LessonHooks[BattleState] | None:
        return LessonPlay.of(self)  # a lesson map's script (game/ui/battle/lesson_play.py)

    def update(self, dt: float) -> Screen | None:
        self.clock += dt
        lesson = self.lesson
        if lesson is not None and lesson.holds(self):
            room.leave_room(self)  # the card open is one of the overlays
            return None  # a lesson's card is open: the battle waits until it is read
        room.leave_room(self)
        if self.net is not None:
            self.net.hear(self)
        lesson_play.animate(self, dt, self.speed if self.speed_i < len(SPEEDS) else 100.0)
        follow.follow_shown(self)
        self.reveal_log()
        battle_input.edge_scroll(self, dt)
        b = self.battle
        if b.over:
            if self.view.idle:
                self.finished_at = (self.finished_at or 0.0) + dt
                if self.finished_at > 1.2:
                    self.close()
                    return go(self.app, ToResult(self))
            return None
        if not self.view.idle or self.waits.holds(self):
            return None
        p = b.pending()
        if (lesson is not None and lesson.play_scripted(self)) or turn_flow.hold_the_rest(self, p):
            return None  # a scripted step, or a creature holding for a side whose turn was ended
        if p.controller == "ai":
            if self.net is not None:
                self.net.take(self)  # a side played on the other machine (or by the host's AI)
            else:
                self._run_ai(dt)
            return None
        key = len(b.events)
        if key != self.decision_key:
            self.new_decision(p)
            self.decision_key = key
            if self.handover_needed and self.app.settings.handover:
                self.handover_needed = False
                self.played_by_click = (0.0, None)  # the hand-over takes any click meant for the last turn
                return go(self.app, ToHandover(self, p.side or ""))
        return None

    def _run_ai(self, dt: float) -> None:
        if self.worker is not None and self.worker.busy:
            taken = self.worker.take(self.battle)
            if taken is not None:
                # The worker played on a copy: this battle still stands before the command.
                after, events, cmd = taken
                self.session.adopt(after, events, cmd)
                self.took(events)
            return
        self.ai_wait += dt
        if self.ai_wait < 0.12 / self.speed:
            return
        self.ai_wait = 0.0
        session = self.session
        side = self.battle.pending().side or ""
        level = session.ai_level if session.controllers.get(side) == "ai" else "baseline"
        if self.worker is None:
            from game import ai  # noqa: PLC0415  # the AI (tcod, numpy: 0.2-0.3 s) is imported when it first decides, not before the first frame

            self.apply(ai.decide(self.battle.copy(), level), human=False)
        else:
            self.worker.send(self.battle, level)

    @property
    def buttons(self) -> list[Button]:
        """The bottom bar's buttons as they stand now, laid out."""
        return draw_bar.action_buttons(self)

    def pause_menu(self) -> Screen:
        return go(self.app, ToPause(self))

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if self.lesson is not None and self.lesson.open is not None:
            return self.lesson.handle(self, event)
        if self.waits.asking(self) is not None:
            return self.waits.handle(self, event)
        return battle_input.handle(self, event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_battle.draw(self, surface)
        self.waits.draw(self, surface)


# The requests that carry a battle screen (game/ui/navigation.py): declared beside its class, so
# that each field is typed without navigation importing the screen that imports it.


@dataclass(frozen=True)
class ToPause(Request):
    """The pause menu over a battle."""

    ROOM: ClassVar[str] = "game.ui.menus.pause"
    battle: BattleScreen


@dataclass(frozen=True)
class ToResult(Request):
    """The result of a battle that is over."""

    ROOM: ClassVar[str] = "game.ui.menus.result"
    battle: BattleScreen


@dataclass(frozen=True)
class ToHandover(Request):
    """The screen between two players' turns at one screen, for `side`, the one to play next."""

    ROOM: ClassVar[str] = "game.ui.battle.handover"
    battle: BattleScreen
    side: str
