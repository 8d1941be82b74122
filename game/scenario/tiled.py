"""Loading a scenario from a Tiled map with pytmx.TiledMap (no pygame), checking it as we go.

Conventions (DESIGN.md): terrain lives in tile properties; an object layer
`units` places units; an object layer `zones` marks exits and deployment;
map properties carry the title, description and rule options.

Every problem is reported as one line, 'file: where: what is wrong', in a
ScenarioError; nothing else escapes load_scenario, whatever the file holds.
The raw XML is checked first (game.scenario.check), so pytmx is only asked
to read maps it can read; the catalogue, placement, zone, option and
flight checks follow. `rout check` runs exactly this.
"""

from __future__ import annotations

import logging
import math
import os
from pathlib import Path

from game.rules.geometry import FACINGS, footprint
from game.scenario import catalogue
from game.scenario.check import unreachable_exits, xml_problems
from game.scenario.errors import ScenarioError
from game.scenario.model import Placement, Scenario
from game.scenario.options import OPTIONS, SIDE_RULE, WORDS, check_option, plain_side
from game.terrain import FOOTINGS, HAZARDS, Terrain, Zone

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Tile property: (type, default, allowed values or (min, max) or None)
TILE_PROPS: dict[str, tuple[type, object, object]] = {
    "terrain": (str, "ground", None),
    "move_cost": (int, 1, (0, 10)),
    "blocks_sight": (bool, False, None),
    "elevation": (int, 0, (-5, 10)),
    "footing": (str, "firm", FOOTINGS),
    "hazard": (str, "none", HAZARDS),
    "drop_ft": (int, 0, (0, 1000)),
}
ZONE_KINDS = ("exit", "deploy", "objective")
CONTROLLERS = ("human", "ai")
MAX_HP = 1000  # a unit's hp property may exceed its kind's (a lesson's tough foe), within reason
UNIT_FLAGS = ("hero", "leader", "retainer", "force_marched")
# `cornered` (bool, unit property): the unit starts with no way to its exits on purpose
# (say, a lesson about being surrounded); the exit check passes it by.
CHECK_FLAGS = ("cornered",)
_TYPE_WORDS = {int: "a whole number (int)", bool: "true or false (bool)", str: "a string", float: "a number"}


def _import_pytmx():
    # pytmx logs one line when pygame cannot be imported; that is expected headless.
    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    logging.getLogger("pytmx.pytmx").setLevel(logging.CRITICAL)
    import pytmx

    return pytmx


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return f"{type(e).__name__}: {text.splitlines()[0]}" if text else type(e).__name__


def _read_tmx(path: Path):
    pytmx = _import_pytmx()
    try:
        # allow_duplicate_names: a custom property may share a name with a Tiled attribute
        # (say `name` or `type`); we read custom properties from .properties only.
        return pytmx.TiledMap(str(path), allow_duplicate_names=True)
    except FileNotFoundError as e:
        raise ScenarioError([f"{path}: file: not found: {e.filename or e}"]) from None
    except Exception as e:  # the XML checks should have caught it; still a broken map, never a traceback
        raise ScenarioError([f"{path}: map: cannot be read: {_first_line(e)}"]) from None


def _typed(value: object, typ: type) -> bool:
    if typ is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, typ)


def _what(value: object) -> str:
    return f"{type(value).__name__} {value!r}" if not isinstance(value, str) else repr(value)


def _tile_label(tmx, gid: int) -> str:
    try:
        tiled_gid = tmx.tiledgidmap[gid]
        ts = tmx.get_tileset_from_gid(gid)
        return f"tile {tiled_gid - ts.firstgid} of tileset {ts.name}"
    except Exception:  # only a label
        return f"tile gid {gid}"


def _terrain(tmx, path: Path, problems: list[str]) -> Terrain:
    w, h = tmx.width, tmx.height
    n = w * h
    values: dict[str, list] = {k: [d] * n for k, (_, d, _) in TILE_PROPS.items()}
    from pytmx import TiledTileLayer

    layers = [layer for layer in tmx.layers if isinstance(layer, TiledTileLayer)]
    if not layers:
        problems.append(f"{path}: map: no tile layer holds the terrain")
    bad_seen: set[tuple[int, str]] = set()
    for layer in layers:  # bottom to top: a higher tile's properties override a lower one's
        if len(layer.data) != h or any(len(row) != w for row in layer.data):
            problems.append(f"{path}: layer {layer.name}: data does not fill the {w}x{h} map")
            continue
        for y, row in enumerate(layer.data):
            for x, gid in enumerate(row):
                if not gid:
                    continue
                props = tmx.get_tile_properties_by_gid(gid) or {}
                for key, (typ, _, allowed) in TILE_PROPS.items():
                    if key not in props:
                        continue
                    v = props[key]
                    why = None
                    if not _typed(v, typ):
                        why = f"must be {_TYPE_WORDS[typ]}, not {_what(v)}"
                    elif isinstance(allowed, tuple) and typ is str and v not in allowed:
                        why = f"{v!r} is not one of {', '.join(allowed)}"
                    elif isinstance(allowed, tuple) and typ is int and not allowed[0] <= v <= allowed[1]:
                        why = f"{v} is out of range {allowed[0]}..{allowed[1]}"
                    if why:
                        if (gid, key) not in bad_seen:
                            bad_seen.add((gid, key))
                            problems.append(
                                f"{path}: layer {layer.name} ({x},{y}): {_tile_label(tmx, gid)}: property {key} {why}"
                            )
                        continue
                    values[key][y * w + x] = v
    return Terrain(
        w,
        h,
        tuple(values["move_cost"]),
        tuple(values["elevation"]),
        tuple(values["footing"]),
        tuple(values["hazard"]),
        tuple(values["blocks_sight"]),
        tuple(values["drop_ft"]),
    )


