"""What a scenario's map properties and the command line may say: sides, words, rule options."""

from __future__ import annotations

import re

from game.options import OPTIONS, check_option

__all__ = ["OPTIONS", "SIDE_RULE", "WORDS", "check_option", "parse_cli_value", "plain_side"]

WORDS = ("title", "description")

# A side is a plain identifier: lower-case letters, digits and _, starting with a letter
# ("blue", "red", "orc_band_2"). Anything else (spaces, capitals, punctuation, empty) is
# an unknown side: sides appear in event logs, replays and --ai SIDE=LEVEL.
_SIDE = re.compile(r"[a-z][a-z0-9_]*\Z")
SIDE_RULE = "a side is a plain name of lower-case letters, digits and _, starting with a letter"


def plain_side(name: object) -> bool:
    return isinstance(name, str) and _SIDE.match(name) is not None


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
