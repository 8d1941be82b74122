"""The lockstep loop both peers run: decide for my sides and send, or wait for the other's command
and check it; compare digests after every round; on a mismatch, stop both and write what differs."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.battle import Battle
from game.core.commands import Command, Illegal
from game.net.link import Dropped, Link
from game.net.lockstep import Lockstep, Mark, dice_position
from game.net.protocol import ProtocolError, plain
from game.save.files import event_lines, json_line

POLL_SECONDS = 0.2  # how often a wait looks up from the socket
# While my side decides, a `thinking` message this often: the other side's --timeout then finds a
# lost peer, never a player who thinks for minutes.
BEAT_SECONDS = 1.0
MAX_DESYNC_LINES = 5000  # events sent to explain a desync: a round's worth, with room


class Desync(Exception):
    """The two battles differ; the line says where, `theirs` holds the other side's events from
    `start` and `dice` its dice generator's position ("" when it sent none)."""

    def __init__(self, line: str, start: int, theirs: list[str], dice: str = "") -> None:
        super().__init__(line)
        self.start = start
        self.theirs = theirs
        self.dice = dice


class Refused(Exception):
    """The other side sent a command the battle refuses, or one for a side it does not hold."""


@dataclass
class Peer:
    lock: Lockstep
    link: Link
    decide: Callable[[Battle], Command]
    timeout: float
    fan_out: Callable[[str, dict[str, object]], None] = lambda kind, fields: None
    on_command: Callable[[], None] = lambda: None  # a command played, either side's
    speaks: bool = True  # a spectator only listens
    on_round: Callable[[Mark], None] = lambda mark: None  # the other side's digest of a round agreed
    _final: bool = False
    _sent_desync: bool = field(default=False, init=False)

    def play(self) -> None:
        """Until the battle ends and both sides' last digests agree. Raises Dropped, Refused,
        ProtocolError or Desync."""
        while not (self.lock.battle.over and self._final):
            if self.lock.here():
                cmd = self._decided()
                marks = self.lock.play_mine(cmd)
                n, sha = self.lock.digest()
                fields = {"n": len(self.lock.commands) - 1, "command": cmd.to_json(), "events": n, "sha256": sha}
                self._send("command", fields)
                self._sent(marks)
            else:
                self._receive(self._next())

    def _decided(self) -> Command:
        """My side's command, with `thinking` sent every BEAT_SECONDS until it comes, from a thread
        of its own: nothing else is sent meanwhile (the command waits for the beats to stop)."""
        stop = threading.Event()

        def beat() -> None:
            while not stop.wait(BEAT_SECONDS):
                try:
                    self._send("thinking", {})
                except Dropped:
                    return  # the next message sent or waited for says so

        beating = threading.Thread(target=beat, name="rout-thinking", daemon=True)
        beating.start()
        try:
            return self.decide(self.lock.battle)
        finally:
            stop.set()
            beating.join()

    def _next(self) -> dict[str, object]:
        """The other side's next message, `thinking` aside (it only puts the timeout off, and goes on
        to spectators); between polls, `on_command` runs (spectators come in)."""
        deadline = time.monotonic() + self.timeout
        while (left := deadline - time.monotonic()) > 0:
            msg = self.link.poll(min(left, POLL_SECONDS))
            if msg is not None and msg["type"] == "thinking":
                self.fan_out("thinking", {})
                deadline = time.monotonic() + self.timeout
            elif msg is not None:
                return msg
            self.on_command()
        raise Dropped(f"{self.link.who} has been silent for {self.timeout:g} s")

    def _send(self, kind: str, fields: dict[str, object]) -> None:
        if self.speaks:
            self.link.send(kind, **fields)
        self.fan_out(kind, fields)

    def _sent(self, marks: list[Mark]) -> None:
        self.on_command()
        for m in marks:
            self._send("digest", {"round": m.round, "events": m.events, "sha256": m.sha256, "final": m.final})

    def _receive(self, msg: dict[str, object]) -> None:
        kind = msg["type"]
        if kind == "command":
            try:
                marks = self.lock.play_theirs(_int(msg["n"]), _obj(msg["command"]))
            except Illegal as e:
                raise Refused(str(e)) from None
            if not self.lock.agrees(_int(msg["events"]), str(msg["sha256"])):
                self._desync(f"round {self.lock.battle.round}, command {_int(msg['n']) + 1}", None)
            self.fan_out("command", {k: msg[k] for k in ("n", "command", "events", "sha256")})
            self._sent(marks)
        elif kind == "digest":
            mark = Mark(_int(msg["round"]), _int(msg["events"]), str(msg["sha256"]), bool(msg["final"]))
            if not self.lock.check(mark):
                self._desync(f"round {mark.round}", None)
            self.on_round(mark)
            self._final = self._final or mark.final
        elif kind == "desync":
            self._desync(f"round {msg['round']}", msg)
        elif kind == "bye":
            raise Dropped(f"{self.link.who} left before the battle ended")
        else:
            raise ProtocolError(f"a {kind!r} message in the middle of the battle")

    def _desync(self, where: str, theirs: dict[str, object] | None) -> None:
        """Send my events since the last agreement, get theirs, and stop with the first difference."""
        start = self.lock.agreed
        if not self.speaks:
            raise Desync(f"desync in {where}: this spectator's log differs from the host's", start, [])
        if not self._sent_desync and self.speaks:
            self._sent_desync = True
            lines = self.lock.lines_since_agreed()[:MAX_DESYNC_LINES]
            dice = dice_position(self.lock.battle)
            self.link.send("desync", round=self.lock.battle.round, start=start, events=lines, dice=dice)
        try:
            while theirs is None:
                msg = self.link.recv(self.timeout)
                theirs = msg if msg["type"] == "desync" else None
        except Dropped as e:  # the report still gets what this side has
            raise Desync(f"desync in {where}; then {e}, before sending its log", start, []) from None
        their_start = _int(theirs["start"])
        their_lines = received_lines(_list(theirs["events"])[:MAX_DESYNC_LINES])
        dice = plain(str(theirs["dice"]), 80)
        line = first_difference(where, self.lock, their_start, their_lines, dice)
        raise Desync(line, their_start, their_lines, dice)


