"""The host's listening side: each connection's handshake runs on a thread of its own (the join
code first, then the version and the role), and a connection that passes is handed to the battle's
loop, which alone sends and receives on it (docs/formats.md#network-play)."""

from __future__ import annotations

import hmac
import json
import logging
import queue
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from websockets.exceptions import ConnectionClosed
from websockets.sync.server import ServerConnection, serve

from game.core.rules_version import RULES, described
from game.net.door import Door, passed
from game.net.link import Dropped, Link, allow
from game.net.protocol import HELLO_BYTES, MAX_MESSAGE, ProtocolError, decode, encode, shown

if TYPE_CHECKING:  # named WebSocketServer in websockets 12.0, the floor
    from websockets.sync.server import Server

HELLO_SECONDS = 10.0  # a connection that says nothing for this long is closed
_QUIET = logging.getLogger("rout.net.websockets")  # websockets' own chatter is not the player's log
_QUIET.addHandler(logging.NullHandler())
_QUIET.propagate = False


@dataclass
class Gate:
    """Wrong join codes, by address: after each one the address is refused without a hearing
    for a while, doubled at each further wrong code (1 s, 2 s, 4 s, ... up to a minute)."""

    now: Callable[[], float] = time.monotonic
    _until: dict[str, float] = field(default_factory=dict)
    _wrong: dict[str, int] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def shut(self, addr: str) -> float:
        """Seconds the address must still wait (0: it may try)."""
        with self._lock:
            return max(0.0, self._until.get(addr, 0.0) - self.now())

    def wrong(self, addr: str) -> None:
        with self._lock:
            n = self._wrong.get(addr, 0)
            self._wrong[addr] = n + 1
            self._until[addr] = self.now() + min(60.0, 2.0**n)


@dataclass
class Arrival:
    """A connection that passed the handshake; `done` is set when the battle lets it go."""

    link: Link
    role: str
    address: str
    done: threading.Event = field(default_factory=threading.Event)


class Listener:
    def __init__(self, address: str, port: int, code: str, say: Callable[[str], None], *, watchers: int) -> None:
        self.code = code
        self.say = say
        self.watchers = watchers  # the most spectators at once (0: none)
        self.watching = 0
        self._lock = threading.Lock()
        self.gate = Gate()
        self.arrivals: queue.Queue[Arrival] = queue.Queue()
        self.player_in = threading.Event()  # a player is in the battle: another is refused
        self.held: list[Arrival] = []  # every connection that passed the handshake
        self.door = Door(socket.create_server((address, port)), say)
        # Until a connection has given the join code its messages are small (a hello is well under
        # HELLO_BYTES): a crowd without the code cannot make the host hold megabytes for it.
        # The server only accepts from its socket, closes it and asks its number and name: the
        # door stands in for it.
        door = cast("socket.socket", self.door)
        self.server: Server = serve(self._handle, sock=door, max_size=HELLO_BYTES, compression=None, logger=_QUIET)
        self.port: int = self.door.getsockname()[1]
        self._thread = threading.Thread(target=self.server.serve_forever, name="rout-listener", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop listening and let every connection go (their threads end; the server waits for them)."""
        for arrival in list(self.held):
            arrival.done.set()
        self.server.shutdown()
        self._thread.join(timeout=10)

    def _handle(self, ws: ServerConnection) -> None:
        addr = str(ws.remote_address[0]) if ws.remote_address else "?"
        try:
            arrival = self._handshake(ws, addr)
        except ProtocolError as e:
            self.say(f"{addr}: refused: {e}")
            _refuse(ws, str(e))
            return
        except Dropped as e:
            self.say(f"{addr}: {e}")
            return
        if arrival is None:
            return
        self.held.append(arrival)
        self.arrivals.put(arrival)
        arrival.done.wait()
        if arrival.role == "watch":
            with self._lock:
                self.watching -= 1
        arrival.link.drain()  # so the close is not held up behind a message never read

    def _handshake(self, ws: ServerConnection, addr: str) -> Arrival | None:
        wait = self.gate.shut(addr)
        if wait > 0:
            raise ProtocolError(f"too many wrong join codes: try again in {wait:.0f} s")
        link = Link(ws, addr)
        try:
            raw = ws.recv(timeout=HELLO_SECONDS)
        except TimeoutError:
            raise Dropped(f"sent no hello in {HELLO_SECONDS:g} s; closed") from None
        except ConnectionClosed as e:
            raise Dropped(link._why(e)) from None
        if not hmac.compare_digest(_code_of(raw).encode("utf-8"), self.code.encode("utf-8")):
            self.gate.wrong(addr)
            raise ProtocolError("wrong join code")
        passed(ws.socket)
        hello = decode(raw, ("hello",))
        if hello["rules"] != RULES:  # the same protocol, other rules: the battle would part at a roll
            theirs = described(int(hello["rules"]))  # type: ignore[call-overload]
            raise ProtocolError(f"this host plays {described(RULES)}, the joiner {theirs}: play with the same Rout")
        role = hello["role"]
        if role not in ("play", "watch"):
            raise ProtocolError(f"a hello whose role {shown(role)} is neither 'play' nor 'watch'")
        if role == "play":
            if self.player_in.is_set():
                raise ProtocolError("a player is already in this battle")
            self.player_in.set()
            allow(ws, MAX_MESSAGE)  # a player's commands and a desync's events; a spectator says only bye
        else:
            self._seat_watcher()
        return Arrival(link, str(role), addr)

    def _seat_watcher(self) -> None:
        if not self.watchers:
            raise ProtocolError("this host takes no spectators")
        with self._lock:
            if self.watching >= self.watchers:
                raise ProtocolError(f"this battle has {self.watchers} spectators already, the most its host takes")
            self.watching += 1


def _code_of(raw: str | bytes) -> str:
    """The hello's join code, read before anything else in it; "" when there is none."""
    try:
        msg = json.loads(raw) if isinstance(raw, str) else None
    except (ValueError, RecursionError):
        return ""
    code = msg.get("code") if isinstance(msg, dict) else None
    return code if isinstance(code, str) else ""


def _refuse(ws: ServerConnection, reason: str) -> None:
    try:
        ws.send(encode("refused", reason=reason))
        ws.close(1008, reason[:120])
    except ConnectionClosed:
        pass
