"""What the battle screen holds and does short of being a screen: the session it shows (the
battle, its commands, undo) and the view of it (camera, hover, mode, log, animation), and the
controls that turn a click or a key into a command. Drawing, input and the lesson player take
this; the screen itself (battle_screen.py) adds the loop, the AI's turns and the drawing."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from typing import TYPE_CHECKING

import pygame

from game.core.battle import ACTIVATION, RETREAT, Battle, Pending
from game.core.commands import Command, Illegal
from game.core.events import Event
from game.core.rules.dice import DICE
from game.core.rules.geometry import Pos
from game.core.systems.retreat import RetreatSpace
from game.home.settings import SPEEDS
from game.scenario.model import Scenario
from game.ui.battle import players, since
from game.ui.battle.ai_worker import AiWorker
from game.ui.battle.field_view import FieldView
from game.ui.battle.legal import Legal, pickable
from game.ui.battle.mode import Aim, Click, Confirm, Hint, Input, Mode, Outcome, Turn
from game.ui.battle.modes import MoveMode, OfferMode
from game.ui.battle.retreat_mode import RetreatMode
from game.ui.battle.saving import autosave_at_round_end
from game.ui.battle.session import Session
from game.ui.common.combat_log import LogLine, with_names
from game.ui.common.view import BattleView
from game.ui.common.words import describe, units_in

if TYPE_CHECKING:
    from collections.abc import Mapping

    from game.ui.app import App
    from game.ui.battle.lesson_hooks import LessonHooks
    from game.ui.battle.net_play import NetPlay
    from game.ui.screen import Screen


DOUBLE_CLICK = 0.5  # seconds: a click this soon after one that played a command is its second


class BattleState(FieldView, ABC):
    """One battle on screen. Human sides are played by mouse and keys; AI sides think in a
    worker process on a copy of the battle, so the window never waits on them; in a network
    battle (`net`) the sides played elsewhere come from the other machine instead."""

    net: NetPlay | None = None

    def __init__(  # noqa: PLR0913  # a new battle's settings, keyword-only, each with a default
        self,
        app: App,
        scenario: Scenario,
        *,
        seed: int = 1,
        options: dict[str, object] | None = None,
        controllers: Mapping[str, str] | None = None,
        ai_level: str = "baseline",
        threaded: bool = True,
        speed_i: int | None = None,
        battle: Battle | None = None,
        dice: int = DICE,  # a new battle's dice scheme (a given battle keeps its own)
    ) -> None:
        self.app = app
        self.session = Session(
            scenario,
            seed=seed,
            options=options or {},
            controllers=controllers or {},
            ai_level=ai_level,
            threaded=threaded,
            battle=battle,
            dice=dice,
        )
        players.from_settings(app, self.session)  # hot-seat names, seat by seat (a save's replace them)
        self.unshown: deque[tuple[int, LogLine]] = deque()  # (event number, line) not yet animated
        self.fed = 0  # events fed to the view so far
        self.view = BattleView.from_start(self.battle.events[0])
        self.view.pause_on_steps = app.settings.pause_on_steps
        self.view.heard = app.sound.play_for
        self.log: list[LogLine] = []
        self.log_scroll = 0
        self.feed(self.battle.events)
        self._set_up_art(scenario)
        self.worker = AiWorker() if threaded else None
        self.ai_wait = 0.0
        self.speed_i = app.settings.speed_i if speed_i is None else speed_i  # None: the speed last chosen
        self._set_up_controls()
        self.lesson = self._lesson_for()

    @abstractmethod
    def pause_menu(self) -> Screen:
        """The pause menu over this battle (Esc with nothing to cancel): the screen's to open."""

    def _lesson_for(self) -> LessonHooks[BattleState] | None:
        """The lesson script the controls follow: the screen's (battle_screen.py) reads the map's."""
        return None

    @property
    def battle(self) -> Battle:
        """The session's battle as it stands (read here; changed only through the session)."""
        return self.session.battle

    def _set_up_controls(self) -> None:
        self.mode: Mode = MoveMode()
        self.selected: str | None = None
        self.inspect: str | None = None
        self.hover_sq: Pos | None = None
        self.cursor: Pos | None = None
        self.mouse = (0, 0)
        self.decision_key = -1
        self.legal: Legal | None = None
        self.hover_log: LogLine | None = None
        self.message = ""
        self.drag_from: tuple[int, int] | None = None
        self.dragged = False
        self.last_human_side: str | None = None
        self.handover_needed = False
        self.finished_at: float | None = None
        self.shift_held = False
        self.roster_open = False  # L: the side's creatures, who has acted (turn_flow.py)
        self.question: str | None = None  # asked over the board, yes or no by a key (turn_flow.py)
        self.ending: tuple[str, int] | None = None  # (side, round) whose rest holds: Shift+E
        self.clock = 0.0  # seconds the screen has run, frame by frame
        self.followed: Event | None = None  # the last event the view was brought to (follow.py)
        self.played_by_click: tuple[float, Pos | None] = (0.0, None)  # when and where a click last played

    # -- the view ---------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_i]

    def resize(self, w: int, h: int) -> None:
        """A new window size or UI scale: the view keeps its middle, and the creature chosen in sight."""
        super().resize(w, h)
        if self.selected is not None and self.selected in self.battle.world.units:
            self.camera_follow(self.battle.world[self.selected].pos)

    def feed(self, events: list[Event]) -> None:
        """Show these events: animate them, and add each one's log line as its animation begins
        (the log never runs ahead of the board, paused at a step of the round's end or not)."""
        self.view.push(events)
        for e in events:
            words = describe(e, self.session.names)
            if words:
                self.unshown.append((self.fed, LogLine(words, units_in(e), e.round)))
            self.fed += 1
        self.reveal_log()

    def reveal_log(self, everything: bool = False) -> None:
        """Move to the log the lines of the events the view has begun to show (or all of them)."""
        begun = self.fed if everything else self.fed - len(self.view.queue)
        moved = False
        while self.unshown and self.unshown[0][0] < begun:
            self.log.append(self.unshown.popleft()[1])
            moved = True
        if moved:
            self.log_scroll = 0

    def settle(self) -> None:
        """Show the battle as it stands, every animation finished, the next decision asked afresh
        (a battle opened from a save, a replay taken over, a network battle joined)."""
        self.view.skip()
        self.view.sync(self.battle.world)
        self.view.floaters.clear()
        self.view.banner_left = 0.0
        self.decision_key = -1

    def put_back(self, taken: list[Event]) -> None:
        """Undo took these events back: the screen as the battle now is, with no animation of them,
        no log lines for them, nothing drawn from them, and the controls asked afresh."""
        self.reveal_log(everything=True)
        gone = sum(1 for e in taken if describe(e, self.session.names))
        if gone:
            del self.log[-gone:]
        self.log_scroll = 0
        self.hover_log = None
        self.view.rewind(self.battle.world, self.battle.round)
        self.cache.clear()
        self.mode = MoveMode()
        self.legal = None
        self.decision_key = -1  # the next frame asks the battle what the pending unit may do
        self.ai_wait = 0.0
        self.finished_at = None

    def take_speed(self) -> None:
        """The speed and the pausing at the round's steps as the settings now say."""
        self.speed_i = self.app.settings.speed_i
        self.view.pause_on_steps = self.app.settings.pause_on_steps

    def human_turn(self) -> bool:
        b = self.battle
        free = self.lesson is None or self.lesson.lets_play(self)
        return not b.over and self.view.idle and self.pending().controller == "human" and free

    @property
    def retreat_space(self) -> RetreatSpace | None:
        """The retreat space the player picked, while choosing whether to follow."""
        return self.mode.space if isinstance(self.mode, RetreatMode) else None

    def shift(self) -> bool:
        """Whether Shift is held: attacks then come from the square with the best chance."""
        return bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) if not self.app.headless else self.shift_held

    def controllers_label(self, side: str | None) -> str:
        return f"{side} (you)" if len(self.session.human_sides()) == 1 else f"{side}"

    # -- commands ---------------------------------------------------------------------

    def apply(self, cmd: Command, human: bool = True) -> bool:
        """Send a command; a refusal is shown to the player and changes nothing."""
        side = cmd.side or self.battle.pending().side or ""  # a wait is its side's, whoever is to act
        if human and self.lesson is not None and self.lesson.refuse(self, cmd):
            self.message = ""  # the lesson's card says why, beside the step's prompt
            return False
        try:
            events = self.session.play(cmd, human)
        except Illegal as e:
            self.message = with_names(str(e), self.session.names)
            if self.lesson is not None:
                self.lesson.doing = None
            return False
        self.message = ""
        self.took(events)
        if human:
            since.note(self.session, side)
            if self.net is not None:
                self.net.sent(self, cmd)
        return True

    def took(self, events: list[Event]) -> None:
        """The session took a command: show it, and save when it ended a round."""
        self.feed(events)
        self.mode = MoveMode()
        if self.lesson is not None:
            self.lesson.took(self)
        said = autosave_at_round_end(self.session, events)
        if said:
            self.message = said

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
        if self.net is not None:
            self.net.close()

    def new_decision(self, p: Pending) -> None:
        """Work out, once per decision, what the human may do: from the battle's query."""
        if len(self.session.human_sides()) > 1 and p.side != self.last_human_side:
            self.handover_needed = True
        self.last_human_side = p.side
        self.mode = RetreatMode() if p.kind == RETREAT else MoveMode()
        if p.kind == ACTIVATION:
            if self.selected not in pickable(self.battle, p):
                self.selected = p.unit
            self.select(self.selected)
            u = self.battle.world[self.selected or ""]
            self.camera_follow(u.pos)
            self.cursor = u.pos
        else:
            self.selected = p.unit
            self.legal = None
            tgt = self.battle.world[p.target or ""]
            self.camera_follow(tgt.pos)
            self.cursor = tgt.pos
        if self.lesson is not None:
            self.lesson.focus(self)

    def select(self, uid: str | None) -> None:
        """Choose the unit to act (of those the decision allows) and ask what it may do."""
        self.selected = uid
        self.legal = Legal.of(self.battle, uid) if uid is not None else None

    # -- input the mode answers ---------------------------------------------------------

    def _turn(self) -> Turn:
        return Turn(self.battle, self.selected or "", self.legal, self.shift())

    def mode_targets(self) -> list[Pos]:
        """The squares the mode can take, that Tab steps through."""
        return self.mode.targets(self._turn())

    def send(self, event: Input) -> None:
        """Pass an input to the mode and follow its answer."""
        self._follow(self.mode.handle(event, self._turn()))

    def _follow(self, out: Outcome) -> None:
        if isinstance(out, Command):
            if not self.apply(out):
                self.mode = self.mode.refused(out)
        elif isinstance(out, Hint):
            self.message = with_names(out.text, self.session.names)
        elif out is not None:
            self.mode = out
            self.message = with_names(out.hint(), self.session.names)

    def aim(self, sq: Pos) -> None:
        """The pointer or cursor came onto a square: a mode that aims (the facing) follows it."""
        aimed = self.mode.handle(Aim(sq), self._turn())
        if isinstance(aimed, Mode):
            self.mode = aimed
            if isinstance(aimed, OfferMode):
                self.message = with_names(
                    aimed.hint(), self.session.names
                )  # who the offer would go to, and whether it must check

    def confirm(self) -> None:
        """Enter: what the mode makes of it, else a click on the keyboard cursor's square."""
        out = self.mode.handle(Confirm(), self._turn())
        if out is not None:
            self._follow(out)
        elif self.cursor is not None:
            self.click(self.cursor)

    def cancel(self) -> None:
        self.mode = self.mode.cancel() or self.mode
        self.message = ""

    def click(self, sq: Pos) -> None:
        """A click (or Enter on the keyboard cursor) on a square of the map. A second click on the
        square whose click played a command, a double click's time after it, was meant for the
        creature whose turn that ended (issue 37: the second click after a charge became the next
        creature's order): it is not carried to the next."""
        if not self.human_turn():
            self.inspect = self.battle.world.at(sq)
            return
        when, where = self.played_by_click
        if sq == where and self.clock - when < DOUBLE_CLICK:
            self.message = "that click came as the last turn ended: click again for this creature"
            return
        played = len(self.session.played)
        self._click(sq)
        if len(self.session.played) > played:
            self.played_by_click = (self.clock, sq)

    def _click(self, sq: Pos) -> None:
        p = self.battle.pending()
        who = self.battle.world.at(sq)
        if who in pickable(self.battle, p) and who != self.selected and self.mode.lets_select:
            self.select(who)
            return
        self.send(Click(sq))
