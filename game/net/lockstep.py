"""One peer's side of a lockstep battle: the same engine on both machines, only commands in
between. A command from the other side is checked as the battle checks its own (`from_json`,
then `validate`, then the rules), and refused when its sender does not hold the side it plays
for. After every round each side records the digest of its event log, to compare with the
other's (docs/formats.md#network-play)."""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from dataclasses import dataclass, field

from game.core.battle import Battle
from game.core.commands import Action, Command, Illegal, from_json, shown_id
from game.net.protocol import shown
from game.save.files import event_lines


@dataclass(frozen=True)
class Mark:
    """The event log's digest when a round ended (or the battle did)."""

    round: int
    events: int
    sha256: str
    final: bool


@dataclass
class Lockstep:
    battle: Battle
    mine: frozenset[str]  # the sides this machine decides for
    theirs: frozenset[str]  # the sides the other machine decides for
    commands: list[Command] = field(default_factory=list)
    marks: dict[int, Mark] = field(default_factory=dict)  # by round
    agreed: int = 0  # events both sides have checked to agree
    options: dict[str, object] = field(default_factory=dict)  # the rule options it began with, for its saves
    _hasher: hashlib._Hash = field(default_factory=hashlib.sha256)
    _fed: int = 0
    _round: int = 0

    def __post_init__(self) -> None:
        self._round = self.battle.round

    def here(self) -> bool:
        """Whether the decision the battle waits for is this machine's."""
        return not self.battle.over and self.battle.pending().side in self.mine

    def play_mine(self, cmd: Command) -> list[Mark]:
        """Play a command decided here; the rounds it ended."""
        return self._apply(cmd)

    def play_theirs(self, n: int, raw: dict[str, object]) -> list[Mark]:
        """Play the other side's command number n (from 0); Illegal, one line, if it is refused."""
        if n != len(self.commands):
            raise Illegal(f"command {n + 1} arrived where command {len(self.commands) + 1} was due")
        cmd = from_json(raw)
        p = self.battle.pending() if not self.battle.over else None
        if p is None:
            raise Illegal(f"command {n + 1} came after the battle ended")
        acts_for = cmd.side if cmd.action == Action.WAIT else self._side_of(cmd.unit)
        for side in (acts_for, p.side):
            if side not in self.theirs:
                raise Illegal(
                    f"command {n + 1} ({cmd.action} {shown_id(cmd.unit)}) is for {shown(side)}, "
                    "a side its sender does not hold"
                )
        try:
            return self._apply(cmd)
        except Illegal as e:
            raise Illegal(f"command {n + 1} ({cmd.action} {shown_id(cmd.unit)}) is refused: {e}") from None

    def catch_up(self, raw: list[object], events: int, sha256: str) -> None:
        """Replay the command log a welcome carries (my own commands among them, after a rejoin)
        and check that it gives the host's log; Illegal, one line, otherwise."""
        for i, c in enumerate(raw):
            try:
                self._apply(from_json(c))
            except Illegal as e:
                raise Illegal(f"the host's command {i + 1} is refused here: {e}") from None
        if self.digest() != (events, sha256):
            raise Illegal(f"the host's {len(raw)} commands give a different battle here (a desync on joining)")
        self.agreed = events

    def _side_of(self, uid: str) -> str | None:
        u = self.battle.world.units.get(uid)
        return u.side if u is not None else None

    def _apply(self, cmd: Command) -> list[Mark]:
        self.battle.apply(cmd)
        self.commands.append(cmd)
        ended = []
        while self._round < self.battle.round:
            ended.append(self._mark(self._round, final=False))
            self._round += 1
        if self.battle.over:
            ended.append(self._mark(self.battle.round, final=True))
        return ended

    def digest(self) -> tuple[int, str]:
        """The number of events so far and the sha256 of their log (the log's bytes, as written)
        followed by the dice generator's position: two battles whose dice have parted are caught
        at that command, before a roll shows it in the log (as OpenRA's sync hash takes in its
        shared random)."""
        events = self.battle.events
        if self._fed < len(events):
            self._hasher.update(event_lines(events[self._fed :]).encode("utf-8"))
            self._fed = len(events)
        h = self._hasher.copy()
        h.update(f"{dice_position(self.battle)}\n".encode("ascii"))
        return self._fed, h.hexdigest()

    def _mark(self, rnd: int, *, final: bool) -> Mark:
        n, sha = self.digest()
        mark = Mark(rnd, n, sha, final)
        self.marks[-1 if final else rnd] = mark
        return mark

    def check(self, theirs: Mark) -> bool:
        """Whether the other side's digest agrees with this one's for the same round."""
        mine = self.marks.get(-1 if theirs.final else theirs.round)
        if mine is None or (mine.events, mine.sha256) != (theirs.events, theirs.sha256):
            return False
        self.agreed = max(self.agreed, mine.events)
        return True

    def agrees(self, events: int, sha256: str) -> bool:
        """Whether the log so far is the one the other side reports having after the same command."""
        if self.digest() != (events, sha256):
            return False
        self.agreed = events
        return True

    def lines_since_agreed(self) -> list[str]:
        return event_lines(self.battle.events[self.agreed :]).splitlines()


def dice_position(battle: Battle) -> str:
    """What the digest adds to the log: the generator's state and its count of draws, as a line
    no event line can be (an event line is a JSON object)."""
    return f"dice {battle.dice_state[0]:016x} {battle.dice_state[1]}"


def held(sides: Collection[str], mine: Collection[str]) -> tuple[frozenset[str], frozenset[str]]:
    return frozenset(mine), frozenset(s for s in sides if s not in mine)