def first_difference(where: str, lock: Lockstep, start: int, theirs: list[str], dice: str) -> str:
    """The one line: where, and the first event (counted from 1) whose lines differ, or, when the
    logs are the same, the dice that parted."""
    base = max(lock.agreed, start)  # both logs are known to agree before this event
    mine = event_lines(lock.battle.events[base:]).splitlines()
    theirs_from = theirs[base - start :]
    for i, (a, b) in enumerate(zip(mine, theirs_from, strict=False)):
        if a != b:
            return f"desync in {where}: event {base + i + 1} differs: here {plain(a)}, there {plain(b)}"
    if len(mine) == len(theirs_from):
        here = dice_position(lock.battle)
        return f"desync in {where}: the event logs agree, but the dice have parted: here {here}, there {dice}"
    n = base + min(len(mine), len(theirs_from)) + 1
    return f"desync in {where}: event {n} is in one log only ({len(mine)} events here, {len(theirs_from)} there)"


def received_lines(raw: list[object]) -> list[str]:
    """The other side's events as lines of JSON: an event (a JSON object) written as this side
    writes its own, so that an honest line compares equal; anything else quoted as a JSON string,
    so that no escape code or newline it holds reaches a log or a file raw."""
    out = []
    for x in raw:
        try:
            event = json.loads(x) if isinstance(x, str) else None
        except (ValueError, RecursionError):
            event = None
        out.append(json_line(event) if isinstance(event, dict) else json.dumps(str(x)))
    return out


def _int(v: object) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise ProtocolError(f"a number expected, not {type(v).__name__}")
    return v


def _obj(v: object) -> dict[str, object]:
    if not isinstance(v, dict):
        raise ProtocolError("a command that is not an object")
    return v


def _list(v: object) -> list[object]:
    if not isinstance(v, list):
        raise ProtocolError("a list expected")
    return v
