"""Checks on a map that pytmx does not make, or makes by raising something unhelpful.

Two parts:

* `xml_problems(path)` reads the raw .tmx (and every .tsx it names) with
  ElementTree before pytmx is asked to, and finds what would make pytmx fail
  or silently misread: the map's shape (orientation, finite, size, square
  tiles), tileset files and the images of every tileset (relative to the file
  that names them), attribute and property values that do not parse as their
  declared type, layer data that does not decode or does not fill the map,
  and tiles that belong to no tileset.
* `unreachable_exits(terrain, units)` finds units of a side that has exit
  zones but cannot walk to any of them.

Every problem is one line, 'file: where: what is wrong'.
"""

from __future__ import annotations

import base64
import binascii
import gzip
import math
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

from game.rules.geometry import VECTORS, footprint
from game.systems.flight import escape_region

MAX_SIDE = 1000  # squares; a bigger map is a mistake (and would take memory for nothing)
GID_FLAGS = 0xF0000000  # Tiled's flip/rotate bits in a layer's gids

# XML attributes pytmx casts (pytmx.pytmx.types), by what they must be.
_INT_ATTRS = {
    "columns",
    "duration",
    "firstgid",
    "gid",
    "id",
    "margin",
    "nextobjectid",
    "offsetx",
    "offsety",
    "spacing",
    "tile",
    "tilecount",
    "tileheight",
    "tileid",
    "tilewidth",
}
_FLOAT_ATTRS = {"height", "hexsidelength", "opacity", "pixelsize", "probability", "rotation", "width", "x", "y"}
_BOOL_ATTRS = {"bold", "italic", "kerning", "strikeout", "underline", "visible", "wrap"}
# Property types Tiled writes; pytmx reads all but class.
_PROP_TYPES = ("string", "int", "float", "bool", "color", "file", "object", "enum")


