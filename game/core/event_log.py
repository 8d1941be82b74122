"""Reading an event log back: JSON objects into the typed events of game/core/events.py.

The log is the contract (docs/formats.md); a reader accepts fields added later and logs of an
older format, and refuses, with a reason, a newer format or anything that is not an event of
the contract.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any

from game.core.events import LOG_FORMAT, TYPES, BattleStart, Event, spec


class BadEvent(ValueError):
    """An event-log object that is not an event of the contract."""


def from_json(obj: object) -> Event:
    """Read one event-log object back; raise BadEvent naming what is wrong."""
    if not isinstance(obj, Mapping):
        raise BadEvent(f"an event must be a JSON object, not {type(obj).__name__}")
    type_ = obj.get("type")
    cls = TYPES.get(type_) if isinstance(type_, str) else None
    if cls is None:
        raise BadEvent(f"unknown event type {type_!r}")
    if cls is BattleStart:
        obj = {**obj, "format": _format(obj)}
    event: Event = _load(cls, obj, cls.type)
    return event


def read_log(objects: Iterable[object]) -> list[Event]:
    """Read a whole log (parsed JSON objects, one per line)."""
    return [from_json(o) for o in objects]


def _format(start: Mapping[str, Any]) -> int:
    """The log's format from its battle_start: 1 when absent (logs written before the field)."""
    found = start.get("format", 1)
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise BadEvent(f"battle_start.format: expected a whole number from 1, not {found!r}")
    if found > LOG_FORMAT:
        raise BadEvent(f"the log is format {found}, newer than this version of Rout reads (up to {LOG_FORMAT})")
    return found


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _load(cls: type, obj: Mapping[str, Any], where: str) -> Any:
    """Build cls from its JSON object; fields it does not know are skipped (docs/formats.md#compatibility: fields
    may be added freely)."""
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for name, key, omit in spec(cls):
        if key not in obj:
            if omit:
                continue
            raise BadEvent(f"{where}: missing field {key!r}")
        kwargs[name] = _decode(hints[name], obj[key], f"{where}.{key}")
    return cls(**kwargs)


def _member(hint: Any, value: Any, where: str) -> Any:
    """A typed key (a StrEnum of game/core/phases.py, a Literal of names) from its string in the log."""
    literal = typing.get_origin(hint) is typing.Literal
    allowed = typing.get_args(hint) if literal else tuple(str(m.value) for m in hint)
    if value not in allowed:
        raise BadEvent(f"{where}: expected one of {', '.join(allowed)}, not {value!r}")
    return value if literal else hint(value)


def _decode(hint: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = (a for a in args if a is not type(None))
        return _decode(inner, value, where)
    if origin is tuple:
        if not isinstance(value, list):
            raise BadEvent(f"{where}: expected a list, not {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], x, f"{where}[{i}]") for i, x in enumerate(value))
        if len(value) != len(args):
            raise BadEvent(f"{where}: expected {len(args)} items, not {value!r}")
        return tuple(_decode(a, x, f"{where}[{i}]") for i, (a, x) in enumerate(zip(args, value, strict=True)))
    if origin is dict:
        if not isinstance(value, dict):
            raise BadEvent(f"{where}: expected an object, not {value!r}")
        return dict(value)
    if dataclasses.is_dataclass(hint):
        if not isinstance(value, Mapping):
            raise BadEvent(f"{where}: expected an object, not {value!r}")
        return _load(hint, value, where)  # type: ignore[arg-type]
    if origin is typing.Literal or (isinstance(hint, type) and issubclass(hint, enum.Enum)):
        return _member(hint, value, where)
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, hint)
    if not ok:
        raise BadEvent(f"{where}: expected {hint.__name__}, not {value!r}")
    return value
