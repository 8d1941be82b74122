"""Undo and redo in the battle window: when the player may ask (their decision, the AI not
thinking), and putting the screen back (board, log, drawing, controls) as the battle was."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.commands import Action
from game.core.events import Event
from game.history.undo import CannotUndo
from game.ui.battle.modes import MoveMode
from game.ui.common import theme
from game.ui.common.widgets import Button, layout_row

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState


def asker(s: BattleState) -> str | None:
    """The side whose player is at the controls: the side to decide, when a human decides; in a
    game with one human side, that side (while its last command still plays out on screen)."""
    b = s.battle
    if b.over:
        return None
    p = s.pending()
    if p.controller == "human":
        return p.side
    humans = [side for side, c in s.session.controllers.items() if c == "human"]
    return humans[0] if len(humans) == 1 else None


def why_not_undo(s: BattleState) -> str | None:
    """Why Undo cannot be done now, in the player's words; None when it can."""
    if s.battle.over:
        return "the battle is over"
    if s.worker is not None and s.worker.busy:
        return "the AI is acting"
    side = asker(s)
    if side is None:
        return "it is not your decision"
    return s.session.history.why_not_undo(s.battle, side)


def why_not_redo(s: BattleState) -> str | None:
    if s.battle.over or (s.worker is not None and s.worker.busy) or asker(s) is None:
        return "nothing to redo"
    return s.session.history.why_not_redo(asker(s))


def undo(s: BattleState) -> bool:
    """Take back the last command, if the rules allow; else tell the player why not."""
    why = why_not_undo(s)
    if why is not None:
        s.message = f"Cannot undo: {why}"
        return False
    try:
        cmd, taken = s.session.undo(asker(s))
    except CannotUndo as e:  # checked just above; kept so a refusal never crashes the window
        s.message = f"Cannot undo: {e}"
        return False
    s.put_back(taken)
    if cmd.action == Action.WAIT:  # a side's choice: the card asks it again
        s.message = f"Undone: {cmd.side}'s choice to wait"
        return True
    unit = cmd.unit
    s.selected = unit  # the same unit to act again (among a group's, the one that had acted)
    s.message = f"Undone: {s.session.names.get(unit, unit)}'s {action_words(taken)}"
    return True


def redo(s: BattleState) -> bool:
    """Give the last undone command again: the same state and dice give the same events."""
    why = why_not_redo(s)
    if why is not None:
        s.message = f"Cannot redo: {why}"
        return False
    try:
        events = s.session.redo(asker(s))
    except CannotUndo as e:
        s.message = f"Cannot redo: {e}"
        return False
    s.message = ""
    s.feed(events)
    s.mode = MoveMode()
    return True


def offered(s: BattleState) -> bool:
    """Whether the bar offers Undo at all: to human players, in a battle not over and not played
    over the network (each command goes out as it is played: there is never one to take back)."""
    return not s.battle.over and "human" in s.session.controllers.values() and s.net is None


def shown_by(s: BattleState) -> tuple[object, ...]:
    """What `buttons` shows, as values (the bar keeps its buttons while these stay)."""
    if not offered(s):
        return ()
    redo = why_not_redo(s) if s.session.history.undone else None
    return (why_not_undo(s), bool(s.session.history.undone), redo)


def buttons(s: BattleState) -> list[Button]:
    """Undo (and Redo, once something is undone) at the right of the bar, for human players; a
    disabled one says why when the pointer rests on it."""
    if not offered(s):
        return []
    why = why_not_undo(s)
    buttons = [Button("Undo", "Ctrl+Z", lambda: _press(undo, s), enabled=why is None)]
    buttons[0].tip = f"Cannot undo: {why}" if why else "take back the last command"
    if s.session.history.undone:
        why_redo = why_not_redo(s)
        again = Button("Redo", "Ctrl+Y", lambda: _press(redo, s), enabled=why_redo is None)
        again.tip = f"Cannot redo: {why_redo}" if why_redo else "give the undone command again"
        buttons.append(again)
    w, h = s.app.size
    layout_row(buttons, pygame.Rect(0, h - theme.BOTTOM_BAR + 8, 0, 28))
    right = w - 8
    for b in reversed(buttons):  # right-aligned, in reading order
        b.rect.right = right
        right = b.rect.x - 6
    return buttons


def _press(act: Callable[[BattleState], bool], s: BattleState) -> None:
    """A button that acts itself: it gives the mode no input."""
    act(s)


# What a command's first event is called after "Undone: Dwarf's …" (issue 22: "Dwarf's surrender
# offered" read as if the dwarf had surrendered).
ACTION_WORDS = {
    "surrender_offered": "offer of quarter",
    "set_vs_charge": "setting against a charge",
    "stand_up": "standing up",
    "withdraw": "withdrawal",
    "hold": "hold",
    "cast": "spell",
}


def action_words(taken: list[Event]) -> str:
    """What the undone command did, as the log's first event of it names it."""
    if not taken:
        return "command"
    return ACTION_WORDS.get(taken[0].type, taken[0].type.replace("_", " "))
