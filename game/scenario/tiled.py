"""Loading a scenario from a Tiled map with pytmx.TiledMap (no pygame), checking it as we go.

Conventions (maps/README.md): terrain lives in tile properties; an object layer
`units` places units; an object layer `zones` marks exits and deployment;
map properties carry the title, description and rule options.

Every problem is reported as one line, 'file: where: what is wrong', in a
ScenarioError; nothing else escapes load_scenario, whatever the file holds.
The raw XML is checked first (game.scenario.check), so pytmx is only asked
to read maps it can read; the catalogue, placement, zone, option and
flight checks follow. `rout check` runs exactly this.
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from game.core.rules.creature import Kind
from game.core.terrain import FOOTINGS, HAZARDS, Terrain, Zone
from game.scenario import catalogue
from game.scenario.check import xml_problems
from game.scenario.errors import CatalogueError, ScenarioError
from game.scenario.exits import unreachable_exits
from game.scenario.input_files import MAP_BYTES, input_problem, read_input
from game.scenario.lesson import load_lesson, script_path
from game.scenario.model import Placement, Scenario
from game.scenario.options import WAIT_CHOICE, WORDS, map_option
from game.scenario.tmx import first_object_layer, square, typed, what
from game.scenario.units import declared_sides, read_units

if TYPE_CHECKING:  # pytmx ships no types: its classes name what a function takes
    from pytmx import TiledMap

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
_TYPE_WORDS = {int: "a whole number (int)", bool: "true or false (bool)", str: "a string", float: "a number"}


def _import_pytmx() -> ModuleType:
    # pytmx logs one line when pygame cannot be imported; that is expected headless.
    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    logging.getLogger("pytmx.pytmx").setLevel(logging.CRITICAL)
    # pytmx imports pygame when it can (0.02-0.05 s), for its pygame loader and a type alias; the
    # maps are read without either, so a headless command holds pygame off while pytmx loads
    # (None in sys.modules: "cannot be imported"). The window imports pygame and the loader itself.
    held = [m for m in ("pygame", "pytmx.util_pygame") if m not in sys.modules] if "pytmx" not in sys.modules else []
    for m in held:
        sys.modules[m] = None  # type: ignore[assignment]
    try:
        return importlib.import_module("pytmx")  # only once its loggers are quiet
    finally:
        for m in held:
            del sys.modules[m]


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return f"{type(e).__name__}: {text.splitlines()[0]}" if text else type(e).__name__


def _read_tmx(path: Path) -> TiledMap:
    pytmx = _import_pytmx()
    try:
        # allow_duplicate_names: a custom property may share a name with a Tiled attribute
        # (say `name` or `type`); we read custom properties from .properties only.
        return pytmx.TiledMap(str(path), allow_duplicate_names=True)
    except FileNotFoundError as e:
        raise ScenarioError([f"{path}: file: not found: {e.filename or e}"]) from None
    except Exception as e:  # noqa: BLE001  # pytmx raises any type on a bad map; the XML checks should have caught it
        raise ScenarioError([f"{path}: map: cannot be read: {_first_line(e)}"]) from None


def _tile_label(tmx: TiledMap, gid: int) -> str:
    try:
        tiled_gid = tmx.tiledgidmap[gid]
        ts = tmx.get_tileset_from_gid(gid)
        return f"tile {tiled_gid - ts.firstgid} of tileset {ts.name}"
    except Exception:  # noqa: BLE001  # only a label: any pytmx lookup failure falls back to the gid
        return f"tile gid {gid}"


def _terrain(tmx: TiledMap, path: Path, problems: list[str]) -> Terrain:
    w, h = tmx.width, tmx.height
    n = w * h
    # Each property's values are of its TILE_PROPS type: a value read is checked before it is kept.
    values: dict[str, list[Any]] = {k: [d] * n for k, (_, d, _) in TILE_PROPS.items()}
    tile_layer = _import_pytmx().TiledTileLayer
    layers = [layer for layer in tmx.layers if isinstance(layer, tile_layer)]
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
                    if not typed(v, typ):
                        why = f"must be {_TYPE_WORDS[typ]}, not {what(v)}"
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


def _zones(tmx: TiledMap, path: Path, problems: list[str], sides: list[str]) -> list[Zone]:
    layer = first_object_layer(tmx, "zones")
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
                f"{where}: unknown zone kind {what(kind)}; property zone must be one of {', '.join(ZONE_KINDS)}"
            )
            continue
        x, y = square(obj, tw, th)
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
                problems.append(f"{where}: property side must be a string, not {what(side)}")
                continue
            if side not in sides:
                problems.append(f"{where}: side {side!r} has no units")
                continue
        out.append(Zone(kind, x, y, zw, zh, side, obj.name or ""))
    return out


def _catalogue(tmx: TiledMap, path: Path) -> dict[str, Kind]:
    """The kinds the map may place: the shipped catalogue, extended by the file its `catalogue` property
    names (relative to the map, as Tiled writes a file property)."""
    name = (tmx.properties or {}).get("catalogue")
    if name is None:
        return catalogue.load()
    if not isinstance(name, str) or not name.strip():
        raise ScenarioError(
            [f"{path}: map property catalogue: must name a .toml file beside the map, not {what(name)}"]
        )
    own = path.parent / name
    why = input_problem(own)
    if why == "not found":
        raise ScenarioError([f"{path}: map property catalogue: there is no file {str(own)!r}"])
    if why:
        raise ScenarioError([f"{path}: map property catalogue: {str(own)!r} {why}"])
    return catalogue.for_map(own)


def load_scenario(path: str | Path) -> Scenario:
    """Load and check a map; raise ScenarioError listing every problem found (and nothing else)."""
    path = Path(path)
    try:
        return _load(path)
    except ScenarioError:
        raise
    except CatalogueError as e:  # each line names the catalogue file and the unit or weapon
        raise ScenarioError(e.problems) from None
    except Exception as e:  # noqa: BLE001 - a map must never crash the game
        raise ScenarioError([f"{path}: map: cannot be read: {_first_line(e)}"]) from None


def _check_file(path: Path) -> None:
    """The map file is there and is a regular file that can be read (a ScenarioError saying why
    not); a pipe or a device is refused before it is opened, where reading it would never end."""
    why = input_problem(path)
    if why == "is a folder, not a file":
        why = "is a folder, not a .tmx map"
    if why:
        raise ScenarioError([f"{path}: file: {why}"])
    try:
        read_input(path, MAP_BYTES)
    except OSError as e:
        raise ScenarioError([f"{path}: file: cannot be read: {e.strerror or e}"]) from None


def _options(tmx: TiledMap, path: Path, sides: list[str], problems: list[str]) -> dict[str, object]:
    """The rule options the map's properties set (a bad one is a problem, and left out)."""
    options: dict[str, object] = {}
    for key, value in (tmx.properties or {}).items():
        if key in WORDS or key in {"catalogue", WAIT_CHOICE}:
            continue
        name, why = map_option(key, value, sides)
        if why:
            problems.append(f"{path}: map property {key}: {why}")
        else:
            options[name] = value
    return options


