"""What a scenario's map properties and the command line may say: sides, words, rule options."""

from __future__ import annotations

import re

from game.core.options import check_option, declared, named, unknown

__all__ = ["SIDE_RULE", "WAIT_CHOICE", "WORDS", "check_option", "map_option", "parse_cli_value", "plain_side"]

WORDS = ("title", "description")
WAIT_CHOICE = "wait_choice"  # not a rule option: a property of the meeting the map sets (docs/formats.md)

# A side is a plain identifier: lower-case letters, digits and _, starting with a letter
# ("blue", "red", "orc_band_2"). Anything else (spaces, capitals, punctuation, empty) is
# an unknown side: sides appear in event logs, replays and --ai SIDE=LEVEL.
_SIDE = re.compile(r"[a-z][a-z0-9_]*\Z")
SIDE_RULE = "a side is a plain name of lower-case letters, digits and _, starting with a letter"


def plain_side(name: object) -> bool:
    return isinstance(name, str) and _SIDE.match(name) is not None


def parse_cli_value(name: str, text: str) -> object:
    """Turn a command-line string into the option's type; raise ValueError with a reason."""
    found = named(name)
    if found is None:
        raise ValueError(unknown(name))
    return found.parse(text)


def map_option(key: str, value: object, sides: list[str]) -> tuple[str, str | None]:
    """The rule option a map property sets, and what is wrong with its value (or None)."""
    found = next((r for r in declared() if r.map_property == key), None)
    if found is None:
        return key, unknown(key)
    return found.name, found.check(value, sides)
