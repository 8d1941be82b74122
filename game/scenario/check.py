"""Checks on a map that pytmx does not make, or makes by raising something unhelpful.

`xml_problems(path)` reads the raw .tmx (and every .tsx it names) with
ElementTree before pytmx is asked to, and finds what would make pytmx fail
or silently misread: the map's shape (orientation, finite, size, square
tiles), tileset files and the images of every tileset (relative to the file
that names them), attribute and property values that do not parse as their
declared type, layer data that does not decode or does not fill the map,
and tiles that belong to no tileset. (After loading, game.scenario.exits
finds units that cannot walk to their side's exits.)

Every problem is one line, 'file: where: what is wrong'.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

from game.scenario.input_files import MAP_BYTES, TILESET_BYTES, input_problem, read_input
from game.scenario.png import PictureError, picture_size
from game.scenario.xml_values import boolish, decode_data, parses_as_points, to_float, to_int

MAX_SIDE = 1000  # squares; a bigger map is a mistake (and would take memory for nothing)
GID_FLAGS = 0xF0000000  # Tiled's flip/rotate bits in a layer's gids
HEX_ROTATION = 0x10000000  # of those, the one for hexagonal maps: pytmx draws no picture for it

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
        self.files: list[tuple[Path, str]] = []  # the tileset files and images found, and what each is

    def bad(self, where: str, what: str) -> None:
        self.fatal.append(f"{self.path}: {where}: {what}")

    # ---- values -------------------------------------------------------------

    def attributes(self, el: ET.Element, where: str, skip: tuple[str, ...] = ()) -> None:
        """Every attribute pytmx casts must parse as its type."""
        for k, v in el.items():
            if k in skip:
                continue
            if k in _INT_ATTRS and to_int(v) is None:
                self.bad(where, f"attribute {k} must be a whole number, not {v!r}")
            elif k in _FLOAT_ATTRS and to_float(v) is None:
                self.bad(where, f"attribute {k} must be a number, not {v!r}")
            elif k in _BOOL_ATTRS and not boolish(v):
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
                elif typ in ("int", "object") and (value is None or to_int(value) is None):
                    self.bad(head, f"{tail}{value!r} is not a whole number (the property's type is {typ})")
                elif typ == "float" and (value is None or to_float(value) is None):
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
        w, h = to_int(root.get("width", "")), to_int(root.get("height", ""))
        tw, th = to_int(root.get("tilewidth", "")), to_int(root.get("tileheight", ""))
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
            elif source := img.get("source"):
                self.image(source, self.path.parent, where, "the map")

    def object_layer(self, el: ET.Element, where: str) -> None:
        self.attributes(el, where)
        self.properties(el, where)
        what = {"units": "unit object", "zones": "zone object"}.get(el.get("name", ""), "object")
        for obj in el.findall("object"):
            ow = f"{what} {obj.get('id', '?')} ({obj.get('name') or 'unnamed'})"
            self.attributes(obj, ow)
            for k in ("x", "y", "width", "height", "rotation"):
                v = to_float(obj.get(k, "0"))
                if v is not None and not math.isfinite(v):
                    self.bad(ow, f"attribute {k} must be a finite number, not {obj.get(k)!r}")
            for tag in ("polygon", "polyline"):
                shape = obj.find(tag)
                if shape is not None and not parses_as_points(shape.get("points")):
                    self.bad(ow, f"{tag} points {shape.get('points')!r} do not parse")
            self.properties(obj, ow)

    def tile_layer(self, el: ET.Element, where: str) -> None:
        self.attributes(el, where)
        self.properties(el, where)
        lw, lh = to_int(el.get("width", "")), to_int(el.get("height", ""))
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
        tiles = self.width * self.height or MAX_SIDE * MAX_SIDE  # what the map can hold, at most
        gids, why = decode_data(data.text or "", encoding, compression, tiles)
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
            if raw & HEX_ROTATION and HEX_ROTATION not in reported:
                reported.add(HEX_ROTATION)
                self.bad(
                    f"{where} ({i % self.width},{i // self.width})",
                    f"tile {raw} has Tiled's hexagonal rotation flag, which a square map cannot draw",
                )
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
        first = to_int(ref.get("firstgid", ""))
        label = f"tileset {source or ref.get('name', '')}"
        if first is None or first < 1:
            self.bad(label, f"firstgid must be a whole number of at least 1, not {ref.get('firstgid')!r}")
            first = None
        if source is not None and not source.strip():
            self.bad(label, "attribute source is empty; name a .tsx file or embed the tileset")
            return
        if source:
            tsx = self._tsx(source, label)
            if tsx is None:
                return
            node, base, named_by = tsx, (self.path.parent / source).parent, source
        else:
            node, base, named_by = ref, self.path.parent, "the map"
            label = f"tileset {ref.get('name') or '?'}"
        self.attributes(node, label)
        self.properties(node, label)
        count = to_int(node.get("tilecount", ""))
        if first is not None:
            self.ranges.append((first, first + count if count is not None and count >= 0 else math.inf))
        img = node.find("image")
        if img is not None:
            self._tileset_image(node, img, label, base, named_by)
        else:
            self._imageless(node, label)
        for tile in node.iter("tile"):  # as pytmx reads them: at any depth
            self._tile(tile, label, base, named_by, bool(source))

    def _imageless(self, node: ET.Element, label: str) -> None:
        """A tileset without one image to cut its tiles from needs an image for each tile: the
        window would otherwise draw nothing (pytmx gives None) and crash."""
        bare = [t.get("id") for t in node.iter("tile") if t.find("image") is None]
        if bare:
            self.bad(label, f"has no image, nor has its tile {bare[0]}; the window could not draw it")
        elif node.find("tile") is None:
            self.bad(label, "has no image and no tiles; the window could not draw it")

    def _tsx(self, source: str, label: str) -> ET.Element | None:
        """The root <tileset> of a tileset file the map names, or None (the problem said)."""
        if not source.lower().endswith(".tsx"):
            self.bad(label, "only .tsx tileset files are supported (export the tileset as .tsx)")
            return None
        tsx = self.path.parent / source
        why = input_problem(tsx)
        if why:
            self.bad(label, "file not found" if why == "not found" else f"{tsx} {why}")
            return None
        self.files.append((tsx, "a tileset of the map"))
        try:
            node = ET.fromstring(read_input(tsx, TILESET_BYTES))
        except ET.ParseError as e:
            self.bad(label, f"does not parse: {e}")
            return None
        except OSError as e:
            self.bad(label, f"cannot be read: {e.strerror or e}")
            return None
        if node.tag != "tileset":
            self.bad(label, f"the root element is <{node.tag}>, not <tileset>")
            return None
        return node

    def _tileset_image(self, node: ET.Element, img: ET.Element, label: str, base: Path, named_by: str) -> None:
        """A tileset cut from one image: tile sizes, spacing and the image itself."""
        for k in ("tilewidth", "tileheight"):
            v = to_int(node.get(k, ""))
            if v is None or v < 1:
                self.bad(label, f"attribute {k} must be a whole number of at least 1, not {node.get(k)!r}")
        for k in ("spacing", "margin"):
            v = to_int(node.get(k, "0"))
            if v is not None and v < 0:
                self.bad(label, f"attribute {k} must not be negative, not {v}")
        declared = [to_int(img.get(k, "")) for k in ("width", "height")]
        for k, v in zip(("width", "height"), declared, strict=True):
            if v is None:
                self.bad(label, f"image attribute {k} must be a whole number, not {img.get(k)!r}")
        source = img.get("source")
        if not source:
            self.bad(label, "image has no source")
            return
        size = self.image(source, base, label, named_by)
        # pytmx cuts the tiles from the image's declared size, so the picture must be at least that big.
        if size is not None and any(v is not None and v > real for v, real in zip(declared, size, strict=True)):
            self.bad(
                label,
                f"image {source} is {size[0]}x{size[1]} pixels, smaller than the "
                f"{img.get('width')}x{img.get('height')} the tileset cuts its tiles from",
            )

    def _tile(self, tile: ET.Element, label: str, base: Path, named_by: str, in_file: bool) -> None:
        """One <tile> of a tileset: its values, image, animation and (in a .tsx) collision shapes."""
        tid = tile.get("id")
        tw = f"{label} tile {tid}"
        if tid is None:
            self.bad(label, "a <tile> has no id")
            return
        self.attributes(tile, tw)
        self.properties(tile, tw)
        timg = tile.find("image")
        if timg is not None and (source := timg.get("source")):
            self.image(source, base, tw, named_by)
        for frame in tile.iter("frame"):
            if to_int(frame.get("tileid", "")) is None or to_int(frame.get("duration", "")) is None:
                self.bad(tw, "an animation frame needs a whole-number tileid and duration")
                break
        if in_file:  # an embedded tileset's collision shapes are checked with the map's object layers
            for group in tile.iter("objectgroup"):
                self.object_layer(group, f"{tw} collision shapes")

    def image(self, source: str, base: Path, where: str, named_by: str) -> tuple[int, int] | None:
        """Check a picture the window would load; its size in pixels, or None (the problem said)."""
        path = base / source
        why = input_problem(path)
        if why == "not found":
            self.other.append(f"{self.path}: {where}: image {source} not found (relative to {named_by})")
            return None
        if why is None:
            self.files.append((path, "an image of the map"))
            try:
                return picture_size(path)
            except (PictureError, OSError) as e:
                why = str(e) if isinstance(e, PictureError) else (e.strerror or str(e))
        self.bad(where, f"image {path} {why}")
        return None


def xml_problems(path: Path) -> XmlCheck:
    """Read the raw XML of a map; see XmlCheck.fatal and .other."""
    check = XmlCheck(path)
    try:
        root = ET.fromstring(read_input(path, MAP_BYTES))
    except ET.ParseError as e:
        check.bad("xml", f"does not parse: {e}")
        return check
    except OSError as e:
        check.bad("file", f"cannot be read: {e.strerror or e}")
        return check
    check.map(root)
    return check
