"""Every key of campaign.toml, its type and range, declared once: the reader checks a file against
these, and the JSON Schema (game/data/schemas/campaign.schema.json) says the same
(tests/campaign/test_campaign_schema.py holds the two together)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.generate.spec import SIZE_MAX, SIZE_MIN, TERRAINS
from game.levels import LEVELS
from game.scenario.catalogue_schema import suggest
from game.scenario.tmx import what

# A campaign's two outcomes, which are also a battle's two branches: spelt here once (the rule
# option `victory` is another word spelt alike, tests/test_option_declarations.py).
VICTORY, DEFEAT = "victory", "defeat"
TEXT_MAX = 4000  # characters of a card's words
NAME_MAX = 64  # characters of a name or an id


@dataclass(frozen=True)
class Key:
    type: str  # int, float, bool, text, name, names, table, tables, choice
    required: bool = False
    least: float = 0
    most: float = 10**6
    choices: tuple[str, ...] = ()


TOP_KEYS = {
    "format": Key("int", True, 1, 1),
    "title": Key("name", True),
    "about": Key("text"),
    "company": Key("name"),
    "crowns": Key("int", least=0, most=10**6),
    "roster_limit": Key("int", least=1, most=40),
    "hire": Key("names"),
    "first": Key("name", True),
    "endless": Key("bool"),
    "start": Key("tables"),
    "battle": Key("tables", True),
}
BATTLE_KEYS = {
    "id": Key("name", True),
    "title": Key("name"),
    "map": Key("name"),
    "generate": Key("table"),
    "enemy_points": Key("int", least=1, most=2000),
    "enemy_strength": Key("float", least=0.1, most=10),
    "fielded": Key("int", least=1, most=40),
    "ai": Key("choice", choices=LEVELS),
    "pay": Key("int", most=10**6),
    "xp": Key("int", most=10**6),
    "days": Key("int", most=365),
    "before": Key("text"),
    "after_victory": Key("text"),
    "after_defeat": Key("text"),
    VICTORY: Key("name"),
    DEFEAT: Key("name"),
}
GENERATE_KEYS = {
    "width": Key("int", least=SIZE_MIN[0], most=SIZE_MAX[0]),
    "height": Key("int", least=SIZE_MIN[1], most=SIZE_MAX[1]),
    "terrain": Key("choice", choices=TERRAINS),
}
START_KEYS = {"kind": Key("name", True), "name": Key("name", True)}
_WORDS = {
    "int": "a whole number",
    "float": "a number",
    "bool": "true or false",
    "text": f"a string of at most {TEXT_MAX} characters",
    "name": f"a string of 1 to {NAME_MAX} printable characters",
    "names": "a list of names",
    "table": "a table, such as { width = 24 }",
    "tables": "an array of tables, each [[...]]",
}


def problems_of(table: object, keys: dict[str, Key], where: str) -> list[str]:
    """Each problem of one table against its keys, one line each beginning with `where`."""
    if not isinstance(table, dict):
        return [f"{where} must be a table, not {what(table)[:80]}"]
    out = [f"{where} unknown key {k[:40]!r}{suggest(k, keys)}" for k in table if k not in keys]
    out += [f"{where} key {k} is missing" for k, key in keys.items() if key.required and k not in table]
    for k, value in table.items():
        key = keys.get(k)
        why = None if key is None else _value_problem(key, value)
        if why:
            out.append(f"{where} {k} must be {why}, not {what(value)[:80]}")
    return out


def _value_problem(key: Key, value: Any) -> str | None:
    """What the value must be, in words, when it is not; None when it fits."""
    if key.type == "choice":
        return None if value in key.choices else f"one of {', '.join(key.choices)}"
    if key.type in ("int", "float"):
        number = isinstance(value, int) if key.type == "int" else isinstance(value, int | float)
        if not number or isinstance(value, bool) or not key.least <= value <= key.most:
            return f"{_WORDS[key.type]} from {key.least:g} to {key.most:g}"
        return None
    fits = {
        "bool": isinstance(value, bool),
        "text": isinstance(value, str) and len(value) <= TEXT_MAX,
        "name": _is_name(value),
        "names": isinstance(value, list) and all(_is_name(v) for v in value),
        "table": isinstance(value, dict),
        "tables": isinstance(value, list) and all(isinstance(v, dict) for v in value),
    }
    return None if fits[key.type] else _WORDS[key.type]


def _is_name(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= NAME_MAX and value.isprintable()