class XmlCheck:
    """Problems found in the raw XML of one map and its tilesets."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fatal: list[str] = []  # pytmx must not be asked to read the map
        self.other: list[str] = []  # the map can be read; the problem is still reported
        self.width = self.height = 0
        self.ranges: list[tuple[int, float]] = []  # (firstgid, end) per tileset
        self.tilesets_ok = True  # when one cannot be read, layer tiles are not checked against the rest

    def bad(self, where: str, what: str) -> None:
        self.fatal.append(f"{self.path}: {where}: {what}")

    # ---- values -------------------------------------------------------------

    def attributes(self, el: ET.Element, where: str, skip: tuple[str, ...] = ()) -> None:
        """Every attribute pytmx casts must parse as its type."""
        for k, v in el.items():
            if k in skip:
                continue
            if k in _INT_ATTRS and _int(v) is None:
                self.bad(where, f"attribute {k} must be a whole number, not {v!r}")
            elif k in _FLOAT_ATTRS and _float(v) is None:
                self.bad(where, f"attribute {k} must be a number, not {v!r}")
            elif k in _BOOL_ATTRS and not _boolish(v):
                self.bad(where, f"attribute {k} must be true or false (or 1 or 0), not {v!r}")

    def properties(self, el: ET.Element, where: str) -> None:
        """Custom properties must have a known type and a value of that type."""
        for props in el.findall("properties"):
            for p in props.findall("property"):
                name = p.get("name")
                if not name:
                    self.bad(where, "a property has no name")
                    continue
                # 'map property NAME: what', as the rule options say it; elsewhere 'WHERE: property NAME: what'
                head = f"map property {name}" if where == "map" else where
                tail = "" if where == "map" else f"property {name}: "
                typ = p.get("type", "string")
                value = p.get("value")
                if typ == "class":
                    self.bad(head, f"{tail}class properties are not supported; use plain properties")
                elif typ not in _PROP_TYPES:
                    self.bad(head, f"{tail}unknown property type {typ!r} (use one of {', '.join(_PROP_TYPES)})")
                elif typ in ("int", "object") and (value is None or _int(value) is None):
                    self.bad(head, f"{tail}{value!r} is not a whole number (the property's type is {typ})")
                elif typ == "float" and (value is None or _float(value) is None):
                    self.bad(head, f"{tail}{value!r} is not a number (the property's type is float)")
                elif typ == "bool" and value is not None and value.strip().lower() not in ("true", "false", "1", "0"):
                    self.bad(head, f"{tail}{value!r} is not true or false (the property's type is bool)")

    # ---- the map ------------------------------------------------------------

    def map(self, root: ET.Element) -> None:
        if root.tag != "map":
            self.bad("xml", f"the root element is <{root.tag}>, not <map>: is this a Tiled .tmx map?")
            return
        sizes = ("width", "height", "tilewidth", "tileheight")
        self.attributes(root, "map", skip=sizes)
        orientation = root.get("orientation", "orthogonal")
        if orientation != "orthogonal":
            self.bad("map", f"orientation {orientation!r} is not orthogonal")
        if root.get("infinite", "0").strip().lower() not in ("0", "false", ""):
            self.bad("map", "infinite maps are not supported; make it finite (Map > Map Properties > Infinite)")
        w, h = _int(root.get("width", "")), _int(root.get("height", ""))
        tw, th = _int(root.get("tilewidth", "")), _int(root.get("tileheight", ""))
        for k, v in (("width", w), ("height", h), ("tilewidth", tw), ("tileheight", th)):
            if root.get(k) is None:
                self.bad("map", f"attribute {k} is missing")
            elif v is None:
                self.bad("map", f"attribute {k} must be a whole number, not {root.get(k)!r}")
            elif v <= 0:
                self.bad("map", f"attribute {k} is {v}; it must be at least 1")
        if w is not None and h is not None and w > 0 and h > 0:
            if w > MAX_SIDE or h > MAX_SIDE:
                self.bad("map", f"size {w}x{h} is too large; at most {MAX_SIDE} squares a side")
            else:
                self.width, self.height = w, h
        if tw and th and tw > 0 and th > 0 and tw != th:
            self.bad("map", f"tiles are {tw}x{th}; they must be square")
        self.properties(root, "map")
        for ts in root.iter("tileset"):
            self.tileset(ts)
        self.layers(root)

    def layers(self, root: ET.Element) -> None:
        # pytmx finds layers at any depth (".//layer"), in groups or wherever else they are
        for el in root.iter("group"):
            where = f"group {el.get('name', '')}"
            self.attributes(el, where)
            self.properties(el, where)
        for el in root.iter("layer"):
            self.tile_layer(el, f"layer {el.get('name', '')}")
        for el in root.iter("objectgroup"):
            self.object_layer(el, f"object layer {el.get('name', '')}")
        for el in root.iter("imagelayer"):
            where = f"image layer {el.get('name', '')}"
            self.attributes(el, where)
            self.properties(el, where)
            img = el.find("image")
            if img is None:
                self.bad(where, "has no <image>")
            elif img.get("source"):
                self.image(img.get("source"), self.path.parent, where, "the map")

    def object_layer(self, el: ET.Element, where: str) -> None:
        self.attributes(el, where)
        self.properties(el, where)
        what = {"units": "unit object", "zones": "zone object"}.get(el.get("name", ""), "object")
        for obj in el.findall("object"):
            ow = f"{what} {obj.get('id', '?')} ({obj.get('name') or 'unnamed'})"
            self.attributes(obj, ow)
            for k in ("x", "y", "width", "height", "rotation"):
                v = _float(obj.get(k, "0"))
                if v is not None and not math.isfinite(v):
                    self.bad(ow, f"attribute {k} must be a finite number, not {obj.get(k)!r}")
            for tag in ("polygon", "polyline"):
                shape = obj.find(tag)
                if shape is not None and not _points(shape.get("points")):
                    self.bad(ow, f"{tag} points {shape.get('points')!r} do not parse")
            self.properties(obj, ow)

    def tile_layer(self, el: ET.Element, where: str) -> None:
        self.attributes(el, where)
        self.properties(el, where)
        lw, lh = _int(el.get("width", "")), _int(el.get("height", ""))
        if self.width and (lw, lh) != (self.width, self.height):
            self.bad(
                where,
                f"is {el.get('width', '?')}x{el.get('height', '?')} squares; the map is {self.width}x{self.height}",
            )
            return
        data = el.find("data")
        if data is None:
            self.bad(where, "has no <data>")
            return
        if data.find("chunk") is not None:
            self.bad(where, "data is in chunks (an infinite map); make the map finite")
            return
        encoding, compression = data.get("encoding"), data.get("compression")
        if encoding is None:
            self.bad(where, "data is stored as XML <tile> elements; save the map with CSV or Base64 layer format")
            return
        gids, why = decode_data(data.text or "", encoding, compression)
        if why:
            self.bad(where, f"data: {why}")
            return
        if not self.width:
            return
        n = self.width * self.height
        if len(gids) != n:
            self.bad(where, f"data holds {len(gids)} tiles; the {self.width}x{self.height} map needs {n}")
            return
        if not self.tilesets_ok:
            return
        reported: set[int] = set()
        for i, raw in enumerate(gids):
            gid = raw & ~GID_FLAGS
            if gid and gid not in reported and not any(a <= gid < b for a, b in self.ranges):
                reported.add(gid)
                self.bad(f"{where} ({i % self.width},{i // self.width})", f"tile gid {gid} belongs to no tileset")

    # ---- tilesets -----------------------------------------------------------

    def tileset(self, ref: ET.Element) -> None:
        before = len(self.fatal)
        self._tileset(ref)
        if len(self.fatal) > before:
            self.tilesets_ok = False

    def _tileset(self, ref: ET.Element) -> None:
        source = ref.get("source")
        first = _int(ref.get("firstgid", ""))
        label = f"tileset {source or ref.get('name', '')}"
        if first is None or first < 1:
            self.bad(label, f"firstgid must be a whole number of at least 1, not {ref.get('firstgid')!r}")
            first = None
        node, base, named_by = ref, self.path.parent, "the map"
        if source is not None and not source.strip():
            self.bad(label, "attribute source is empty; name a .tsx file or embed the tileset")
            return
        if source:
            if not source.lower().endswith(".tsx"):
                self.bad(label, "only .tsx tileset files are supported (export the tileset as .tsx)")
                return
            tsx = self.path.parent / source
            if not tsx.is_file():
                self.bad(label, "file not found")
                return
            try:
                node = ET.parse(tsx).getroot()
            except ET.ParseError as e:
                self.bad(label, f"does not parse: {e}")
                return
            except OSError as e:
                self.bad(label, f"cannot be read: {e.strerror or e}")
                return
            if node.tag != "tileset":
                self.bad(label, f"the root element is <{node.tag}>, not <tileset>")
                return
            base, named_by = tsx.parent, source
        else:
            label = f"tileset {ref.get('name') or '?'}"
        self.attributes(node, label)
        self.properties(node, label)
        count = _int(node.get("tilecount", ""))
        if first is not None:
            self.ranges.append((first, first + count if count is not None and count >= 0 else math.inf))
        img = node.find("image")
        if img is not None:
            for k in ("tilewidth", "tileheight"):
                v = _int(node.get(k, ""))
                if v is None or v < 1:
                    self.bad(label, f"attribute {k} must be a whole number of at least 1, not {node.get(k)!r}")
            for k in ("spacing", "margin"):
                v = _int(node.get(k, "0"))
                if v is not None and v < 0:
                    self.bad(label, f"attribute {k} must not be negative, not {v}")
            for k in ("width", "height"):
                if _int(img.get(k, "")) is None:
                    self.bad(label, f"image attribute {k} must be a whole number, not {img.get(k)!r}")
            if not img.get("source"):
                self.bad(label, "image has no source")
            else:
                self.image(img.get("source"), base, label, named_by)
        for tile in node.iter("tile"):  # as pytmx reads them: at any depth
            tid = tile.get("id")
            tw = f"{label} tile {tid}"
            if tid is None:
                self.bad(label, "a <tile> has no id")
                continue
            self.attributes(tile, tw)
            self.properties(tile, tw)
            timg = tile.find("image")
            if timg is not None and timg.get("source"):
                self.image(timg.get("source"), base, tw, named_by)
            for frame in tile.iter("frame"):
                if _int(frame.get("tileid", "")) is None or _int(frame.get("duration", "")) is None:
                    self.bad(tw, "an animation frame needs a whole-number tileid and duration")
                    break
            if source:  # an embedded tileset's collision shapes are checked with the map's object layers
                for group in tile.iter("objectgroup"):
                    self.object_layer(group, f"{tw} collision shapes")

    def image(self, source: str, base: Path, where: str, named_by: str) -> None:
        if not (base / source).is_file():
            self.other.append(f"{self.path}: {where}: image {source} not found (relative to {named_by})")


def xml_problems(path: Path) -> XmlCheck:
    """Read the raw XML of a map; see XmlCheck.fatal and .other."""
    check = XmlCheck(path)
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        check.bad("xml", f"does not parse: {e}")
        return check
    check.map(root)
    return check


def decode_data(text: str, encoding: str, compression: str | None) -> tuple[list[int], str]:
    """Decode a <data> element as pytmx would; return (gids, '') or ([], what is wrong)."""
    text = text.strip()
    if encoding == "csv":
        if compression:
            return [], f"compression {compression!r} cannot be used with CSV"
        out = []
        for item in text.split(","):
            try:
                out.append(int(item))
            except ValueError:
                return [], f"{item.strip()[:20]!r} is not a tile number (CSV)"
            if not 0 <= out[-1] < 2**32:
                return [], f"{item.strip()!r} is not a tile number (CSV)"
        return out, ""
    if encoding != "base64":
        return [], f"encoding {encoding!r} is not supported; use csv or base64"
    if compression not in (None, "zlib", "gzip"):
        return [], f"compression {compression!r} is not supported; use zlib, gzip or none"
    try:
        raw = base64.b64decode(text)
    except (binascii.Error, ValueError) as e:
        return [], f"base64 does not decode: {e}"
    try:
        if compression == "zlib":
            raw = zlib.decompress(raw)
        elif compression == "gzip":
            raw = gzip.decompress(raw)
    except (zlib.error, OSError, EOFError) as e:
        return [], f"{compression} data does not decompress: {e}"
    if len(raw) % 4:
        return [], f"{len(raw)} bytes is not a whole number of tiles (4 bytes each)"
    return list(struct.unpack(f"<{len(raw) // 4}L", raw)), ""


def _int(text: str | None) -> int | None:
    try:
        return int(text)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def _float(text: str | None) -> float | None:
    try:
        return float(text)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def _boolish(text: str) -> bool:
    """What pytmx.convert_to_bool accepts."""
    t = text.strip().lower()
    return not t or t[0] in "1yt-0nf"


def _points(text: str | None) -> bool:
    if not text:
        return False
    try:
        return all(len(tuple(map(float, p.split(",")))) == 2 for p in text.split())
    except ValueError:
        return False


# ---- after loading: can every fleeing unit get away? --------------------------


def unreachable_exits(terrain, units) -> list:
    """Units of a side with exit zones that cannot walk to any of them.

    A path runs through passable squares with no hazard, never through an
    enemy's square, stepping in any of the eight directions, the whole
    footprint of a big creature at each step (game.systems.flight's search, as
    in battle). A unit starting inside an exit, or one step from the region, is
    fine: its own square need not be free of hazards (it is already standing
    there). Return the placements with no way out.
    """
    stuck = []
    enemy_squares: dict[str, set] = {}
    for side in {u.side for u in units}:
        enemy_squares[side] = {sq for u in units if u.side != side for sq in footprint(u.pos, u.kind.squares)}
    cache: dict[tuple[str, int], set] = {}
    for u in units:
        exits = terrain.exits_for(u.side)
        if not exits:
            continue
        n = u.kind.squares
        if any(z.contains(sq) for z in exits for sq in footprint(u.pos, n)):
            continue
        key = (u.side, n)
        if key not in cache:
            # the creature is out when any of its squares is in the zone
            starts = [
                (x, y) for z in exits for y in range(z.y - n + 1, z.y + z.h) for x in range(z.x - n + 1, z.x + z.w)
            ]
            cache[key] = escape_region(terrain, starts, n, enemy_squares[u.side])
        region = cache[key]
        x, y = u.pos
        if u.pos not in region and not any((x + vx, y + vy) in region for vx, vy in VECTORS):
            stuck.append(u)
    return stuck