def _object_layers(tmx, name: str) -> list:
    from pytmx import TiledObjectGroup

    return [layer for layer in tmx.layers if isinstance(layer, TiledObjectGroup) and layer.name == name]


def _layer(tmx, name: str):
    found = _object_layers(tmx, name)
    return found[0] if found else None


def _square(obj, tw: int, th: int) -> tuple[int, int]:
    """The square an object marks: the one holding a point, the nearest grid corner of a shape."""
    if not obj.width and not obj.height:
        return math.floor(obj.x / tw), math.floor(obj.y / th)
    return math.floor(obj.x / tw + 0.5), math.floor(obj.y / th + 0.5)


def _zones(tmx, path: Path, problems: list[str], sides: list[str]) -> list[Zone]:
    layer = _layer(tmx, "zones")
    out: list[Zone] = []
    if layer is None:
        return out
    tw, th = tmx.tilewidth, tmx.tileheight
    for obj in layer:
        where = f"{path}: zone object {obj.id} ({obj.name or 'unnamed'})"
        kind = obj.properties.get("zone")
        if kind is None:
            problems.append(f"{where}: property zone is missing (one of {', '.join(ZONE_KINDS)})")
            continue
        if kind not in ZONE_KINDS:
            problems.append(
                f"{where}: unknown zone kind {_what(kind)}; property zone must be one of {', '.join(ZONE_KINDS)}"
            )
            continue
        x, y = _square(obj, tw, th)
        zw, zh = max(1, round(obj.width / tw)), max(1, round(obj.height / th))
        if x < 0 or y < 0 or x + zw > tmx.width or y + zh > tmx.height:
            problems.append(
                f"{where}: lies outside the {tmx.width}x{tmx.height} map "
                f"(squares ({x},{y}) to ({x + zw - 1},{y + zh - 1}))"
            )
            continue
        side = obj.properties.get("side") or None
        if side is not None:
            if not isinstance(side, str):
                problems.append(f"{where}: property side must be a string, not {_what(side)}")
                continue
            if side not in sides:
                problems.append(f"{where}: side {side!r} has no units")
                continue
        out.append(Zone(kind, x, y, zw, zh, side, obj.name or ""))
    return out


def declared_sides(tmx) -> list[str]:
    layer = _layer(tmx, "units")
    if layer is None:
        return []
    return sorted(
        {
            o.properties["side"]
            for o in layer
            if isinstance(o.properties.get("side"), str) and plain_side(o.properties["side"])
        }
    )


