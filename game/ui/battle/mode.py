"""What a mode of the battle screen is: the inputs it answers (a click, the pointer coming onto a
square, Enter, Escape, an action key), what it reads to answer them (the turn) and what it may
answer (a command, the next mode, a hint, or nothing). The modes themselves are in modes.py and
retreat_mode.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from game.core.battle import Battle
from game.core.commands import Command
from game.core.rules.geometry import Pos
from game.ui.battle.legal import Legal


@dataclass(frozen=True)
class Click:
    """A click on a square of the map (or Enter on the keyboard cursor there)."""

    sq: Pos


@dataclass(frozen=True)
class Aim:
    """The pointer or the keyboard cursor came onto a square."""

    sq: Pos


@dataclass(frozen=True)
class Confirm:
    """Enter."""


@dataclass(frozen=True)
class Cancel:
    """Escape or a right click."""


@dataclass(frozen=True)
class Press:
    """An action key (or the button that names it)."""

    key: int


Input: TypeAlias = Click | Aim | Confirm | Cancel | Press


@dataclass(frozen=True)
class Hint:
    """Words for the player; the mode stays."""

    text: str


@dataclass(frozen=True)
class Turn:
    """What a mode reads to answer an input: the battle, the unit chosen to act, what it may do."""

    battle: Battle
    unit: str
    legal: Legal | None
    shift: bool  # Shift held: attack from the square with the best chance, not from where it stands


Outcome: TypeAlias = "Command | Mode | Hint | None"


class Mode:
    """A state of the battle screen's controls."""

    HINT: ClassVar[str] = ""
    lets_select: ClassVar[bool] = True  # a click on another unit that may act now selects it
    reach: ClassVar[str] = ""  # the squares painted: "move" (full and half), "withdraw", "stand" or none
    walks: ClassVar[bool] = False  # hovering shows the path to a square or to the attack on a foe
    shoots: ClassVar[bool] = False  # the foes marked and described are those in missile range
    charges: ClassVar[bool] = False  # the foes marked and described are those it may charge
    blows: ClassVar[bool] = (
        True  # a click on a foe strikes it (else it offers, casts, turns...): its card shows the blow
    )

    def hint(self) -> str:
        """What the player is told on entering this mode."""
        return self.HINT

    def handle(self, event: Input, turn: Turn) -> Outcome:
        """Answer one input."""
        if isinstance(event, Click):
            return self.click(event.sq, turn)
        if isinstance(event, Aim):
            return self.aim(event.sq, turn)
        if isinstance(event, Confirm):
            return self.confirm(turn)
        if isinstance(event, Cancel):
            return self.cancel()
        return self.press(event.key, turn)

    def click(self, sq: Pos, turn: Turn) -> Outcome:
        return None

    def aim(self, sq: Pos, turn: Turn) -> Mode | None:
        return None

    def confirm(self, turn: Turn) -> Outcome:
        """Enter; None lets Enter click the square under the keyboard cursor."""
        return None

    def cancel(self) -> Mode | None:
        """The mode to fall back to; None when there is nothing to cancel."""
        return None

    def press(self, key: int, turn: Turn) -> Outcome:
        return None

    def targets(self, turn: Turn) -> list[Pos]:
        """The squares Tab steps through: what a click in this mode can take (its foes, its
        squares), in a steady order; none where a click takes nothing (issue 37: Tab picked the
        foes to strike or shoot whatever the mode, and Enter then charged an empty square)."""
        return []

    def refused(self, cmd: Command) -> Mode:
        """The mode after the battle refused a command this mode sent."""
        return self
