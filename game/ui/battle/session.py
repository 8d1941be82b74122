"""The battle a window plays, and what was done in it: the battle as it stands, every command
played (for saves and crash logs), the history that undo reads, who plays each side. The
screen's drawing and controls read it; they change it only through its methods."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.core.battle import Battle
from game.core.battle_state import resumed_start
from game.core.commands import Command
from game.core.events import Event
from game.core.rules.dice import DICE
from game.history.undo import History
from game.scenario.model import Scenario
from game.ui.common.combat_log import display_names


@dataclass(frozen=True)
class Mark:
    """A side's last command: how many commands had been played with it, the command itself (to
    tell it was not undone since), the battle just after it and its log's length then."""

    commands: int
    cmd: Command
    battle: Battle
    events: int


class Session:
    """One battle being played. `saved_at`: how many commands the last save by hand (or the save
    loaded) holds; `marks`: each human side's last command, for its hand-over's recap;
    `battle_id`: the battle's name in every save of it, drawn at random when it began (never from
    the battle's dice), so that each machine it is played on by file keeps its history."""

    def __init__(  # a new battle's settings, keyword-only
        self,
        scenario: Scenario,
        *,
        seed: int,
        options: Mapping[str, object],
        controllers: Mapping[str, str],
        ai_level: str,
        threaded: bool,
        battle: Battle | None,
        dice: int = DICE,
    ) -> None:
        self.scenario = scenario
        self.seed, self.options = seed, dict(options)
        self.ai_level = ai_level
        self.threaded = threaded
        self._battle = battle or Battle(scenario, seed=seed, options=self.options, dice=dice)
        self._battle.hand_sides({s: "ai" for s in scenario.sides} | dict(controllers))  # unnamed: the AI's
        self.played: list[Command] = []
        self.saved_at: int | None = None
        self.battle_id = os.urandom(16).hex()
        self.autosaves = True  # a save at every round's end (game/ui/battle/saving.py); off after a failed write
        units = self._battle.world.units.values()
        self.names = display_names(((u.id, u.side) for u in units), {u.id: u.kind for u in units})
        self.side_of = {u.id: u.side for u in units}
        self.history = History(self.names)  # the commands given, for undo and redo (game/history/undo.py)
        self.marks: dict[str, Mark] = {}
        self.players: dict[str, str] = {}  # hot-seat: the players' names by side (player_names.py)

    @property
    def battle(self) -> Battle:
        """The battle as it stands."""
        return self._battle

    @property
    def dice(self) -> int:
        """The battle's dice scheme (a loaded battle keeps the one it was saved with)."""
        return self._battle.dice

    def begun(self) -> Battle:
        """A new copy of the battle where its commands replay from: as it began, or where it was
        taken up under newer rules (`replayed_from`). The commands played since take it to now."""
        if self._battle.resumed is not None:
            return resumed_start(self._battle)
        return Battle(self.scenario, seed=self.seed, options=self.options, controllers=self.controllers, dice=self.dice)

    @property
    def replayed_from(self) -> int:
        """How many of the commands played come before `begun()`: a battle taken up under newer
        rules than it began under keeps its first commands, which no longer replay it."""
        r = self._battle.resumed
        return 0 if r is None else r.commands

    @property
    def controllers(self) -> Mapping[str, str]:
        """Who plays each side: the battle's own, kept by it alone (`Battle.hand_sides`)."""
        return self._battle.controllers

    def human_sides(self) -> list[str]:
        return [s for s, c in self.controllers.items() if c == "human"]

    def ai_levels(self) -> dict[str, str]:
        """The AI level of each side the AI plays, as a save records it."""
        return {side: self.ai_level for side, who in self.controllers.items() if who == "ai"}

    # -- playing --------------------------------------------------------------------------

    def play(self, cmd: Command, human: bool) -> list[Event]:
        """Apply a command (a human's can be undone while no die is rolled); Illegal if refused,
        with nothing changed."""
        b = self._battle
        side, count, draws = cmd.side or b.pending().side or "", len(b.events), b.draws
        events = self.history.apply(b, cmd) if human else b.apply(cmd)
        if not human:
            self.history.record_ai(cmd, side, count, draws)
        self.played.append(cmd)
        return events

    def adopt(self, after: Battle, events: list[Event], cmd: Command) -> None:
        """The AI's worker played `cmd` on a copy, which ended as `after`: take it as the battle."""
        before = self._battle
        side, draws = before.pending().side or "", before.draws
        # Who plays each side is the window's: a side handed to the AI while the worker thought
        # (a campaign's "Let the AI fight on") must not be handed back by the worker's copy.
        after.hand_sides(before.controllers)
        self._battle = after
        self.history.record_ai(cmd, side, len(after.events) - len(events), draws)
        self.played.append(cmd)

    def undo(self, side: str | None) -> tuple[Command, list[Event]]:
        """Take back the side's last command (CannotUndo if the rules forbid): the command and
        the events it had made."""
        restored, taken = self.history.undo(self._battle, side)
        cmd = self.history.undone[-1][0]
        self._battle = restored
        del self.played[-1]  # the crash log's replay must not hold a command the battle no longer has
        return cmd, taken

    def redo(self, side: str | None) -> list[Event]:
        """Give the last undone command again (CannotUndo if it may not be)."""
        cmd = self.history.undone[-1][0]
        events = self.history.redo(self._battle, side)
        self.played.append(cmd)
        return events

    # -- where it comes from ------------------------------------------------------------

    def continued(self, commands: Sequence[Command], saved: bool, undo: str = "", battle_id: str | None = None) -> None:
        """The battle was rebuilt from these commands (a save loaded, a replay taken over):
        keep them, so that a save or crash log holds the whole battle, and the save's battle_id.
        With `undo` "replayed", the human players' commands are undoable as if played here (a
        save by hand or an autosave: issue 22, Undo was greyed after Continue); with "sent",
        none is (a save sent to the other player: what they were sent stands)."""
        self.played = list(commands)
        self.saved_at = len(self.played) if saved else None
        if battle_id is not None:
            self.battle_id = battle_id
        if undo == "replayed":
            self.history = self._history_of(self.played)
        elif undo == "sent":
            self.history.floor = "the commands before it were sent to the other player"

    def _history_of(self, commands: Sequence[Command]) -> History:
        """Undo's history of these commands, played again from the start as the window plays
        them: a human side's through the history (a copy before each), the AI's recorded. The
        engine is deterministic, so each copy is the battle as it stood."""
        b, k = self.begun(), self.replayed_from
        history = History(self.names)
        if k:
            history.floor = "the commands before it were played under older rules"
        for cmd in commands[k:]:
            side = b.pending().side or ""
            if self.controllers.get(side) == "human":
                history.apply(b, cmd)
            else:
                history.record_ai(cmd, side, len(b.events), b.draws)
                b.apply(cmd)
        return history

    def stop_autosaves(self) -> None:
        """No autosave from now on (one failed write is said once; a sandbox fight is no file)."""
        self.autosaves = False

    def was_saved(self) -> None:
        self.saved_at = len(self.played)

    def name_players(self, names: Mapping[str, str]) -> None:
        """The hot-seat players' names by side, as typed or saved ('' is no name)."""
        self.players = {side: name for side, name in names.items() if name}

    def seek(self, battle: Battle) -> None:
        """Show another moment of a replay (the viewer's stage): nothing is recorded."""
        battle.hand_sides(self.controllers)  # every side shown as the AI's: no one is asked
        self._battle = battle

    def replay(self, cmd: Command) -> None:
        """The replay's next command, on the viewer's stage: nothing is recorded."""
        self._battle.apply(cmd)
