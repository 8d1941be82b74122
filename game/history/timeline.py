"""A battle as a timeline: every command and event of a replay or save, where each decision and
round begins, the moments worth finding again (retreats, knockdowns, deaths, routs), and the
battle at any decision, rebuilt from the nearest kept copy.

The engine is a deterministic function of map, options, seed and commands, so the battle after
`i` commands is a kept copy from before `i` with the few commands since applied again.

A replay of AI against AI holds few commands or none: the AI plays its decisions again, and a
long battle takes it seconds. A timeline can begin before they are made (`Timeline.begun`) and
`grow` a slice at a time, so the viewer shows the battle's start at once and its bar lengthens
as the AI goes on (issue 23)."""

from __future__ import annotations

import bisect
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.core import events as ev
from game.core.battle import Battle
from game.core.commands import Command, Illegal
from game.history.saved_battle import replay_start, taken_up_instead
from game.save.errors import ReplayError, SaveError
from game.save.files import event_lines
from game.save.replay import Replay, digest, load_replay
from game.scenario.errors import ScenarioError
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario

EVERY = 16  # a copy of the battle is kept every this many commands: a jump re-applies fewer

# What a marker on the timeline stands for, by the event that makes it.
MARKED: dict[type[ev.Event], str] = {
    ev.Retreat: "retreat",
    ev.Knockdown: "knockdown",
    ev.Death: "death",
    ev.Flee: "rout",
    ev.Withdraw: "rout",
    ev.Surrender: "rout",
}
KINDS = ("retreat", "knockdown", "death", "rout")


@dataclass(frozen=True)
class Marker:
    """A moment worth finding again: what happened, to whom, in which round, at which event."""

    kind: str  # retreat, knockdown, death or rout (a failed morale check: flight, withdrawal, surrender)
    event: int  # its index in the event log
    round: int
    unit: str


