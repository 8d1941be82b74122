"""The units layer of a map: each unit object's name and properties checked, then placed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.rules.creature import Kind
from game.core.rules.fatigue import STATE_NAMES
from game.core.rules.geometry import FACINGS, Pos, footprint
from game.core.terrain import Terrain
from game.core.world import Morale
from game.scenario.model import Placement
from game.scenario.options import SIDE_RULE, plain_side
from game.scenario.tmx import first_object_layer, object_layers, square, typed, what

MAX_NAME = 64  # characters of a unit's name (its id in commands and logs)

if TYPE_CHECKING:  # pytmx ships no types: its classes name what a function takes
    from pytmx import TiledMap, TiledObject, TiledObjectGroup

CONTROLLERS = ("human", "ai")
MAX_HP = 1000  # a unit's hp property may exceed its kind's (a lesson's tough foe), within reason
UNIT_FLAGS = ("hero", "leader", "retainer", "force_marched")
# `cornered` (bool, unit property): the unit starts with no way to its exits on purpose
# (say, a lesson about being surrounded); the exit check passes it by.
CHECK_FLAGS = ("cornered",)
MORALE_STATES = tuple(m.value for m in Morale)
Say = Callable[[str], None]  # says one problem with the object at hand


def declared_sides(tmx: TiledMap) -> list[str]:
    layer = first_object_layer(tmx, "units")
    if layer is None:
        return []
    return sorted(
        {
            o.properties["side"]
            for o in layer
            if isinstance(o.properties.get("side"), str) and plain_side(o.properties["side"])
        }
    )


def read_units(
    tmx: TiledMap, path: Path, terrain: Terrain, problems: list[str], kinds: dict[str, Kind]
) -> list[Placement]:
    """Every unit object checked against the map's catalogue (`kinds`) and placed; each problem is
    added to `problems` as one line."""
    layer = _units_layer(tmx, path, problems)
    if layer is None:
        return []
    seen: dict[str, int] = {}
    taken: dict[Pos, str] = {}
    out: list[Placement] = []
    for obj in layer:
        shown = (obj.name if obj.name.isprintable() else repr(obj.name)[:MAX_NAME]) if obj.name else "unnamed"
        where = f"{path}: unit object {obj.id} ({shown})"
        before = len(problems)

        def bad(what: str, where: str = where) -> None:
            problems.append(f"{where}: {what}")

        unit = _unit(obj, square(obj, tmx.tilewidth, tmx.tileheight), kinds, seen, bad)
        if len(problems) == before and unit is not None and _stands(unit, terrain, taken, bad):
            out.append(unit)
    return out


def _units_layer(tmx: TiledMap, path: Path, problems: list[str]) -> TiledObjectGroup | None:
    """The object layer named units, if there is one and it places units (a problem said if not)."""
    found = object_layers(tmx, "units")
    if not found:
        problems.append(f"{path}: map: there is no object layer named 'units'")
        return None
    if len(found) > 1:
        problems.append(f"{path}: map: there are {len(found)} object layers named 'units'; merge them into one")
    if not len(found[0]):
        problems.append(f"{path}: units: the units layer places no units")
        return None
    return found[0]


def _unit(obj: TiledObject, pos: Pos, kinds: dict[str, Kind], seen: dict[str, int], bad: Say) -> Placement | None:
    """The unit an object places, its name and properties checked (each problem said with `bad`);
    None when its kind is unknown."""
    name, props = obj.name or "", obj.properties
    if not name:
        bad("has no name (the unit id)")
    elif not name.isprintable() or len(name) > MAX_NAME:
        # A newline or other control character in a name would split or forge a line of an error.
        bad(f"name {name[:MAX_NAME]!r} must be at most {MAX_NAME} printable characters, with no control characters")
    elif name in seen:
        bad(f"name {name!r} is already used by object {seen[name]}")
    else:
        seen[name] = obj.id
    side, kind_key, facing = props.get("side"), props.get("kind"), props.get("facing")
    _check_side(side, bad)
    _check_kind(kind_key, kinds, bad)
    if facing is None or facing == "":
        bad(f"property facing is missing (one of {' '.join(FACINGS)})")
    elif facing not in FACINGS:
        bad(f"facing must be one of {' '.join(FACINGS)}, not {what(facing)}")
    flags = _flags(props, bad)
    controller = props.get("controller", "")
    if controller and controller not in CONTROLLERS:
        bad(f"controller must be human or ai, not {what(controller)}")
    hp = props.get("hp")
    if hp is not None and not typed(hp, int):
        bad(f"property hp must be a whole number (type int), not {what(hp)}")
    elif hp is not None and not 1 <= hp <= MAX_HP:
        bad(f"property hp {hp} is out of range 1..{MAX_HP}")
    kind = kinds.get(kind_key) if isinstance(kind_key, str) else None
    wounds, prone, fatigue, morale = _states(
        props, hp if isinstance(hp, int) and hp > 0 else (kind.hp if kind else None), bad
    )
    if kind is None or facing not in FACINGS:
        return None
    return Placement(
        name,
        side,
        kind,
        pos,
        FACINGS.index(facing),
        controller=controller,
        hp=hp,
        hero=flags["hero"],
        leader=flags["leader"],
        retainer=flags["retainer"],
        force_marched=flags["force_marched"],
        wounds=wounds,
        prone=prone,
        fatigue=fatigue,
        morale=morale,
    )


def _states(props: dict[str, object], full_hp: int | None, bad: Say) -> tuple[int, bool, int, str]:
    """The state a unit starts the battle in (a sandbox's setup): `wounds` (hit points already
    lost, fewer than its hit points), `prone`, `fatigue` and `morale` by name."""
    wounds = props.get("wounds", 0)
    if not typed(wounds, int):
        bad(f"property wounds must be a whole number (type int), not {what(wounds)}")
    elif full_hp is not None and not 0 <= wounds < full_hp:
        bad(f"property wounds {wounds} is out of range 0..{full_hp - 1} (the unit has {full_hp} hit points)")
    prone = props.get("prone", False)
    if not isinstance(prone, bool):
        bad(f"property prone must be true or false (type bool), not {what(prone)}")
    fatigue = props.get("fatigue", STATE_NAMES[0])
    if fatigue not in STATE_NAMES:
        bad(f"property fatigue must be one of {', '.join(STATE_NAMES)}, not {what(fatigue)}")
    morale = props.get("morale", Morale.STEADY.value)
    if morale not in MORALE_STATES:
        bad(f"property morale must be one of {', '.join(MORALE_STATES)}, not {what(morale)}")
    # A bad value was said above and the unit is not placed: these stand in until then.
    ok_wounds = wounds if typed(wounds, int) else 0
    return ok_wounds, prone is True, STATE_NAMES.index(fatigue) if fatigue in STATE_NAMES else 0, str(morale)


def _check_side(side: object, bad: Say) -> None:
    if side is None or side == "":
        bad("property side is missing")
    elif not isinstance(side, str):
        bad(f"property side must be a string, not {what(side)}")
    elif not plain_side(side):
        bad(f"unknown side {side!r}: {SIDE_RULE}")


def _check_kind(kind_key: object, kinds: dict[str, Kind], bad: Say) -> None:
    if kind_key is None or kind_key == "":
        bad("property kind is missing")
    elif kind_key not in kinds:
        bad(
            f"unknown unit kind {kind_key!r}"
            if isinstance(kind_key, str)
            else f"property kind must be a string, not {what(kind_key)}"
        )


def _flags(props: dict[str, object], bad: Say) -> dict[str, bool]:
    flags = {}
    for flag in UNIT_FLAGS + CHECK_FLAGS:
        v = props.get(flag, False)
        if not isinstance(v, bool):
            bad(f"property {flag} must be true or false (type bool), not {what(v)}")
            v = False
        flags[flag] = v
    return flags


def _stands(unit: Placement, terrain: Terrain, taken: dict[Pos, str], bad: Say) -> bool:
    """Whether the unit stands inside the map on passable squares no one else stands on (said if not)."""
    pos = unit.pos
    squares = footprint(pos, unit.kind.squares)
    if not all(terrain.inside(s) for s in squares):
        bad(f"stands outside the {terrain.width}x{terrain.height} map at {pos}")
        return False
    if not all(terrain.passable(s) for s in squares):
        bad(f"stands on an impassable square at {pos}")
        return False
    clash = next((taken[s] for s in squares if s in taken), None)
    if clash:
        bad(f"stands on {clash}'s square at {pos}")
        return False
    for s in squares:
        taken[s] = unit.id
    return True
