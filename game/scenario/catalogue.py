"""The unit catalogue: data in game/data/catalogue.toml, read into frozen Kinds."""

from __future__ import annotations

import tomllib
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from game.rules.creature import ENCUMBRANCE, CreatureClass, Flag, Kind, Weapon
from game.rules.dice import parse_dice
from game.rules.geometry import Size

E = TypeVar("E", bound=StrEnum)

CATALOGUE = Path(__file__).resolve().parent.parent / "data" / "catalogue.toml"


class CatalogueError(ValueError):
    pass


def _weapon(key: str, d: dict) -> Weapon:
    kd = d.get("knockdown", "")
    rng = d.get("range", [0, 0, 0])
    return Weapon(
        key=key,
        name=d.get("name", key),
        kind=d["kind"],
        damage=parse_dice(d["damage"]),
        reach_ft=int(d.get("reach_ft", 0)),
        knockdown=int(kd[1:]) if kd else 0,
        range=(int(rng[0]), int(rng[1]), int(rng[2])),
        rate=int(d.get("rate", 1)),
    )


def kind_from(key: str, d: dict, weapons: dict[str, Weapon]) -> Kind:
    """Build a Kind from one catalogue entry; raise CatalogueError naming what is wrong."""
    try:
        size = _member(key, "size", d["size"], Size, " ")
        cls = _member(key, "class", d["class"], CreatureClass, ", ")
        flags = tuple(_member(key, "flag", f, Flag, ", ") for f in d.get("flags", ()))
        if d.get("encumbrance", "none") not in ENCUMBRANCE:
            raise CatalogueError(f"unit {key}: unknown encumbrance {d['encumbrance']!r}")
        missing = [w for w in d["weapons"] if w not in weapons]
        if missing:
            raise CatalogueError(f"unit {key}: unknown weapon {missing[0]!r}")
        return Kind(
            key=key,
            name=d.get("name", key),
            size=size,
            cls=cls,
            level=int(d.get("level", 0)),
            hd=float(d.get("hd", 1)),
            hd_bonus=int(d.get("hd_bonus", 0)),
            hp=int(d["hp"]),
            dex=int(d["dex"]),
            con=int(d.get("con", 10)),
            ac=int(d["ac"]),
            shield=int(d.get("shield", 0)),
            dex_ac=int(d.get("dex_ac", 0)),
            mv=int(d["mv"]),
            weapons=tuple(weapons[w] for w in d["weapons"]),
            hit_bonus=int(d.get("hit_bonus", 0)),
            damage_bonus=int(d.get("damage_bonus", 0)),
            encumbrance=d.get("encumbrance", "none"),
            morale=int(d["morale"]),
            morale_ose=int(d["morale_ose"]),
            alignment=d.get("alignment", "N"),
            intelligence=int(d.get("int", 10)),
            flags=flags,
            troop=d.get("troop", ""),
            troop_mods=tuple(d.get("troop_mods", ())),
        )
    except KeyError as e:
        raise CatalogueError(f"unit {key}: missing {e.args[0]!r}") from None


def _member(key: str, what: str, value: object, enum: type[E], sep: str) -> E:
    """The enum member a catalogue value names; a CatalogueError naming the unit and value if none."""
    if isinstance(value, str) and value in enum._value2member_map_:
        return enum(value)
    known = sep.join(enum)
    raise CatalogueError(f"unit {key}: {what} {value!r} is not one of {known}")


@lru_cache(maxsize=4)
def load(path: str = str(CATALOGUE)) -> dict[str, Kind]:
    """Read the catalogue; a CatalogueError names the file, the unit kind and what is wrong."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    weapons = {k: _weapon(k, v) for k, v in data.get("weapons", {}).items()}
    try:
        return {k: kind_from(k, v, weapons) for k, v in data.get("units", {}).items()}
    except CatalogueError as e:
        raise CatalogueError(f"{Path(path).name}: {e}") from None
