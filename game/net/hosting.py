"""A headless host: listen, wait for the player, play the battle by lockstep with it, let
spectators watch, and wait for a player that dropped to join again (docs/network.md)."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from game.core.battle import Battle
from game.core.commands import Command
from game.net import map_transfer
from game.net.link import Dropped
from game.net.lockstep import Lockstep, Mark
from game.net.peer import Desync, Peer, Refused
from game.net.protocol import MAX_WATCHERS, ProtocolError
from game.net.report import write_desync
from game.net.server import Arrival, Listener
from game.save.autosave import autosave, saves_folder
from game.save.files import event_lines, write_atomic
from game.save.savefile import write_save


@dataclass
class HostPlan:
    """What the host was told: the battle, who decides for which side, and how long to wait."""

    battle: Battle
    mine: frozenset[str]
    joiner: str  # the side the player who joins holds
    decide: Callable[[Battle], Command]
    code: str
    address: str = "0.0.0.0"
    port: int = 0
    timeout: float = 120.0  # a player silent this long while the battle waits on it is dropped
    wait: float = 300.0  # how long a dropped player may take to join again
    watchers: int = MAX_WATCHERS  # the most spectators at once (0: none)
    options: dict[str, object] = field(default_factory=dict)
    levels: dict[str, str] = field(default_factory=dict)
    say: Callable[[str], None] = print
    started: Callable[[int], None] = lambda port: None  # told the port once listening
    on_command: Callable[[Lockstep], None] = lambda lock: None  # after each command, and while waiting
    commands: list[Command] = field(default_factory=list)  # already played in `battle` (a loaded save)
    saves: Path | None = None  # where a battle no player came back to is saved (None: the player's saves folder)


class Host:
    def __init__(self, plan: HostPlan) -> None:
        self.plan = plan
        b = plan.battle
        theirs = frozenset(s for s in b.scenario.sides if s not in plan.mine)
        self.lock = Lockstep(b, plan.mine, theirs, commands=list(plan.commands), options=dict(plan.options))
        self.map = map_transfer.describe(b.scenario.path)
        self.watchers: list[Arrival] = []
        self.listener = Listener(plan.address, plan.port, plan.code, plan.say, watchers=plan.watchers)

    def run(self) -> int:
        """Play until the battle ends (0), or a desync or a player that never came back (1)."""
        p = self.plan
        p.say(f"listening on {p.address}:{self.listener.port}; join code {p.code}")
        p.started(self.listener.port)
        try:
            return self._rounds()
        finally:
            for w in self.watchers:
                w.link.close()
            self.listener.close()

    def _rounds(self) -> int:
        while True:
            arrival = self._player()
            if arrival is None:
                where = self._autosave()
                self.plan.say(f"no player joined in {self.plan.wait:g} s; the battle is saved at {where}")
                return 1
            try:
                self._welcome(arrival)
                peer = Peer(self.lock, arrival.link, self.plan.decide, self.plan.timeout, self._fan_out, self._arrivals)
                peer.on_round = self._agreed
                peer.play()
            except Dropped as e:
                self._lost(arrival, f"{e} in round {self.lock.battle.round}")
                continue
            except (Refused, ProtocolError) as e:
                self._lost(arrival, f"{arrival.address}: refused: {e}; connection closed")
                continue
            except Desync as e:
                folder = write_desync(self.lock, e, who="host")
                self.plan.say(f"{e} (both logs and a report in {folder})")
                self._let_go(arrival)
                return 1
            with suppress(Dropped):  # the joiner may have gone already: both logs agreed
                arrival.link.send("bye")
            self._let_go(arrival)
            return 0

    def _player(self) -> Arrival | None:
        """The next player to arrive, welcoming spectators meanwhile; None after plan.wait seconds."""
        deadline = time.monotonic() + self.plan.wait
        while (left := deadline - time.monotonic()) > 0:
            try:
                arrival = self.listener.arrivals.get(timeout=min(left, 0.5))
            except queue.Empty:
                self.plan.on_command(self.lock)
                continue
            if arrival.role == "play":
                return arrival
            self._watcher(arrival)
        return None

    def between(self) -> None:
        """While this side decides at length (a window's player): spectators are welcomed."""
        self._arrivals()

    def _arrivals(self) -> None:
        """Between two commands: the plan is told, spectators who arrived are welcomed, and those
        who said anything but bye are let go."""
        self.plan.on_command(self.lock)
        self._police()
        while True:
            try:
                arrival = self.listener.arrivals.get_nowait()
            except queue.Empty:
                return
            if arrival.role == "watch":
                self._watcher(arrival)
            else:  # cannot happen while a player is in (the handshake refuses a second one)
                arrival.link.close("a player is already in this battle")
                arrival.done.set()

    def _watcher(self, arrival: Arrival) -> None:
        try:
            self._welcome(arrival)
        except Dropped:
            arrival.done.set()
            return
        self.watchers.append(arrival)
        self.plan.say(f"{arrival.address}: watching from round {self.lock.battle.round}")

    def _police(self) -> None:
        """A spectator only listens: one that says anything but bye is closed (its messages are
        small, HELLO_BYTES, so what it sent meanwhile cost little)."""
        for w in list(self.watchers):
            try:
                said = w.link.poll(0)
            except (Dropped, ProtocolError):
                said = {"type": "bye"}
            if said is None:
                continue
            if said["type"] != "bye":
                w.link.close("a spectator sends nothing but its hello and bye")
                self.plan.say(f"{w.address}: a spectator sent a {said['type']!r} message; connection closed")
            self._unwatch(w)

    def _unwatch(self, w: Arrival) -> None:
        self.watchers.remove(w)
        w.done.set()

    def _welcome(self, arrival: Arrival) -> None:
        b = self.lock.battle
        n, sha = self.lock.digest()
        holders = {s: ("host" if s in self.plan.mine else "join") for s in b.scenario.sides}
        arrival.link.send(
            "welcome",
            role=arrival.role,
            side=self.plan.joiner if arrival.role == "play" else "",
            holders=holders,
            map=self.map,
            seed=b.seed,
            dice=b.dice,
            options=self.plan.options,
            commands=[c.to_json() for c in self.lock.commands],
            events=n,
            sha256=sha,
        )
        if arrival.role == "play":
            self.plan.say(f"{arrival.address}: playing {self.plan.joiner} from round {b.round}")

    def _agreed(self, mark: Mark) -> None:
        if mark.final:
            self.plan.say(f"the battle is over; both logs agree ({mark.events} events)")
        else:
            self.plan.say(f"round {mark.round}: both logs agree ({mark.events} events)")

    def _fan_out(self, kind: str, fields: dict[str, object]) -> None:
        for w in list(self.watchers):
            try:
                w.link.send(kind, **fields)
            except Dropped:
                self._unwatch(w)

    def _lost(self, arrival: Arrival, line: str) -> None:
        arrival.link.close(line)
        self._let_go(arrival)
        where = self._autosave()
        self.plan.say(f"{line}; the battle is autosaved at {where}; waiting {self.plan.wait:g} s for the player")

    def _let_go(self, arrival: Arrival) -> None:
        self.listener.player_in.clear()
        arrival.done.set()

    def _autosave(self) -> Path:
        return autosave(
            self.plan.saves or saves_folder(),
            self.lock.battle,
            self.lock.commands,
            options=self.plan.options,
            ai=self.plan.levels,
        )

    def write(self, log: str | None, save: str | None) -> None:
        """The event log and the save, where the command line named them."""
        if log:
            write_atomic(log, event_lines(self.lock.battle.events))
        if save:
            write_save(save, self.lock.battle, self.lock.commands, options=self.plan.options, ai=self.plan.levels)
