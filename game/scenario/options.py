"""Rule options a scenario may set as map properties, with their types and allowed values."""

from __future__ import annotations

import re
from typing import Any

# name: (type, allowed values or (min, max) or None)
OPTIONS: dict[str, tuple[type, Any]] = {
    "morale_system": (str, ("adnd2e", "ose")),
    "initiative": (str, ("individual", "group")),
    "knockdown_dice": (bool, None),
    "death_at_minus_10": (bool, None),
    "max_rounds": (int, (1, 1000)),
    "victory": (str, ("last_side_standing",)),
    "surprised": (str, None),
    "waiting": (str, None),
    "foreign_environment": (str, None),
}
WORDS = ("title", "description")

# A side is a plain identifier: lower-case letters, digits and _, starting with a letter
# ("blue", "red", "orc_band_2"). Anything else (spaces, capitals, punctuation, empty) is
# an unknown side: sides appear in event logs, replays and --ai SIDE=LEVEL.
_SIDE = re.compile(r"[a-z][a-z0-9_]*\Z")
SIDE_RULE = "a side is a plain name of lower-case letters, digits and _, starting with a letter"


def plain_side(name: object) -> bool:
    return isinstance(name, str) and _SIDE.match(name) is not None


def check_option(name: str, value: object, sides: list[str]) -> str | None:
    """Return what is wrong with one option value, or None."""
    if name not in OPTIONS:
        return f"unknown rule option {name!r} (known: {', '.join(sorted(OPTIONS))})"
    typ, allowed = OPTIONS[name]
    if typ is int and (isinstance(value, bool) or not isinstance(value, int)):
        return f"option {name} must be a whole number (type int), not {_what(value)}"
    if typ is bool and not isinstance(value, bool):
        return f"option {name} must be true or false (type bool), not {_what(value)}"
    if typ is not int and not isinstance(value, typ):
        return f"option {name} must be a {typ.__name__}, not {_what(value)}"
    if typ is int and allowed and not allowed[0] <= value <= allowed[1]:  # type: ignore[operator]
        return f"option {name} must be between {allowed[0]} and {allowed[1]}, not {value}"
    if typ is str and allowed and value not in allowed:
        return f"option {name} must be one of {', '.join(allowed)}, not {value!r}"
    if name in ("surprised", "waiting", "foreign_environment") and value and value not in sides:
        return f"option {name} names side {value!r}, which has no units"
    return None


def _what(value: object) -> str:
    return repr(value) if isinstance(value, str) else f"{type(value).__name__} {value!r}"


def parse_cli_value(name: str, text: str) -> object:
    """Turn a command-line string into the option's type; raise ValueError with a reason."""
    if name not in OPTIONS:
        raise ValueError(f"unknown rule option {name!r} (known: {', '.join(sorted(OPTIONS))})")
    typ, _ = OPTIONS[name]
    if typ is bool:
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"option {name} must be true or false, not {text!r}")
    if typ is int:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"option {name} must be a whole number, not {text!r}") from None
    return text
