"""Maps as Tiled writes them: every layer format, embedded and external tilesets, and the real editor.

The loader must read CSV, base64, base64+zlib and base64+gzip layer data, and
tilesets embedded in the map as well as in .tsx files: each variant is made here
from maps/test_arena.tmx and maps/skirmish.tmx and must load to the same terrain
and units. Then every shipped map goes through Debian's `tiled` (headless, with
QT_QPA_PLATFORM=offscreen): exported as .tmx and .json it must succeed, and the
exported .tmx must load to the same scenario as the original.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from game.scenario.tiled import load_scenario

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
SHIPPED = sorted(MAPS.glob("*.tmx"))
SOURCES = [MAPS / "test_arena.tmx", MAPS / "skirmish.tmx"]
TILED = shutil.which("tiled")
FLIP_X = 0x80000000


def same_scenario(a, b) -> None:
    """Same terrain (every square, every zone), units, options and words."""
    assert a.terrain == b.terrain
    assert a.units == b.units
    assert a.options == b.options
    assert (a.title, a.description) == (b.title, b.description)


def _csv_gids(data: ET.Element) -> list[int]:
    return [int(v) for v in data.text.replace("\n", "").split(",")]


def _encode(gids: list[int], compression: str | None) -> str:
    raw = struct.pack(f"<{len(gids)}I", *gids)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw)
    return "\n   " + base64.b64encode(raw).decode("ascii") + "\n  "


def variant(
    src: Path, out: Path, encoding: str, compression: str | None = None, embed: bool = False, flip: bool = False
) -> Path:
    """Re-encode every tile layer of `src` (and maybe inline its tileset) into `out`."""
    tree = ET.parse(src)
    root = tree.getroot()
    for data in root.iter("data"):
        gids = _csv_gids(data)
        if flip:  # Tiled's flip flags: the same tile, drawn mirrored; terrain must not change
            gids = [g | FLIP_X if g else 0 for g in gids]
        if encoding == "csv":
            data.text = "\n" + ",\n".join(",".join(map(str, gids[i : i + 16])) for i in range(0, len(gids), 16)) + "\n"
            continue
        data.set("encoding", "base64")
        if compression:
            data.set("compression", compression)
        data.text = _encode(gids, compression)
    for ts in list(root.iter("tileset")):
        tsx = (src.parent / ts.get("source")).resolve()
        if not embed:
            ts.set("source", os.path.relpath(tsx, out.parent))
            continue
        inline = ET.parse(tsx).getroot()
        index = list(root).index(ts)
        root.remove(ts)
        inline.set("firstgid", ts.get("firstgid"))
        for k in ("version", "tiledversion"):
            inline.attrib.pop(k, None)
        for img in inline.iter("image"):  # relative to the map now, not to the .tsx
            img.set("source", os.path.relpath((tsx.parent / img.get("source")).resolve(), out.parent))
        root.insert(index, inline)
    tree.write(out, encoding="UTF-8", xml_declaration=True)
    return out


FORMATS = {
    "csv": ("csv", None),
    "base64": ("base64", None),
    "base64_zlib": ("base64", "zlib"),
    "base64_gzip": ("base64", "gzip"),
}


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.stem)
@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("embed", [False, True], ids=["external_tsx", "embedded_tileset"])
def test_every_layer_format_and_tileset_kind_loads_the_same(src, fmt, embed, tmp_path):
    encoding, compression = FORMATS[fmt]
    out = variant(src, tmp_path / f"{src.stem}_{fmt}.tmx", encoding, compression, embed)
    text = out.read_text()
    assert f'encoding="{encoding}"' in text and ("compression=" in text) == bool(compression)
    assert (ET.parse(out).getroot().find("tileset").get("source") is None) == embed
    same_scenario(load_scenario(out), load_scenario(src))


def test_the_embedded_variant_really_embeds(tmp_path):
    out = variant(SOURCES[0], tmp_path / "e.tmx", "base64", "zlib", embed=True)
    root = ET.parse(out).getroot()
    ts = root.find("tileset")
    assert ts.get("source") is None and ts.find("tile/properties") is not None


def test_flipped_tiles_keep_their_terrain(tmp_path):
    out = variant(SOURCES[1], tmp_path / "flipped.tmx", "base64", "gzip", flip=True)
    same_scenario(load_scenario(out), load_scenario(SOURCES[1]))


# ---- the real Tiled editor -------------------------------------------------------

needs_tiled = pytest.mark.skipif(TILED is None, reason="Debian's `tiled` is not installed (apt-get install tiled)")


def tiled(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([TILED, *args], env=env, check=False, capture_output=True, text=True, timeout=120)


@pytest.mark.slow
@pytest.mark.lowest  # pytmx reading what Tiled itself writes: no fast test reads it
@needs_tiled
@pytest.mark.parametrize("src", SHIPPED, ids=lambda p: p.name)
def test_tiled_exports_and_we_read_the_export(src, tmp_path):
    original = load_scenario(src)  # a shipped map must itself pass the checks
    out = tmp_path / src.name
    r = tiled("--export-map", "tmx", str(src), str(out))
    assert r.returncode == 0 and out.is_file(), r.stderr
    same_scenario(load_scenario(out), original)
    embedded = tmp_path / f"embedded_{src.name}"
    r = tiled("--export-map", "--embed-tilesets", "tmx", str(src), str(embedded))
    assert r.returncode == 0 and embedded.is_file(), r.stderr
    assert ET.parse(embedded).getroot().find("tileset").get("source") is None
    same_scenario(load_scenario(embedded), original)


@pytest.mark.slow
@pytest.mark.lowest  # pytmx reading what Tiled itself writes: no fast test reads it
@needs_tiled
@pytest.mark.parametrize("src", SHIPPED, ids=lambda p: p.name)
def test_tiled_exports_json(src, tmp_path):
    out = tmp_path / (src.stem + ".json")
    r = tiled("--export-map", "json", str(src), str(out))
    assert r.returncode == 0 and out.is_file(), r.stderr
    exported = json.loads(out.read_text())
    root = ET.parse(src).getroot()
    assert (exported["width"], exported["height"]) == (int(root.get("width")), int(root.get("height")))
    layers = {layer["name"]: layer for layer in exported["layers"]}
    for layer in root.iter("layer"):
        assert layers[layer.get("name")]["data"] == _csv_gids(layer.find("data"))
    for group in root.iter("objectgroup"):
        assert sorted(o["name"] for o in layers[group.get("name")]["objects"]) == sorted(
            o.get("name") for o in group.iter("object")
        )


@pytest.mark.slow
@needs_tiled
def test_tiled_refuses_what_we_refuse_to_parse(tmp_path):
    """Sanity of the harness: Tiled exits non-zero on a map it cannot read."""
    r = tiled(
        "--export-map", "tmx", str(Path(__file__).parent / "broken" / "xml_does_not_parse.tmx"), str(tmp_path / "x.tmx")
    )
    assert r.returncode != 0
