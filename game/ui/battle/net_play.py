"""A battle screen's other player over the network (issue 21): the other machine's commands
come in like the AI's, in order; the player's own go out as soon as they are played, so undo
never takes back what the other player has seen (so no Undo is offered); the network's lines
("waiting for the player", a drop, a desync) are shown in the bar, one short line, and whole,
with the paths of the saves and reports they name, in the log."""

from __future__ import annotations

import queue
import re
from typing import TYPE_CHECKING, Protocol

from game.net.channel import Channel
from game.ui.common.combat_log import LogLine

if TYPE_CHECKING:
    from game.core.commands import Command
    from game.ui.battle.session import Session


class Board(Protocol):
    """What of a battle screen the network touches (game/ui/battle/state.py's BattleState)."""

    message: str
    session: Session
    log: list[LogLine]

    def apply(self, cmd: Command, human: bool = True) -> bool: ...


class NetPlay:
    def __init__(self, channel: Channel, peer: str) -> None:
        self.channel = channel
        self.peer = peer  # how the other machine is named on the board ("the host", "the player who joins")
        self.said: list[str] = []  # every line the network said, newest last

    def sent(self, s: Board, cmd: Command) -> None:
        """The player's command, played here, goes to the other machine: it cannot be undone."""
        self.channel.mine.put(cmd)
        s.session.history.seal(f"it was sent to {self.peer}: what the other player has seen stands")

    def hear(self, s: Board) -> None:
        """Every frame: the network's lines onto the board."""
        while True:
            try:
                line = self.channel.said.get_nowait()
            except queue.Empty:
                return
            self.said.append(line)
            s.message = on_board(line)
            s.log.append(LogLine(line, [], s.session.battle.round))

    def take(self, s: Board) -> None:
        """While the battle waits on a side played elsewhere: the next command from the other
        machine, if it has come (the player's own come back too, and are already played)."""
        while True:
            try:
                n, cmd = self.channel.played.get_nowait()
            except queue.Empty:
                if not s.message:
                    s.message = f"waiting for {self.peer}"
                return
            if n == len(s.session.played):
                s.apply(cmd, human=False)
                return
            if n > len(s.session.played):  # cannot happen: the channel posts every command in order
                raise RuntimeError(f"command {n + 1} came before command {len(s.session.played) + 1}")

    def close(self) -> None:
        self.channel.closing.set()


# Where the network saved the battle or wrote a report: a path, which the bar has no room for
# (issue 37: a drop's line ran across the board); the log keeps the whole line.
_WHERE = re.compile(r" (?:at|in) (?:/|~|[A-Za-z]:\\|\\\\)[^;)]*")
_SHORTER = ((r"; the battle is (auto)?saved", r": \1saved"), (r" \(both logs and a report\)", r" (report in the log)"))


def on_board(line: str) -> str:
    """A line of the network's as the bar shows it: without the paths it names."""
    short = _WHERE.sub("", line)
    for pattern, words in _SHORTER:
        short = re.sub(pattern, words, short)
    return short
