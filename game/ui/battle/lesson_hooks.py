"""What the battle screen asks of a lesson's script (game/ui/battle/lesson_play.py plays one). The
screen's state (state.py) holds its script by this protocol, which names the state it is given as a
type parameter, so that neither module imports the other's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame

if TYPE_CHECKING:
    from game.core.commands import Command
    from game.play.lesson_run import Fired
    from game.scenario.lesson import Step
    from game.ui.screen import Screen

# The battle screen's state (state.BattleState) that every hook is given.
S_contra = TypeVar("S_contra", contravariant=True)


class LessonHooks(Protocol[S_contra]):
    """What the battle screen asks of a lesson's script (game/ui/battle/lesson_play.py): `open`,
    the card on screen (the battle waits until it is closed); `waiting`, cards fired, not yet
    shown; `doing`, the step the command being applied plays."""

    open: Fired | None
    waiting: list[Fired]
    doing: Step | None

    def lets_play(self, s: S_contra) -> bool:
        """Whether the player may act now (no card waits to be read, no scripted step is due)."""
        ...

    def refuse(self, s: S_contra, cmd: Command) -> str:
        """Why the script does not let this command be played (its card says so), or ''."""
        ...

    def took(self, s: S_contra) -> None:
        """A command was played."""
        ...

    def focus(self, s: S_contra) -> None:
        """A new decision is asked: ring the creature a step is for."""
        ...

    def holds(self, s: S_contra) -> bool:
        """Whether a card is open (the battle waits until it is read)."""
        ...

    def play_scripted(self, s: S_contra) -> bool:
        """Play the script's step for the decision, if one is due; whether one was."""
        ...

    def handle(self, s: S_contra, event: pygame.event.Event) -> Screen | None:
        """Input while a card is open."""
        ...

    def yours(self, s: S_contra) -> Step | None:
        """The step the player is to play now, if any."""
        ...

    def hint_for(self, step: Step) -> str:
        """What the card says to do for the step."""
        ...
