"""A battle screen's other player over the network (issue 21): the other machine's commands
come in like the AI's, in order; the player's own go out as soon as they are played, so undo
never takes back what the other player has seen; the network's lines ("waiting for the player",
a drop, a desync) are shown on the board."""

from __future__ import annotations

import queue
from typing import TYPE_CHECKING, Protocol

from game.net.channel import Channel

if TYPE_CHECKING:
    from game.commands import Command
    from game.ui.battle.session import Session


class Board(Protocol):
    """What of a battle screen the network touches (game/ui/battle/state.py's BattleState)."""

    message: str
    session: Session

    def apply(self, cmd: Command, human: bool = True) -> bool: ...


class NetPlay:
    def __init__(self, channel: Channel, peer: str) -> None:
        self.channel = channel
        self.peer = peer  # how the other machine is named on the board ("the host", "the player who joins")
        self.said: list[str] = []  # every line the network said, newest last

    def sent(self, s: Board, cmd: Command) -> None:
        """The player's command, played here, goes to the other machine: it cannot be undone."""
        self.channel.mine.put(cmd)
        history = s.session.history
        history.done.clear()
        history.floor = f"it was sent to {self.peer}: what the other player has seen stands"

    def hear(self, s: Board) -> None:
        """Every frame: the network's lines onto the board."""
        while True:
            try:
                line = self.channel.said.get_nowait()
            except queue.Empty:
                return
            self.said.append(line)
            s.message = line

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
