"""Loading a scenario from a Tiled map with pytmx.TiledMap (no pygame), checking it as we go.

Conventions (DESIGN.md): terrain lives in tile properties; an object layer
`units` places units; an object layer `zones` marks exits and deployment;
map properties carry the title, description and rule options.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from game.rules.geometry import FACINGS, footprint
from game.scenario import catalogue
from game.scenario.errors import ScenarioError
from game.scenario.model import Placement, Scenario
from game.scenario.options import OPTIONS, WORDS, check_option
from game.terrain import FOOTINGS, HAZARDS, Terrain, Zone

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Tile property: (type, default)
TILE_PROPS: dict[str, tuple[type, object]] = {
    "terrain": (str, "ground"),
    "move_cost": (int, 1),
    "blocks_sight": (bool, False),
    "elevation": (int, 0),
    "footing": (str, "firm"),
    "hazard": (str, "none"),
    "drop_ft": (int, 0),
}
ZONE_KINDS = ("exit", "deploy", "objective")
CONTROLLERS = ("human", "ai")


def _import_pytmx():
    # pytmx logs one line when pygame cannot be imported; that is expected headless.
    logging.getLogger("pytmx").setLevel(logging.ERROR)
    logging.getLogger("pytmx.pytmx").setLevel(logging.ERROR)
    import pytmx

    return pytmx


def _read_tmx(path: Path):
    pytmx = _import_pytmx()
    import xml.etree.ElementTree as ET

    try:
        ET.parse(path)
    except ET.ParseError as e:
        raise ScenarioError([f"{path}: xml: does not parse: {e}"]) from None
    try:
        return pytmx.TiledMap(str(path))
    except FileNotFoundError as e:
        raise ScenarioError([f"{path}: tileset: file not found: {e.filename or e}"]) from None
    except Exception as e:  # pytmx raises many kinds; each is a broken map for the author
        text = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise ScenarioError([f"{path}: map: cannot be read: {text}"]) from None


def _typed(value: object, typ: type) -> bool:
    if typ is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, typ)


def _terrain(tmx, path: Path, problems: list[str]) -> Terrain:
    w, h = tmx.width, tmx.height
    n = w * h
    values: dict[str, list] = {k: [d] * n for k, (_, d) in TILE_PROPS.items()}
    from pytmx import TiledTileLayer

    layers = [layer for layer in tmx.layers if isinstance(layer, TiledTileLayer)]
    if not layers:
        problems.append(f"{path}: map: no tile layer holds the terrain")
    bad_seen: set[tuple[int, str]] = set()
    for layer in layers:  # bottom to top: a higher tile's properties override a lower one's
        for y, row in enumerate(layer.data):
            for x, gid in enumerate(row):
                if not gid:
                    continue
                props = tmx.get_tile_properties_by_gid(gid) or {}
                for key, (typ, _) in TILE_PROPS.items():
                    if key not in props:
                        continue
                    v = props[key]
                    if not _typed(v, typ):
                        if (gid, key) not in bad_seen:
                            bad_seen.add((gid, key))
                            problems.append(f"{path}: layer {layer.name} ({x},{y}): tile property {key} must be {typ.__name__}, not {v!r}")
                        continue
                    values[key][y * w + x] = v
    for i, (f, hz, mc, el) in enumerate(zip(values["footing"], values["hazard"], values["move_cost"], values["elevation"])):
        where = f"({i % w},{i // w})"
        if f not in FOOTINGS:
            problems.append(f"{path}: square {where}: footing {f!r} is not one of {', '.join(FOOTINGS)}")
        if hz not in HAZARDS:
            problems.append(f"{path}: square {where}: hazard {hz!r} is not one of {', '.join(HAZARDS)}")
        if not 0 <= mc <= 10:
            problems.append(f"{path}: square {where}: move_cost {mc} is out of range 0..10")
        if not -5 <= el <= 10:
            problems.append(f"{path}: square {where}: elevation {el} is out of range -5..10")
    return Terrain(w, h, tuple(values["move_cost"]), tuple(values["elevation"]), tuple(values["footing"]),
                   tuple(values["hazard"]), tuple(values["blocks_sight"]), tuple(values["drop_ft"]))


def _layer(tmx, name: str):
    from pytmx import TiledObjectGroup

    for layer in tmx.layers:
        if isinstance(layer, TiledObjectGroup) and layer.name == name:
            return layer
    return None


def _zones(tmx, path: Path, problems: list[str], sides: list[str]) -> list[Zone]:
    layer = _layer(tmx, "zones")
    out: list[Zone] = []
    if layer is None:
        return out
    tw, th = tmx.tilewidth, tmx.tileheight
    for obj in layer:
        where = f"zone object {obj.id} ({obj.name or 'unnamed'})"
        kind = obj.properties.get("zone")
        if kind not in ZONE_KINDS:
            problems.append(f"{path}: {where}: property zone must be one of {', '.join(ZONE_KINDS)}, not {kind!r}")
            continue
        x, y = round(obj.x / tw), round(obj.y / th)
        zw, zh = max(1, round(obj.width / tw)), max(1, round(obj.height / th))
        if x < 0 or y < 0 or x + zw > tmx.width or y + zh > tmx.height:
            problems.append(f"{path}: {where}: lies outside the {tmx.width}x{tmx.height} map")
            continue
        side = obj.properties.get("side") or None
        if side is not None and side not in sides:
            problems.append(f"{path}: {where}: side {side!r} has no units")
        out.append(Zone(kind, x, y, zw, zh, side, obj.name or ""))
    return out


def declared_sides(tmx) -> list[str]:
    layer = _layer(tmx, "units")
    if layer is None:
        return []
    return sorted({o.properties["side"] for o in layer if isinstance(o.properties.get("side"), str) and o.properties["side"]})


def _units(tmx, path: Path, terrain: Terrain, problems: list[str]) -> list[Placement]:
    layer = _layer(tmx, "units")
    if layer is None:
        problems.append(f"{path}: map: there is no object layer named 'units'")
        return []
    kinds = catalogue.load()
    tw, th = tmx.tilewidth, tmx.tileheight
    seen: dict[str, int] = {}
    taken: dict[tuple[int, int], str] = {}
    out: list[Placement] = []
    for obj in layer:
        name = obj.name or ""
        where = f"unit object {obj.id} ({name or 'unnamed'})"
        props = obj.properties
        if not name:
            problems.append(f"{path}: {where}: has no name (the unit id)")
            continue
        if name in seen:
            problems.append(f"{path}: {where}: name {name!r} is already used by object {seen[name]}")
            continue
        seen[name] = obj.id
        side, kind_key, facing = props.get("side"), props.get("kind"), props.get("facing", "")
        if not isinstance(side, str) or not side:
            problems.append(f"{path}: {where}: property side is missing")
            continue
        if kind_key not in kinds:
            problems.append(f"{path}: {where}: unknown unit kind {kind_key!r}")
            continue
        if facing not in FACINGS:
            problems.append(f"{path}: {where}: facing must be one of {' '.join(FACINGS)}, not {facing!r}")
            continue
        flags = {}
        for flag in ("hero", "leader", "retainer", "force_marched"):
            v = props.get(flag, False)
            if not isinstance(v, bool):
                problems.append(f"{path}: {where}: property {flag} must be bool, not {v!r}")
                v = False
            flags[flag] = v
        controller = props.get("controller", "")
        if controller and controller not in CONTROLLERS:
            problems.append(f"{path}: {where}: controller must be human or ai, not {controller!r}")
            controller = ""
        hp = props.get("hp")
        if hp is not None and (not _typed(hp, int) or hp < 1):
            problems.append(f"{path}: {where}: property hp must be a whole number above 0, not {hp!r}")
            hp = None
        kind = kinds[kind_key]
        pos = (round(obj.x / tw), round(obj.y / th))
        squares = footprint(pos, kind.squares)
        if not all(terrain.inside(s) for s in squares):
            problems.append(f"{path}: {where}: stands outside the map at {pos}")
            continue
        if not all(terrain.passable(s) for s in squares):
            problems.append(f"{path}: {where}: stands on an impassable square at {pos}")
            continue
        clash = next((taken[s] for s in squares if s in taken), None)
        if clash:
            problems.append(f"{path}: {where}: stands on {clash}'s square at {pos}")
            continue
        for s in squares:
            taken[s] = name
        out.append(Placement(name, side, kind, pos, FACINGS.index(facing), flags["hero"], flags["leader"],
                             flags["retainer"], controller, flags["force_marched"], hp))
    return out


def load_scenario(path: str | Path) -> Scenario:
    """Load and check a map; raise ScenarioError listing every problem found."""
    path = Path(path)
    if not path.exists():
        raise ScenarioError([f"{path}: file: not found"])
    tmx = _read_tmx(path)
    problems: list[str] = []
    if tmx.orientation != "orthogonal":
        problems.append(f"{path}: map: orientation {tmx.orientation!r} is not orthogonal")
    if str(getattr(tmx, "infinite", 0)).lower() not in ("0", "false", "none"):
        problems.append(f"{path}: map: infinite maps are not supported; make it finite")
    if tmx.tilewidth != tmx.tileheight:
        problems.append(f"{path}: map: tiles are {tmx.tilewidth}x{tmx.tileheight}; they must be square")
    if problems:
        raise ScenarioError(problems)
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
    if not units and not any("units" in p for p in problems):
        problems.append(f"{path}: units: the units layer places no units")
    if problems:
        raise ScenarioError(problems)
    terrain = Terrain(terrain.width, terrain.height, terrain.move_cost, terrain.elevation, terrain.footing,
                      terrain.hazard, terrain.blocks_sight, terrain.drop_ft, tuple(zones))
    props = tmx.properties or {}
    return Scenario(terrain, tuple(units), options, str(props.get("title", path.stem)),
                    str(props.get("description", "")), str(path))


__all__ = ["load_scenario", "ScenarioError", "OPTIONS"]
