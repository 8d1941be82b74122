"""A network battle on a thread of its own, for a window: the window puts its player's commands
into `mine` and takes every command played, in order, from `played`, with the lines to show
from `said`. The network thread runs the same host or joiner as `--headless` does, with the
window's player as its side's decider instead of the AI."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.battle import Battle
from game.core.commands import Command
from game.net.lockstep import Lockstep

POLL_SECONDS = 0.1  # how often a wait for the window's command looks whether the window closed


class Closed(Exception):
    """The window closed: the network thread stops where it is."""


@dataclass(frozen=True)
class Welcome:
    """The battle the window is to show first, as its map, seed, options and the commands that
    made it (the window makes its own copy: no battle is shared between threads), and the side
    the window's player holds ("" watching)."""

    map_path: str
    seed: int
    dice: int
    options: dict[str, object]
    commands: list[Command]
    side: str


@dataclass
class Channel:
    mine: queue.Queue[Command] = field(default_factory=queue.Queue)
    played: queue.Queue[tuple[int, Command]] = field(default_factory=queue.Queue)
    said: queue.Queue[str] = field(default_factory=queue.Queue)
    welcomes: queue.Queue[Welcome] = field(default_factory=queue.Queue)
    closing: threading.Event = field(default_factory=threading.Event)
    result: list[int] = field(default_factory=list)
    echo: Callable[[str], None] = lambda line: None  # each line said also goes here (standard error)
    meanwhile: Callable[[], None] = lambda: None  # while the window's player thinks (the host: spectators come in)
    _posted: int = 0

    def say(self, line: str) -> None:
        self.said.put(line)
        self.echo(line)

    def decide(self, battle: Battle) -> Command:
        """On the network thread: the window player's next command, waited for."""
        while not self.closing.is_set():
            try:
                return self.mine.get(timeout=POLL_SECONDS)
            except queue.Empty:
                self.meanwhile()
        raise Closed

    def welcomed(self, lock: Lockstep, side: str) -> None:
        """On the network thread: the battle as welcomed, for the window to open on."""
        self._posted = len(lock.commands)
        b = lock.battle
        self.welcomes.put(Welcome(str(b.scenario.path), b.seed, b.dice, dict(lock.options), list(lock.commands), side))

    def post(self, lock: Lockstep) -> None:
        """On the network thread, after each command: the commands not yet given to the window."""
        while self._posted < len(lock.commands):
            self.played.put((self._posted, lock.commands[self._posted]))
            self._posted += 1
        if self.closing.is_set():
            raise Closed

    def run(self, body: Callable[[], int]) -> threading.Thread:
        """Run the host or the joiner on a thread; its exit code lands in `result`."""

        def main() -> None:
            try:
                self.result.append(body())
            except Closed:
                self.result.append(1)

        t = threading.Thread(target=main, name="rout-net", daemon=True)
        t.start()
        return t