def _exit_problems(tmx: TiledMap, path: Path, terrain: Terrain, units: list[Placement]) -> list[str]:
    """Each unit with no way to its side's exits, unless its object says it is `cornered` on purpose."""
    objs = {o.name: o for o in first_object_layer(tmx, "units") or ()}
    problems = []
    for u in unreachable_exits(terrain, units):
        obj = objs[u.id]
        if obj.properties.get("cornered") is True:
            continue
        problems.append(
            f"{path}: unit object {obj.id} ({u.id}): no way to an exit zone of side {u.side}: "
            "walls, hazards or enemies cut it off"
        )
    return problems


def _load(path: Path) -> Scenario:
    _check_file(path)
    raw = xml_problems(path)
    if raw.fatal:
        raise ScenarioError(raw.fatal + raw.other)
    tmx = _read_tmx(path)
    kinds = _catalogue(tmx, path)
    problems: list[str] = []
    terrain = _terrain(tmx, path, problems)
    units = read_units(tmx, path, terrain, problems, kinds)
    sides = declared_sides(tmx)
    zones = _zones(tmx, path, problems, sides)
    options = _options(tmx, path, sides, problems)
    wait_choice = (tmx.properties or {}).get(WAIT_CHOICE, False)
    if not isinstance(wait_choice, bool):
        problems.append(f"{path}: map property {WAIT_CHOICE}: must be a bool property (true or false)")
    if units and len(sides) < 2:
        problems.append(f"{path}: units: a battle needs at least two sides; found {', '.join(sides) or 'none'}")
    terrain = replace(terrain, zones=tuple(zones))
    if not problems:
        problems += _exit_problems(tmx, path, terrain, units)
    problems += raw.other  # missing art last: the rules' problems lead the one-line summary
    if problems:
        raise ScenarioError(problems)
    props = tmx.properties or {}
    script = script_path(path)
    lesson = load_lesson(script, {u.id: u.side for u in units}) if input_problem(script) != "not found" else None
    return Scenario(
        terrain,
        tuple(units),
        options,
        str(props.get("title", path.stem)),
        str(props.get("description", "")),
        str(path),
        lesson,
        wait_choice is True,
    )


__all__ = ["ScenarioError", "load_scenario"]