def _units(tmx, path: Path, terrain: Terrain, problems: list[str]) -> list[Placement]:
    found = _object_layers(tmx, "units")
    if not found:
        problems.append(f"{path}: map: there is no object layer named 'units'")
        return []
    if len(found) > 1:
        problems.append(f"{path}: map: there are {len(found)} object layers named 'units'; merge them into one")
    layer = found[0]
    if not len(layer):
        problems.append(f"{path}: units: the units layer places no units")
        return []
    kinds = catalogue.load()
    tw, th = tmx.tilewidth, tmx.tileheight
    seen: dict[str, int] = {}
    taken: dict[tuple[int, int], str] = {}
    out: list[Placement] = []
    for obj in layer:
        name = obj.name or ""
        where = f"{path}: unit object {obj.id} ({name or 'unnamed'})"
        props = obj.properties
        before = len(problems)

        def bad(what: str) -> None:
            problems.append(f"{where}: {what}")

        if not name:
            bad("has no name (the unit id)")
        elif name in seen:
            bad(f"name {name!r} is already used by object {seen[name]}")
        else:
            seen[name] = obj.id
        side, kind_key, facing = props.get("side"), props.get("kind"), props.get("facing")
        if side is None or side == "":
            bad("property side is missing")
        elif not isinstance(side, str):
            bad(f"property side must be a string, not {_what(side)}")
        elif not plain_side(side):
            bad(f"unknown side {side!r}: {SIDE_RULE}")
        if kind_key is None or kind_key == "":
            bad("property kind is missing")
        elif kind_key not in kinds:
            bad(
                f"unknown unit kind {kind_key!r}"
                if isinstance(kind_key, str)
                else f"property kind must be a string, not {_what(kind_key)}"
            )
        if facing is None or facing == "":
            bad(f"property facing is missing (one of {' '.join(FACINGS)})")
        elif facing not in FACINGS:
            bad(f"facing must be one of {' '.join(FACINGS)}, not {_what(facing)}")
        flags = {}
        for flag in UNIT_FLAGS + CHECK_FLAGS:
            v = props.get(flag, False)
            if not isinstance(v, bool):
                bad(f"property {flag} must be true or false (type bool), not {_what(v)}")
                v = False
            flags[flag] = v
        controller = props.get("controller", "")
        if controller and controller not in CONTROLLERS:
            bad(f"controller must be human or ai, not {_what(controller)}")
            controller = ""
        hp = props.get("hp")
        kind = kinds.get(kind_key) if isinstance(kind_key, str) else None
        if hp is not None:
            if not _typed(hp, int):
                bad(f"property hp must be a whole number (type int), not {_what(hp)}")
            elif not 1 <= hp <= MAX_HP:
                bad(f"property hp {hp} is out of range 1..{MAX_HP}")
        if len(problems) > before or kind is None:
            continue
        pos = _square(obj, tw, th)
        squares = footprint(pos, kind.squares)
        if not all(terrain.inside(s) for s in squares):
            bad(f"stands outside the {terrain.width}x{terrain.height} map at {pos}")
            continue
        if not all(terrain.passable(s) for s in squares):
            bad(f"stands on an impassable square at {pos}")
            continue
        clash = next((taken[s] for s in squares if s in taken), None)
        if clash:
            bad(f"stands on {clash}'s square at {pos}")
            continue
        for s in squares:
            taken[s] = name
        out.append(
            Placement(
                name,
                side,
                kind,
                pos,
                FACINGS.index(facing),
                flags["hero"],
                flags["leader"],
                flags["retainer"],
                controller,
                flags["force_marched"],
                hp,
            )
        )
    return out


def load_scenario(path: str | Path) -> Scenario:
    """Load and check a map; raise ScenarioError listing every problem found (and nothing else)."""
    path = Path(path)
    try:
        return _load(path)
    except ScenarioError:
        raise
    except catalogue.CatalogueError as e:  # not the map's fault, but it cannot be played either
        raise ScenarioError([f"{path}: units: the unit catalogue is broken: {e}"]) from None
    except Exception as e:  # noqa: BLE001 - a map must never crash the game
        raise ScenarioError([f"{path}: map: cannot be read: {_first_line(e)}"]) from None


def _load(path: Path) -> Scenario:
    if not path.exists():
        raise ScenarioError([f"{path}: file: not found"])
    if path.is_dir():
        raise ScenarioError([f"{path}: file: is a folder, not a .tmx map"])
    try:
        with open(path, "rb"):
            pass
    except OSError as e:
        raise ScenarioError([f"{path}: file: cannot be read: {e.strerror or e}"]) from None
    raw = xml_problems(path)
    if raw.fatal:
        raise ScenarioError(raw.fatal + raw.other)
    tmx = _read_tmx(path)
    problems: list[str] = []
    terrain = _terrain(tmx, path, problems)
    units = _units(tmx, path, terrain, problems)
    sides = declared_sides(tmx)
    zones = _zones(tmx, path, problems, sides)
    options: dict[str, object] = {}
    for key, value in (tmx.properties or {}).items():
        if key in WORDS:
            continue
        why = check_option(key, value, sides)
        if why:
            problems.append(f"{path}: map property {key}: {why}")
        else:
            options[key] = value
    if units and len(sides) < 2:
        problems.append(f"{path}: units: a battle needs at least two sides; found {', '.join(sides) or 'none'}")
    terrain = Terrain(
        terrain.width,
        terrain.height,
        terrain.move_cost,
        terrain.elevation,
        terrain.footing,
        terrain.hazard,
        terrain.blocks_sight,
        terrain.drop_ft,
        tuple(zones),
    )
    if not problems:
        objs = {o.name: o for o in _layer(tmx, "units")}
        for u in unreachable_exits(terrain, units):
            obj = objs[u.id]
            if obj.properties.get("cornered") is True:
                continue
            problems.append(
                f"{path}: unit object {obj.id} ({u.id}): no way to an exit zone of side {u.side}: "
                "walls, hazards or enemies cut it off"
            )
    problems += raw.other  # missing art last: the rules' problems lead the one-line summary
    if problems:
        raise ScenarioError(problems)
    props = tmx.properties or {}
    return Scenario(
        terrain, tuple(units), options, str(props.get("title", path.stem)), str(props.get("description", "")), str(path)
    )


__all__ = ["load_scenario", "ScenarioError", "OPTIONS"]
