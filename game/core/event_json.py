"""Events and the values they carry as the log's JSON objects: each field under its JSON key, in
order, a None left out where the field says so (game/core/events.py's OMIT_NONE and FROM)."""

from __future__ import annotations

import dataclasses
from typing import Any

# Field metadata: left out of the JSON when None; a JSON key that is not a Python name (`from`).
OMIT_NONE = {"omit_none": True}
FROM = {"json": "from"}

_SPECS: dict[type, tuple[tuple[str, str, bool], ...]] = {}


def spec(cls: type) -> tuple[tuple[str, str, bool], ...]:
    """(attribute, JSON key, left out when None) for each field, in order."""
    found = _SPECS.get(cls)
    if found is None:
        found = _SPECS[cls] = tuple(
            (f.name, f.metadata.get("json", f.name), bool(f.metadata.get("omit_none"))) for f in dataclasses.fields(cls)
        )
    return found


def dump(value: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, key, omit in spec(type(value)):
        v = getattr(value, name)
        if v is None and omit:
            continue
        out[key] = _plain(v)
    return out


def _plain(v: Any) -> Any:
    if v is None or type(v) in (str, int, float, bool):  # most of a log's values: returned first
        return v
    if isinstance(v, (tuple, list)):
        return [_plain(x) for x in v]
    if dataclasses.is_dataclass(v):
        return dump(v)
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v
