"""The messages two peers exchange: JSON objects with a type, the protocol's version and the
fields their type names (docs/formats.md#network-play). Anything else is refused in one line."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

# The newest protocol this Rout speaks; every message carries it (2: the welcome's dice; 3: thinking;
# 4: the digests take in the dice generator's position, the hello its rules version).
PROTOCOL = 4
# A command is well under 1 KiB and a round's events a few hundred KiB; the largest message is the
# welcome, which carries the command log and a map of the host's own (MAP_BYTES, base64: 4/3).
MAX_MESSAGE = 8 * 2**20
HELLO_BYTES = 16 * 2**10  # the largest message before the join code is checked, and a spectator's
MAX_WATCHERS = 8  # spectators at once, unless the host says otherwise (rout host --max-watchers)
MAP_BYTES = 4 * 2**20
CODE = re.compile(r"[A-Za-z0-9-]{4,32}")

# Each type's fields and their JSON types ("protocol" and "type" are every message's).
_INT, _STR, _BOOL, _LIST, _DICT = int, str, bool, list, dict
FIELDS: dict[str, dict[str, type]] = {
    "hello": {"code": _STR, "role": _STR, "rules": _INT},
    "welcome": {
        "role": _STR,
        "side": _STR,
        "holders": _DICT,
        "map": _DICT,
        "seed": _INT,
        "dice": _INT,
        "options": _DICT,
        "commands": _LIST,
        "events": _INT,
        "sha256": _STR,
    },
    "refused": {"reason": _STR},
    "command": {"n": _INT, "command": _DICT, "events": _INT, "sha256": _STR},
    "digest": {"round": _INT, "events": _INT, "sha256": _STR, "final": _BOOL},
    "desync": {"round": _INT, "start": _INT, "events": _LIST, "dice": _STR},
    "thinking": {},  # the side the battle waits on is still deciding (peer.BEAT_SECONDS)
    "bye": {},
}
ROLES = ("play", "watch")


class ProtocolError(Exception):
    """A message that breaks the protocol; the text is the one line the log gets."""


def encode(kind: str, **fields: object) -> str:
    return json.dumps({"type": kind, "protocol": PROTOCOL, **fields}, separators=(",", ":"), ensure_ascii=False)


def decode(raw: str | bytes, expect: tuple[str, ...] | None = None) -> dict[str, object]:
    """The message as an object, checked against its type's fields; ProtocolError otherwise."""
    if isinstance(raw, bytes):
        raise ProtocolError("a binary message (the protocol sends text)")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("a message that is not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message that is not a JSON object")
    check_version(msg)
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise ProtocolError(f"a message of unknown type {shown(kind)}")
    if expect is not None and kind not in expect:
        raise ProtocolError(f"a {kind!r} message where {' or '.join(repr(e) for e in expect)} was due")
    for name, want in FIELDS[kind].items():
        value = msg.get(name)
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise ProtocolError(f"a {kind!r} message whose {name!r} is not a {want.__name__}")
    return msg


def check_version(msg: Mapping[str, object]) -> None:
    v = msg.get("protocol")
    if not isinstance(v, int) or isinstance(v, bool):
        raise ProtocolError("a message without a protocol version")
    if v > PROTOCOL:
        raise ProtocolError(f"protocol {v} is newer than this Rout's ({PROTOCOL}); update Rout")
    if v != PROTOCOL:
        raise ProtocolError(f"protocol {v} is not this Rout's ({PROTOCOL})")


def plain(text: str, most: int = 160) -> str:
    """Words from the other machine made safe for one line of a log or a screen: every character
    that is not printable (an escape code, a newline) becomes "?", and the text is cut short."""
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= most else text[: most - 3] + "..."


def shown(value: object, most: int = 40) -> str:
    """A value from the other side, quoted and cut short: it never forges a log line."""
    text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."
