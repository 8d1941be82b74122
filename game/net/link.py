"""One connection to another peer, as messages (websockets' threading API underneath)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from websockets.exceptions import ConnectionClosed

from game.net.protocol import MAX_MESSAGE, decode, encode, plain

if TYPE_CHECKING:
    from websockets.sync.connection import Connection

TOO_BIG = 1009  # the close code for a message over the size limit (RFC 6455)
DRAIN_SECONDS = 0.2  # how long a closing peer waits for the next unread message (Link.drain)


class Dropped(Exception):
    """The other peer went away (closed, killed, lost) or stayed silent past the timeout;
    `reason` is the one its close gave, if any."""

    def __init__(self, line: str, reason: str = "") -> None:
        super().__init__(line)
        self.reason = reason


class Link:
    def __init__(self, ws: Connection, who: str) -> None:
        self.ws = ws
        self.who = who

    def send(self, kind: str, **fields: object) -> None:
        try:
            self.ws.send(encode(kind, **fields))
        except ConnectionClosed as e:
            raise Dropped(self._why(e), _reason(e)) from None

    def recv(self, timeout: float | None, expect: tuple[str, ...] | None = None) -> dict[str, object]:
        """The next message, checked (ProtocolError); Dropped when the connection ends or stays
        silent for `timeout` seconds."""
        try:
            raw = self.ws.recv(timeout=timeout)
        except TimeoutError:
            raise Dropped(f"{self.who} has been silent for {timeout:g} s") from None
        except ConnectionClosed as e:
            raise Dropped(self._why(e), _reason(e)) from None
        return decode(raw, expect)

    def poll(self, timeout: float) -> dict[str, object] | None:
        """The next message if one comes within `timeout` seconds, else None."""
        try:
            raw = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        except ConnectionClosed as e:
            raise Dropped(self._why(e), _reason(e)) from None
        return decode(raw)

    def close(self, reason: str = "") -> None:
        self.ws.close(1000 if not reason else 1008, reason[:120])

    def drain(self, quiet: float = DRAIN_SECONDS, most: int = 10_000) -> None:
        """Read and drop what the other peer sent that nobody will read, until it closes or says
        nothing for `quiet` seconds. websockets 12.0 (the lowest Rout allows) holds its receiving
        thread on the first unread message, so a close behind one would wait out its whole timeout
        (10 s) before the connection ends: a joiner sat 10 s at the end of every battle."""
        for _ in range(most):
            try:
                self.ws.recv(timeout=quiet)
            except (TimeoutError, ConnectionClosed):
                return

    def _why(self, e: ConnectionClosed) -> str:
        if e.sent is not None and e.sent.code == TOO_BIG:
            return f"{self.who} sent a message over the size limit ({_size(_limit(self.ws))})"
        reason = _reason(e)
        return f"{self.who} closed the connection" + (f": {reason}" if reason else "")


def _reason(e: ConnectionClosed) -> str:
    """The reason the other side gave for closing (a refusal's, say: websockets before 14.0 may
    drop the "refused" message that came just before the close), made safe for one log line."""
    if e.rcvd is None or e.rcvd.code != 1008:
        return ""
    return plain(e.rcvd.reason, 120)


def allow(ws: Connection, most: int) -> None:
    """Let the connection's next messages be up to `most` bytes. websockets takes the limit once,
    when the connection opens; its protocol object reads it again at every frame (the attribute
    is max_size in older websockets, max_message_size in newer)."""
    protocol = ws.protocol
    name = "max_message_size" if hasattr(protocol, "max_message_size") else "max_size"
    setattr(protocol, name, most)


def _limit(ws: Connection) -> int:
    protocol = ws.protocol
    return int(getattr(protocol, "max_message_size", getattr(protocol, "max_size", MAX_MESSAGE)) or MAX_MESSAGE)


def _size(n: int) -> str:
    return f"{n // 2**20} MiB" if n >= 2**20 else f"{n // 2**10} KiB"
