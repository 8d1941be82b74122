"""Undo and redo of the human players' commands.

The rule is Wesnoth's: a command may be taken back while no die has been rolled since it was
given, neither by it nor by anything after it (an attack of opportunity, the AI's moves, the
next round's initiative). The dice already cast stay cast, so undo can never be used to roll
again. The battle's generator counts its draws; an unchanged count is the proof that nothing
was rolled."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.core import events as ev
from game.core.battle import Battle
from game.core.commands import Command, Illegal

Name = Callable[[str], str]


class CannotUndo(Exception):
    """Undo or redo refused; the message says why, in the player's words."""


@dataclass
class Entry:
    """One command as given: who gave it, and for a human's command the battle just before."""

    cmd: Command
    side: str
    before: Battle | None  # a copy before the command (empty log); None for the AI's and spent ones
    draws: int  # the generator's draws just before the command
    events: int  # the log's length just before the command


class History:
    """The commands applied to one battle, newest last, and the commands undone, ready to redo."""

    def __init__(self, names: Mapping[str, str] | None = None) -> None:
        self.names = dict(names or {})
        self.done: list[Entry] = []
        self.undone: list[tuple[Command, str]] = []
        self.floor = "nothing to undo"  # why nothing is left to undo: a loaded play-by-file save says more

    # -- recording ---------------------------------------------------------------------

    def apply(self, battle: Battle, cmd: Command) -> list[ev.Event]:
        """Apply a human player's command, keeping the battle as it was before it."""
        side = cmd.side or battle.pending().side or ""  # a wait is its own side's, whoever is to act
        before, draws, count = battle.copy(), battle.draws, len(battle.events)
        events = battle.apply(cmd)  # an Illegal refusal leaves the history as it was
        self._push(Entry(cmd, side, before, draws, count))
        return events

    def record_ai(self, cmd: Command, side: str, events_before: int, draws_before: int) -> None:
        """Note a command the AI played (it cannot be undone, and nothing before it can)."""
        self._push(Entry(cmd, side, None, draws_before, events_before))

    def _push(self, entry: Entry) -> None:
        self.undone.clear()  # a new command starts a new future: the old one cannot be redone
        # A command followed by a roll, or the AI's, can never be undone (the draw count never
        # goes back), nor anything before it: keep it only to say why, without its copy.
        if self.done:
            last = self.done[-1]
            if last.before is None or last.draws != entry.draws:
                last.before = None
                self.done = [last]
        self.done.append(entry)

    def seal(self, why: str) -> None:
        """Nothing played so far may be undone any more; `why` says so to the player."""
        self.done.clear()
        self.floor = why

    # -- undo ---------------------------------------------------------------------------

    def why_not_undo(self, battle: Battle, side: str | None) -> str | None:
        """Why the player of `side` may not undo now, or None if they may."""
        if not self.done:
            return self.floor
        top = self.done[-1]
        if battle.draws != top.draws:
            return f"{self._what_rolled(battle.events[top.events :])} was rolled"
        if top.before is None:
            return f"an AI unit ({self._name(top.cmd.unit)}) has acted since"
        if top.side != side:
            return f"the last command was {top.side}'s: only {top.side} may take it back"
        return None

    def undo(self, battle: Battle, side: str | None) -> tuple[Battle, list[ev.Event]]:
        """The battle as it was before the last command, and the events taken back.

        The old battle's log is cut back and carried over, so the restored battle's log is the
        same list it always was."""
        why = self.why_not_undo(battle, side)
        if why is not None:
            raise CannotUndo(why)
        top = self.done.pop()
        assert top.before is not None  # why_not_undo checked
        restored = top.before
        taken = restored.take_log(battle, top.events)
        self.undone.append((top.cmd, top.side))
        return restored, taken

    # -- redo ---------------------------------------------------------------------------

    def why_not_redo(self, side: str | None) -> str | None:
        if not self.undone:
            return "nothing to redo"
        cmd_side = self.undone[-1][1]
        if cmd_side != side:
            return f"the command to redo was {cmd_side}'s: only {cmd_side} may give it again"
        return None

    def redo(self, battle: Battle, side: str | None) -> list[ev.Event]:
        """Give the last undone command again; the same state and generator give the same events."""
        why = self.why_not_redo(side)
        if why is not None:
            raise CannotUndo(why)
        cmd, _ = self.undone[-1]
        waiting = self.undone[:-1]
        try:
            events = self.apply(battle, cmd)
        except Illegal as e:  # cannot happen on the restored battle; say so rather than crash
            self.undone.clear()
            raise CannotUndo(f"the command can no longer be given: {e}") from e
        self.undone = waiting  # apply() cleared the stack as any new command does
        return events

    # -- words --------------------------------------------------------------------------

    def _name(self, uid: str | None) -> str:
        if uid is None:
            return "someone"
        return self.names.get(uid, uid)

    def _what_rolled(self, events: list[ev.Event]) -> str:
        """The first roll among these events, as a player would name it."""
        for e in events:
            words = self._roll_words(e)
            if words is not None:
                return words
        return "a die"

    def _roll_words(self, e: ev.Event) -> str | None:  # noqa: PLR0911  # one answer per kind of roll
        match e:
            case ev.Initiative():
                return f"initiative for round {e.round}"
            case ev.Attack(purpose="attack_of_opportunity"):
                return f"{self._name(e.id)}'s attack of opportunity"
            case ev.Attack(purpose="first_strike"):
                return f"{self._name(e.id)}'s first strike"
            case ev.Attack(kind="missile"):
                return f"{self._name(e.id)}'s shot"
            case ev.Attack():
                return f"{self._name(e.id)}'s attack"
            case ev.Save():
                return f"{self._name(e.id)}'s saving throw"
            case ev.MoraleCheck():
                return f"{self._name(e.id)}'s morale check"
            case ev.Recover():
                return f"{self._name(e.id)}'s recovery from fatigue"
            case ev.Hazard():
                return f"{self._name(e.id)}'s fall ({e.hazard})"
            case ev.Status(roll=r) if r is not None:
                return f"{self._name(e.id)}'s {e.effect.replace('_', ' ')}"
        return None
