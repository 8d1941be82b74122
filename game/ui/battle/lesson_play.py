"""A lesson played in the battle window (maps/README.md, "Lesson scripts"): the script's
commands played as the AI's, the player's own steps waited for and judged before they reach the
battle, and the narration cards opened when the board has shown what they explain.

The script's run (game/play/lesson_run.py) is kept in step with the screen's list of commands: a
copy is taken after each command, so undo and redo put the copy of that moment back, and a
loaded save rebuilds the run by playing its commands through the script from the seed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.battle import Battle
from game.core.commands import Command
from game.play.lesson_run import Fired, LessonRun
from game.scenario.lesson import Lesson, Step
from game.ui.battle import battle_input

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState
    from game.ui.screen import Screen

GO_ON_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class LessonPlay:
    """The lesson's script followed on one battle screen."""

    def __init__(self, lesson: Lesson, battle: Battle, interactive: bool) -> None:
        self.lesson = lesson
        self.interactive = interactive  # the learner's side is played by hand: its steps wait for them
        self.run = LessonRun(lesson)
        self.waiting: list[Fired] = list(self.run.cards(battle))  # fired, not yet shown
        self.open: Fired | None = None  # the card on screen: the battle waits until it is closed
        self.at = 0  # the screen's commands the run has followed
        self.snaps: dict[int, LessonRun] = {0: self.run.copy()}  # the run after that many commands
        self.fired_by: dict[int, list[Fired]] = {}  # the cards each command fired (to show again on redo)
        self.doing: Step | None = None  # the step the command being applied plays
        self.hint: tuple[Step, str] | None = None  # what was wrong with the player's last try at a step

    @staticmethod
    def of(s: BattleState) -> LessonPlay | None:
        """The lesson of the screen's map, if it has a script."""
        lesson = s.session.scenario.lesson
        if lesson is None:
            return None
        return LessonPlay(lesson, s.battle, s.session.controllers.get(lesson.player) == "human")

    # -- keeping in step with the screen's commands ------------------------------------

    def took(self, s: BattleState) -> None:
        """A command went through: the step it played is done, and the cards it fired wait."""
        if self.doing is not None:
            self.run.done(self.doing)
            self.doing, self.hint = None, None
        fired = self.run.cards(s.battle)
        self.waiting += fired
        self.at = len(s.session.played)
        self.fired_by[self.at] = fired
        self.snaps[self.at] = self.run.copy()

    def sync(self, s: BattleState) -> None:
        """Follow an undo, a redo or a loaded save: the run as it was after the screen's commands."""
        n = len(s.session.played)
        if n == self.at:
            return
        if n in self.snaps:
            if n > self.at:  # redone: the cards those commands fired are shown again
                self.waiting += [f for i in range(self.at + 1, n + 1) for f in self.fired_by.get(i, [])]
            self.run = self.snaps[n].copy()
        else:
            self._rebuild(s)
        self.at = n
        end = len(s.battle.events)
        self.waiting = [f for f in self.waiting if f.at <= end]
        if self.open is not None and self.open.at > end:
            self.open = None

    def _rebuild(self, s: BattleState) -> None:
        """Play the screen's commands through a fresh run from the seed, as the window followed
        them: a command that fits the step due played it, a scripted step that was not played was
        refused. The cards they fired were shown then, so none waits now."""
        battle = Battle(s.session.scenario, seed=s.session.seed, options=s.session.options, dice=s.session.dice)
        run = LessonRun(self.lesson)
        run.cards(battle)
        for cmd in s.session.played:
            step = run.due(battle)
            if step is not None:
                if self._fits(run, step, cmd, battle):
                    run.done(step)
                elif not self._waits(step):
                    run.skip(step, "refused when the game was played")
            battle.apply(cmd)
            run.cards(battle)
        self.run, self.waiting, self.open = run, [], None
        self.snaps = {len(s.session.played): run.copy()}
        self.fired_by = {}

    def _fits(self, run: LessonRun, step: Step, cmd: Command, battle: Battle) -> bool:
        if self._waits(step):
            return run.judge(step, cmd, battle) == ""
        return cmd.to_json() == step.do.to_json()

    def _waits(self, step: Step) -> bool:
        """Whether the step is the learner's to take (else the window plays it)."""
        return bool(step.yours) and self.interactive

    # -- the battle's decisions ---------------------------------------------------------

    def yours(self, s: BattleState) -> Step | None:
        """The learner's step the battle waits for now, if any."""
        if s.battle.over:
            return None
        step = self.run.due(s.battle)
        return step if step is not None and self._waits(step) else None

    def scripted(self, s: BattleState) -> Step | None:
        """The scripted command due now, if any (the window plays it)."""
        if s.battle.over:
            return None
        step = self.run.due(s.battle)
        return step if step is not None and not self._waits(step) else None

    def lets_play(self, s: BattleState) -> bool:
        """Whether the player may give a command now: no card open, no scripted command due."""
        return self.open is None and self.scripted(s) is None

    def play_scripted(self, s: BattleState) -> bool:
        """Play the scripted command due, as an AI decision; one the battle refuses is skipped and
        the AI (or the player) decides instead. True when a command was played."""
        if s.worker is not None and s.worker.busy:
            return False
        step = self.scripted(s)
        if step is None:
            return False
        self.doing = step
        if s.apply(step.do, human=False):  # the screen's own way to play a command
            self._announce(s, step)
            return True
        self.doing = None
        self.run.skip(step, s.message)
        self.snaps[self.at] = self.run.copy()
        s.message = ""
        return False

    def _announce(self, s: BattleState, step: Step) -> None:
        """A creature of the learner's side played by the script says so (issue 22: the learner's
        own creatures moved unannounced, as if by a will of their own)."""
        u = s.battle.world.units.get(step.unit)
        if u is not None and u.side == self.lesson.player and self.interactive:
            action = str(step.do.action).replace("_", " ")
            s.message = f"the lesson plays {s.session.names.get(u.id, u.id)} for you: {action}"

    def refuse(self, s: BattleState, cmd: Command) -> str:
        """Judge the player's command before it reaches the battle: empty to let it through (then
        it plays the step due, if any), else the step's hint."""
        step = self.yours(s)
        if step is None:
            return ""
        why = self.run.judge(step, cmd, s.battle)
        self.hint = (step, why) if why else None
        self.doing = step if not why else None
        return why

    def hint_for(self, step: Step) -> str:
        return self.hint[1] if self.hint is not None and self.hint[0] is step else ""

    def focus(self, s: BattleState) -> None:
        """At a new decision with a step of the learner's due, select the creature it is for."""
        step = self.yours(s)
        if step is not None and step.unit in s.battle.pending().units:
            s.select(step.unit)
            s.camera_follow(s.battle.world[step.unit].pos)
            s.cursor = s.battle.world[step.unit].pos

    # -- the cards ----------------------------------------------------------------------

    def holds(self, s: BattleState) -> bool:
        """Each frame: keep in step, and open the next card once the board has finished showing
        the event it was fired by. True while a card is open: the battle waits for the player."""
        self.sync(s)
        if self.open is None and self.waiting and self.waiting[0].at <= finished(s):
            self.open = self.waiting.pop(0)
        return self.open is not None

    def handle(self, s: BattleState, event: pygame.event.Event) -> Screen | None:
        """Input while a card is open: Enter, Space or a click goes on; Esc still pauses; the
        rest waits (the card is read before the battle goes on)."""
        go_on = (event.type == pygame.KEYDOWN and event.key in GO_ON_KEYS) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        )
        if go_on:
            self.open = None
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return battle_input.handle(s, event)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL) or (
            event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button != 1
        ):
            return battle_input.handle(s, event)  # looking around the map stays free
        return None


def animate(s: BattleState, dt: float, speed: float) -> None:
    """Play the board's animation on, in a lesson stopping where the next card is due: the card
    then opens on the moment it explains, not a few events later."""
    queue = s.view.queue
    cut = len(queue) - (s.fed - s.lesson.waiting[0].at) if s.lesson is not None and s.lesson.waiting else len(queue)
    later = [queue.pop() for _ in range(len(queue) - max(cut, 0))]
    s.view.update(dt, speed)
    queue.extend(reversed(later))


def finished(s: BattleState) -> int:
    """How many of the battle's events the board has finished showing."""
    return s.fed - len(s.view.queue) - (1 if s.view.current is not None else 0)
