"""The rule options of one battle: the table of what each may be, and the frozen value the rules read.

A battle's options are built once, when it starts: the defaults, then the map's properties, then
the command line's (or the caller's) overrides, each value checked as it is laid on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
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
_NAMES_SIDE = ("surprised", "waiting", "foreign_environment")


class OptionError(ValueError):
    """A rule option that is unknown or has a value it may not have; the message is one line."""


@dataclass(frozen=True, slots=True)
class Options:
    """Every rule option with its value; the defaults are the game's rules without options."""

    morale_system: str = "adnd2e"  # adnd2e (2d10, seed 000) or ose (2d6, seed 001)
    initiative: str = "individual"
    knockdown_dice: bool = True
    death_at_minus_10: bool = False
    max_rounds: int = 30
    victory: str = "last_side_standing"
    surprised: str = ""  # the side surprised in round 1, if any
    waiting: str = ""  # the side waiting in round 1, if any
    foreign_environment: str = ""  # the side fighting in a foreign environment, if any

    @classmethod
    def build(cls, sides: Iterable[str], *layers: Mapping[str, object]) -> Options:
        """The defaults with each layer's values laid over them in turn; raise OptionError if one is bad."""
        known = list(sides)
        values: dict[str, object] = {}
        for layer in layers:
            for name, value in layer.items():
                why = check_option(name, value, known)
                if why:
                    raise OptionError(why)
                values[name] = value
        return cls(**values)  # type: ignore[arg-type]

    def as_dict(self) -> dict[str, object]:
        """Every option by name, in name order (the battle_start event's `options`)."""
        return {name: getattr(self, name) for name in sorted(f.name for f in fields(self))}


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
    if typ is int and allowed and not allowed[0] <= value <= allowed[1]:
        return f"option {name} must be between {allowed[0]} and {allowed[1]}, not {value}"
    if typ is str and allowed and value not in allowed:
        return f"option {name} must be one of {', '.join(allowed)}, not {value!r}"
    if name in _NAMES_SIDE and value and value not in sides:
        return f"option {name} names side {value!r}, which has no units"
    return None


def _what(value: object) -> str:
    return repr(value) if isinstance(value, str) else f"{type(value).__name__} {value!r}"
