"""A sandbox's setup written as a Tiled map: the base map's own file with a new `units` layer.

The terrain, tilesets and zones are the base map's, copied as they are; the paths it names
(tilesets, images, its own catalogue) are made relative to where the new map goes, so it opens
from there in Tiled and in the game. Each unit's starting state is written as the properties the
loader reads (maps/README.md, "Making a scenario in Tiled"): `wounds`, `prone`, `fatigue`, `morale`,
and `cornered` where it stands cut off from its side's exits on purpose.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

from game.core.rules.fatigue import STATE_NAMES
from game.core.rules.geometry import FACINGS
from game.scenario.exits import unreachable_exits
from game.scenario.model import Placement
from game.scenario.sandbox_setup import Setup

_FLAGS = ("hero", "leader", "retainer", "force_marched", "prone")


def setup_tmx(setup: Setup, out: str | Path) -> str:
    """The text of a Tiled map holding the setup, to be written at `out`."""
    base = Path(setup.base.path)
    root = ET.parse(base).getroot()  # the base map was loaded and checked already
    _relocate(root, base.parent, Path(out).resolve().parent)
    scenario = setup.scenario()
    present = set(setup.sides_placed())
    _property(root, "title", scenario.title)
    _property(root, "description", scenario.description)
    for group in root.findall("objectgroup"):
        if group.get("name") == "units":
            root.remove(group)
        elif group.get("name") == "zones":
            _drop_zones_of(group, present)
    cornered = {u.id for u in unreachable_exits(scenario.terrain, list(scenario.units))}
    tw, th = int(root.get("tilewidth", "32")), int(root.get("tileheight", "32"))
    layer_id = int(root.get("nextlayerid", "1"))
    next_obj = int(root.get("nextobjectid", "1"))
    group = ET.SubElement(root, "objectgroup", id=str(layer_id), name="units")
    for i, u in enumerate(scenario.units):
        _unit_object(group, u, next_obj + i, (tw, th), u.id in cornered)
    root.set("nextlayerid", str(layer_id + 1))
    root.set("nextobjectid", str(next_obj + len(scenario.units)))
    ET.indent(root, " ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _relocate(root: ET.Element, was: Path, now: Path) -> None:
    """Point the relative paths the map names (tilesets, images, its catalogue) from `now`."""

    def moved(value: str) -> str:
        if os.path.isabs(value):
            return value
        return Path(os.path.relpath(was.resolve() / value, now)).as_posix()

    for el in root.iter():
        if el.tag in ("tileset", "image") and el.get("source"):
            el.set("source", moved(str(el.get("source"))))
    for prop in root.iterfind("./properties/property"):
        if prop.get("name") == "catalogue" and prop.get("value"):
            prop.set("value", moved(str(prop.get("value"))))


def _property(root: ET.Element, name: str, value: str) -> None:
    """Set one of the map's own properties (its title, its description), adding it if need be."""
    props = root.find("properties")
    if props is None:
        props = ET.Element("properties")
        root.insert(0, props)
    found = next((p for p in props.iterfind("property") if p.get("name") == name), None)
    if found is None:
        found = ET.SubElement(props, "property", name=name)
    found.set("value", value)


def _drop_zones_of(group: ET.Element, present: set[str]) -> None:
    """A zone of a side with no units would be refused (`side has no units`): leave it out."""
    for obj in list(group.findall("object")):
        side = next((p.get("value") for p in obj.iterfind("./properties/property") if p.get("name") == "side"), None)
        if side and side not in present:
            group.remove(obj)


def _unit_object(group: ET.Element, u: Placement, oid: int, tile: tuple[int, int], cornered: bool) -> None:
    tw, th = tile
    n = u.kind.squares
    obj = ET.SubElement(
        group,
        "object",
        id=str(oid),
        name=u.id,
        x=str(u.pos[0] * tw),
        y=str(u.pos[1] * th),
        width=str(n * tw),
        height=str(n * th),
    )
    props = ET.SubElement(obj, "properties")

    def prop(name: str, value: object) -> None:
        kind = {bool: "bool", int: "int"}.get(type(value))
        p = ET.SubElement(props, "property", name=name)
        if kind:
            p.set("type", kind)
        p.set("value", str(value).lower() if isinstance(value, bool) else str(value))

    prop("side", u.side)
    prop("kind", u.kind.key)
    prop("facing", FACINGS[u.facing])
    for flag in _FLAGS:
        if getattr(u, flag):
            prop(flag, True)
    if cornered:
        prop("cornered", True)
    if u.controller:
        prop("controller", u.controller)
    if u.hp is not None:
        prop("hp", u.hp)
    if u.wounds:
        prop("wounds", u.wounds)
    if u.fatigue:
        prop("fatigue", STATE_NAMES[u.fatigue])
    if u.morale != "steady":
        prop("morale", u.morale)
