"""The host's listening socket, as websockets' server sees it: each connection accepted is
counted until it gives the join code, and one over the caps is closed at once, so a crowd that
never says the code holds a bounded share of the host (a file descriptor, two threads and a few
small messages each). A full table of file descriptors only makes the door wait and try again:
the listener never stops for good (the server library's own loop ends at the first error)."""

from __future__ import annotations

import contextlib
import errno
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

PENDING_MOST = 64  # connections that have not yet given the join code, from every address
PENDING_PER_ADDRESS = 8  # of them from one address: one machine cannot take every place
SAY_EVERY = 10.0  # seconds between two lines about connections refused (a flood is not a flood of lines)
_SCARCE = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}
_BACKOFF_FIRST, _BACKOFF_MOST = 0.05, 1.0
_LOOK = 0.5  # how often a wait for the next connection looks whether the door was closed


class Door:
    """A listening socket standing in for the one websockets' server accepts from."""

    def __init__(
        self,
        sock: socket.socket,
        say: Callable[[str], None],
        *,
        most: int = PENDING_MOST,
        per_address: int = PENDING_PER_ADDRESS,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        sock.settimeout(_LOOK)
        self.sock = sock
        self.say = say
        self.most = most
        self.per_address = per_address
        self.now = now
        self.pending: Counter[str] = Counter()
        self.refused = 0  # connections closed at the door since the last line said so
        self._said_at: float | None = None
        self._lock = threading.Lock()
        self._closed = threading.Event()

    def __getattr__(self, name: str) -> Any:  # fileno, getsockname, family, ...: the socket's own
        return getattr(self.sock, name)

    def accept(self) -> tuple[socket.socket, Any]:
        """The next connection the caps let in; OSError once the door is closed."""
        backoff = _BACKOFF_FIRST
        while True:
            try:
                conn, addr = self.sock.accept()
            except TimeoutError:
                self._check_open()
                continue
            except OSError as e:
                self._check_open()
                if e.errno not in _SCARCE:
                    continue  # the connection went before it was taken (ECONNABORTED, ...)
                self._note(f"cannot take a connection ({e.strerror}); trying again")
                self._closed.wait(backoff)
                backoff = min(_BACKOFF_MOST, backoff * 2)
                continue
            backoff = _BACKOFF_FIRST
            who = str(addr[0]) if isinstance(addr, tuple) and addr else "?"
            if self._admit(who):
                return Counted.taking(conn, self, who), addr
            conn.close()
            with self._lock:
                self.refused += 1
            self._note(
                f"connections refused: {self.most} may wait to give the join code, {self.per_address} from one address"
            )

    def close(self) -> None:
        self._closed.set()
        # Closing a socket does not wake a thread blocked in its accept(); shutting it down does
        # (Linux), so the listener ends now rather than at its next look, up to _LOOK later.
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()

    def _check_open(self) -> None:
        if self._closed.is_set():
            raise OSError(errno.EBADF, "the door is closed")

    def _admit(self, who: str) -> bool:
        with self._lock:
            if self.pending.total() >= self.most or self.pending[who] >= self.per_address:
                return False
            self.pending[who] += 1
            return True

    def release(self, who: str) -> None:
        with self._lock:
            self.pending[who] -= 1
            if self.pending[who] <= 0:
                del self.pending[who]

    def _note(self, line: str) -> None:
        """Say a line about what the door turned away, at most once every SAY_EVERY seconds."""
        with self._lock:
            t = self.now()
            if self._said_at is not None and t - self._said_at < SAY_EVERY:
                return
            self._said_at, n, self.refused = t, self.refused, 0
        self.say(f"{line} ({n} refused since the last such line)" if n > 1 else line)


class Counted(socket.socket):
    """An accepted connection holding its place at the door until it gives the join code
    (`passed`) or closes, whichever comes first."""

    door: Door | None
    who: str

    @classmethod
    def taking(cls, conn: socket.socket, door: Door, who: str) -> Counted:
        sock = cls(conn.family, conn.type, conn.proto, fileno=conn.detach())
        sock.door, sock.who = door, who
        return sock

    def passed(self) -> None:
        door, self.door = self.door, None
        if door is not None:
            door.release(self.who)

    def close(self) -> None:
        self.passed()
        super().close()


def passed(ws_socket: object) -> None:
    """The connection gave the join code: its place at the door is free for another."""
    if isinstance(ws_socket, Counted):
        ws_socket.passed()
