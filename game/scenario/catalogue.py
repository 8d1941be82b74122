"""The unit catalogue: game/data/catalogue.toml, which a map's own catalogue may extend, read into frozen Kinds.

Every key is checked against game.scenario.catalogue_schema before a Kind is built, so a Kind holds only
values the rules can play; each problem is one line, 'file: unit KEY: what is wrong'.
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.core.rules.creature import CreatureClass, Kind, Poison, Weapon
from game.core.rules.dice import parse_dice
from game.core.rules.geometry import Size
from game.scenario.catalogue_schema import table_problems
from game.scenario.errors import CatalogueError
from game.scenario.input_files import CATALOGUE_BYTES, read_input

# A TOML table as tomllib reads it; only read here once table_problems found nothing wrong in it.
Table = dict[str, Any]

CATALOGUE = Path(__file__).resolve().parent.parent / "data" / "catalogue.toml"
_AT_LINE = re.compile(r"^(.*?)\s*\(at line (\d+), column (\d+)\)$")


@lru_cache(maxsize=4)
def load(path: str = str(CATALOGUE)) -> dict[str, Kind]:
    """Read and check one catalogue file; a CatalogueError lists every problem."""
    data = _checked(path)
    return _kinds(data.get("weapons", {}), data.get("units", {}))


def weapons(path: str = str(CATALOGUE)) -> dict[str, Weapon]:
    """The catalogue's weapons by key, those no unit wields included."""
    return {k: _weapon(k, d) for k, d in _checked(path).get("weapons", {}).items()}


def descriptions(path: str = str(CATALOGUE)) -> dict[str, str]:
    """Each unit's one sentence for the player (its `description`), by key: the window's, which
    the rules never read, so it is kept out of `Kind`."""
    return {k: str(d.get("description", "")) for k, d in _checked(path)["units"].items()}


def for_map(path: Path) -> dict[str, Kind]:
    """The shipped catalogue extended by a map's own file: an entry there adds a weapon or unit, or
    replaces the shipped entry of that key whole. Cached while the file is unchanged (edited, it is
    read again)."""
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (0, 0)  # _read says what is wrong
    return _merged(str(path), *stamp)


def own_units(path: Path) -> list[str]:
    """The keys of the units a map's own catalogue file adds or replaces (checked as for_map does)."""
    for_map(path)
    return sorted(_table(_read(str(path)), "units"))


@lru_cache(maxsize=16)
def _merged(path: str, _mtime_ns: int, _size: int) -> dict[str, Kind]:
    shipped = _checked(str(CATALOGUE))
    own = _read(path)
    weapons = {**shipped["weapons"], **_table(own, "weapons")}
    units = {**shipped["units"], **_table(own, "units")}
    problems = table_problems(own, weapons)
    if not problems and set(_table(own, "weapons")) & set(shipped["weapons"]):
        # A replaced weapon may leave a shipped unit with, say, no melee weapon: that is this file's doing.
        kept = {k: v for k, v in units.items() if k not in _table(own, "units")}
        problems = table_problems({"units": kept}, weapons)
    if problems:
        raise CatalogueError([f"{path}: {p}" for p in problems])
    return _kinds(weapons, units)


@lru_cache(maxsize=4)
def _checked(path: str) -> dict[str, Table]:
    data = _read(path)
    problems = table_problems(data, _table(data, "weapons"))
    if problems:
        raise CatalogueError([f"{path}: {p}" for p in problems])
    return {"weapons": _table(data, "weapons"), "units": _table(data, "units")}


def _table(data: Table, name: str) -> Table:
    found = data.get(name, {})
    return found if isinstance(found, dict) else {}


def _read(path: str) -> Table:
    """A catalogue file's tables; one line naming the file (and the line) if it cannot be read as TOML."""
    try:
        return tomllib.loads(read_input(path, CATALOGUE_BYTES).decode("utf-8"))
    except FileNotFoundError:
        why = "file: not found"
    except IsADirectoryError:
        why = "file: is a folder, not a .toml catalogue"
    except UnicodeDecodeError:
        why = "file: is not UTF-8 text"
    except OSError as e:
        why = f"file: cannot be read: {e.strerror or e}"
    except RecursionError:
        why = "not valid TOML: nested too deep"
    except tomllib.TOMLDecodeError as e:
        m = _AT_LINE.match(str(e))
        why = f"line {m[2]}, column {m[3]}: not valid TOML: {m[1].lower()}" if m else f"not valid TOML: {e}"
    except ValueError:  # Python's limit on int("..."): 4,300 digits
        why = "not valid TOML: a number too long to read (over 4,300 digits)"
    raise CatalogueError([f"{path}: {why}"])


def _weapon(key: str, d: Table) -> Weapon:
    kd = d.get("knockdown", "")
    short, medium, long = d.get("range", [0, 0, 0])
    return Weapon(
        key=key,
        name=d.get("name", key),
        kind=d["kind"],
        damage=parse_dice(d["damage"]),
        reach_ft=d.get("reach_ft", 0),
        knockdown=int(kd[1:]) if kd else 0,
        range=(short, medium, long),
        rate=d.get("rate", 1),
        magic=d.get("magic", 0),
        poison=Poison(d["poison"]["dice"], d["poison"]["rounds"]) if "poison" in d else None,
        settable=d.get("settable", False),
    )


def _kinds(weapon_entries: dict[str, Table], unit_entries: dict[str, Table]) -> dict[str, Kind]:
    """Kinds from checked entries (the defaults are the schema's: game.scenario.catalogue_schema)."""
    weapons = {k: _weapon(k, d) for k, d in weapon_entries.items()}
    return {
        key: Kind(
            key=key,
            name=d.get("name", key),
            size=Size(d["size"]),
            cls=CreatureClass(d["class"]),
            level=d.get("level", 0),
            hd=float(d.get("hd", 1)),
            hd_bonus=d.get("hd_bonus", 0),
            hp=d["hp"],
            dex=d["dex"],
            con=d.get("con", 10),
            ac=d["ac"],
            shield=d.get("shield", 0),
            dex_ac=d.get("dex_ac", 0),
            mv=d["mv"],
            weapons=tuple(weapons[w] for w in d["weapons"]),
            hit_bonus=d.get("hit_bonus", 0),
            damage_bonus=d.get("damage_bonus", 0),
            encumbrance=d.get("encumbrance", "none"),
            morale=d["morale"],
            morale_ose=d["morale_ose"],
            led_morale=d.get("led_morale", 0),
            alignment=d.get("alignment", "N"),
            intelligence=d.get("int", 10),
            flags=tuple(d.get("flags", ())),
            troop=d.get("troop", ""),
            troop_mods=tuple(d.get("troop_mods", ())),
            hit_only_by=d.get("hit_only_by", 0),
            spells=tuple(d.get("spells", ())),
        )
        for key, d in unit_entries.items()
    }