class Timeline:
    """Every command given to a battle and every event it logged, with a kept copy of the battle
    every `every` commands. Moments are event indices: moment `e` has the first `e` events shown."""

    def __init__(self, start: Battle, commands: Iterable[Command] = (), *, every: int = EVERY) -> None:
        """Play `commands` on a fresh battle (`start`, which is played on and kept as the end)."""
        self.every = every
        self.commands: list[Command] = []
        self.decisions: list[int] = [len(start.events)]  # moment of each decision: decisions[i] after i commands
        self._copies: list[Battle] = [start.copy()]
        self.end = start
        self.record: Replay | None = None  # the file's record, when the timeline was loaded from one
        # The commands given before `start`, which this timeline cannot replay: a battle taken up
        # under newer rules than it began under (game/core/battle_state.py); its log shows them as played.
        self.earlier: list[Command] = []
        self.rounds: list[int] = []  # moment of each round's first decision (or its end), round 1 first
        self.round_events: list[int] = []  # index of each round's RoundStart event
        self.markers: list[Marker] = []
        self._scanned = 0  # the events looked at for rounds and markers
        self._ai: dict[str, str] | None = None  # the AI's levels while it has decisions to make
        for cmd in commands:
            self.add(cmd)

    def add(self, cmd: Command) -> None:
        """Apply one more command to the end of the timeline; a refused one raises Illegal."""
        b = self.end
        if b.over:
            raise Illegal(f"command {len(self.commands) + 1} comes after the battle ended")
        b.apply(cmd)
        self.commands.append(cmd)
        self.decisions.append(len(b.events))
        if len(self.commands) % self.every == 0:
            self._copies.append(b.copy())

    def finish(self) -> None:
        """Work out the rounds and markers once every command is in."""
        self.rounds, self.round_events, self.markers = [], [], []
        self._scanned = 0
        self._scan()

    def _scan(self) -> None:
        """The rounds and markers of the events added since the last scan. Every event has a
        decision at or after it by now (a command's events come with the decision that ends them)."""
        for i in range(self._scanned, len(self.events)):
            e = self.events[i]
            if isinstance(e, ev.RoundStart):
                self.round_events.append(i)
                j = bisect.bisect_left(self.decisions, i)
                self.rounds.append(self.decisions[j] if j < len(self.decisions) else len(self.events))
            kind = MARKED.get(type(e))
            if kind is not None:
                self.markers.append(Marker(kind, i, e.round, getattr(e, "id", "")))
        self._scanned = len(self.events)

    @classmethod
    def played(
        cls, start: Battle, commands: Sequence[Command], levels: dict[str, str] | None = None, *, ai_on: bool = True
    ) -> Timeline:
        """The timeline of `commands`, then (with `ai_on`) of the AI deciding for its sides at its
        level until a human's decision or the end, as a replay is run (game/play/runner.py `play`)."""
        t = cls.begun(start, commands, levels, ai_on=ai_on)
        t.grow()
        return t

    @classmethod
    def begun(
        cls, start: Battle, commands: Sequence[Command], levels: dict[str, str] | None = None, *, ai_on: bool = True
    ) -> Timeline:
        """The timeline of `commands`, with the AI's decisions after them (with `ai_on`) still to
        come: `grow` makes them, and the timeline is then the one `played` gives."""
        t = cls(start)
        for i, cmd in enumerate(commands):
            try:
                t.add(cmd)
            except Illegal as e:
                raise Illegal(f"command {i + 1} ({cmd.action} {cmd.unit}): {e}") from None
        t._ai = dict(levels or {}) if ai_on else None
        t._scan()
        return t

    @property
    def complete(self) -> bool:
        """Whether every decision is in: no more for the AI to make."""
        return self._ai is None

    def grow(self, until: float | None = None) -> bool:
        """Let the AI decide for its sides at its levels until a human's decision or the end, as a
        replay is run (game/play/runner.py `play`), or until `time.perf_counter()` passes `until` (one
        decision at least). Whether any events came."""
        from game import ai  # noqa: PLC0415  # the AI (tcod, numpy: 0.2-0.3 s) is imported when it first decides, not before the first frame

        levels, b = self._ai, self.end
        before = len(self.events)
        while levels is not None:
            if b.over or b.pending().controller == "human":
                self._ai = None
                break
            self.add(ai.decide(b, levels.get(b.pending().side or "", "baseline")))
            if until is not None and time.perf_counter() >= until:
                break
        self._scan()
        return len(self.events) > before

    # -- reading -------------------------------------------------------------------

    @property
    def events(self) -> list[ev.Event]:
        return self.end.events

    @property
    def length(self) -> int:
        """The last moment: every event shown."""
        return len(self.end.events)

    @property
    def first(self) -> int:
        """The first moment shown: the events before the first decision (the battle's start, the
        first round's initiative) all come at once."""
        return self.decisions[0]

    def command_at(self, moment: int) -> int:
        """How many commands have been given by this moment (their events all shown or begun)."""
        return max(0, bisect.bisect_right(self.decisions, moment) - 1)

    def round_at(self, moment: int) -> int:
        """The round shown at this moment (0 before the first)."""
        return bisect.bisect_right(self.round_events, moment - 1)

    def battle_at(self, i: int) -> Battle:
        """A new battle as it stood after the first `i` commands, its log included: the same state
        and events as playing them from scratch. Costs at most `every` commands re-applied."""
        if not 0 <= i <= len(self.commands):
            raise IndexError(f"command {i} is outside 0..{len(self.commands)}")
        k = i // self.every
        b = self._copies[k].copy(log=self.events[: self.decisions[k * self.every]])
        for cmd in self.commands[k * self.every : i]:
            b.apply(cmd)
        return b

    def step(self, moment: int, by: str, direction: int) -> int:
        """The moment one step away: by `event`, `decision` (each activation or retreat choice)
        or `round` (each round's first decision), forward (+1) or back (-1)."""
        if by == "event":
            return max(self.first, min(self.length, moment + direction))
        stops = self.decisions if by == "decision" else self.rounds
        if direction > 0:
            j = bisect.bisect_right(stops, moment)
            return stops[j] if j < len(stops) else self.length
        j = bisect.bisect_left(stops, moment) - 1
        return stops[j] if j >= 0 else self.first

    def decision_before(self, moment: int) -> int:
        """The moment of the last decision at or before this one: its battle is exact."""
        return self.decisions[self.command_at(moment)]


def load_timeline(path: str | Path, *, complete: bool = True) -> Timeline:
    """The timeline of a replay or save file: a save's commands; a replay's commands, then the AI
    at its recorded levels until a human's decision or the end (without `complete`, those still
    to come: `grow` makes them). Raise SaveError (a save) or ReplayError (a replay), one line, as
    `rout replay` does for the same file."""
    rep = load_replay(path)
    try:
        scenario = load_scenario(rep.map)
    except ScenarioError as e:
        raise ReplayError(f"{path}: map: {e.problems[0]}") from None
    failure = SaveError if rep.is_save else ReplayError
    try:
        t = _replayed(path, rep, scenario, complete)
    except ReplayError as e:
        raise failure(str(e)) from None
    t.record = rep
    return t


def _replayed(path: str | Path, rep: Replay, scenario: Scenario, complete: bool) -> Timeline:
    """The record's commands replayed from where they replay from (the map's start, or where the
    battle was taken up under newer rules); a save made under older rules that they no longer give
    is shown from its state, its log as recorded (game/history/saved_battle.py)."""
    start, commands = replay_start(path, rep, scenario)
    try:
        t = Timeline.begun(start, commands, rep.ai, ai_on=not rep.is_save)
        if complete:
            t.grow()
        differs = rep.is_save and rep.digest is not None and digest(event_lines(t.events)) != rep.digest
        problem = f"{path}: the replayed battle differs from the one saved"
    except Illegal as e:
        differs, problem = True, f"{path}: {e}"
    if not differs:
        t.earlier = rep.commands[: len(rep.commands) - len(commands)]
        return t
    if not rep.is_save:
        raise ReplayError(problem)
    t = Timeline.begun(taken_up_instead(path, rep, scenario, problem), [], ai_on=False)
    t.earlier = list(rep.commands)
    return t
