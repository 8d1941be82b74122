"""Fuzz the loader with mutated shipped maps: it returns a Scenario or raises ScenarioError, nothing else.

A seeded mutator (no hypothesis shrinking needed: each case is one seed, printed on
failure) deletes, duplicates and alters attributes, elements, property values and
types, truncates the XML, flips layer encodings with and without re-encoding the
data, writes garbage layer data and breaks tileset references. CI runs a few hundred
cases; bench/bench_fuzz_maps.py runs thousands with the same mutator.
"""

from __future__ import annotations

import base64
import gzip
import random
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from game.scenario.errors import ScenarioError
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
TSX = MAPS / "terrain.tsx"

ODD_VALUES = [
    "",
    " ",
    "0",
    "-1",
    "1",
    "2",
    "3.5",
    "-0.0",
    "1e309",
    "nan",
    "inf",
    "-inf",
    "99999999999",
    "4294967296",
    "true",
    "false",
    "maybe",
    "abc",
    "N",
    "UP",
    "exit",
    "units",
    "zones",
    "red",
    "blue",
    "Red Army",
    "orc",
    "dragon",
    "csv",
    "base64",
    "zlib",
    "gzip",
    "zstd",
    "isometric",
    "orthogonal",
    "\u00e9\u00e8",
    "../nope.tsx",
    "terrain.tsx",
    "class",
    "int",
    "bool",
    "float",
    "x" * 300,
]
PROP_TYPES = [None, "string", "int", "bool", "float", "color", "file", "object", "class", "enum", "integer", ""]
TAGS = [
    "map",
    "tileset",
    "layer",
    "data",
    "objectgroup",
    "object",
    "properties",
    "property",
    "image",
    "tile",
    "imagelayer",
    "group",
    "polygon",
    "chunk",
    "animation",
    "frame",
]


def shipped_maps() -> list[Path]:
    return sorted(MAPS.glob("*.tmx"))


def _gids(data: ET.Element) -> list[int]:
    try:
        return [int(v) for v in (data.text or "").replace("\n", "").split(",") if v.strip()]
    except ValueError:
        return []


def _pick(rng: random.Random, root: ET.Element, tag: str | None = None) -> tuple[ET.Element | None, ET.Element | None]:
    """A random element (and its parent), optionally of one tag."""
    pairs = [(parent, child) for parent in root.iter() for child in parent if tag is None or child.tag == tag]
    if not pairs:
        return None, None
    return rng.choice(pairs)


def mutate_tree(rng: random.Random, root: ET.Element) -> str:  # noqa: PLR0912, PLR0915  (one straight-line fuzz case, read top to bottom)
    """Apply one structural mutation; return its name."""
    kind = rng.choice(
        [
            "del_attr",
            "alter_attr",
            "add_attr",
            "del_elem",
            "dup_elem",
            "move_elem",
            "prop_value",
            "prop_type",
            "prop_add",
            "reencode",
            "flip_encoding",
            "garbage_data",
            "resize_data",
            "tileset_source",
            "rename_layer",
            "wrap_elem",
            "odd_gid",
            "unit_pos",
        ]
    )
    if kind in ("del_attr", "alter_attr"):
        el = rng.choice([e for e in root.iter() if e.attrib] or [root])
        if el.attrib:
            k = rng.choice(sorted(el.attrib))
            if kind == "del_attr":
                del el.attrib[k]
            else:
                el.set(k, rng.choice(ODD_VALUES + [str(rng.randint(-5, 5000))]))
    elif kind == "add_attr":
        el = rng.choice(list(root.iter()))
        el.set(
            rng.choice(
                [
                    "width",
                    "height",
                    "x",
                    "y",
                    "id",
                    "gid",
                    "firstgid",
                    "encoding",
                    "compression",
                    "source",
                    "infinite",
                    "orientation",
                    "name",
                    "type",
                    "visible",
                    "rotation",
                ]
            ),
            rng.choice(ODD_VALUES),
        )
    elif kind == "del_elem":
        parent, child = _pick(rng, root, rng.choice([None, "object", "property", "layer", "data", "tileset"]))
        if parent is not None:
            parent.remove(child)
    elif kind == "dup_elem":
        parent, child = _pick(rng, root, rng.choice([None, "object", "property", "layer", "objectgroup", "tileset"]))
        if parent is not None:
            parent.insert(list(parent).index(child), ET.fromstring(ET.tostring(child)))
    elif kind == "move_elem":
        parent, child = _pick(rng, root)
        targets = [e for e in root.iter() if e is not child and child not in list(e.iter())]
        if parent is not None and targets:
            parent.remove(child)
            rng.choice(targets).append(child)
    elif kind == "prop_value":
        _, p = _pick(rng, root, "property")
        if p is not None:
            p.set("value", rng.choice(ODD_VALUES))
    elif kind == "prop_type":
        _, p = _pick(rng, root, "property")
        if p is not None:
            t = rng.choice(PROP_TYPES)
            if t is None:
                p.attrib.pop("type", None)
            else:
                p.set("type", t)
    elif kind == "prop_add":
        parent, _ = _pick(rng, root, "properties")
        if parent is not None:
            ET.SubElement(
                parent,
                "property",
                {
                    "name": rng.choice(
                        [
                            "hero",
                            "leader",
                            "hp",
                            "side",
                            "kind",
                            "facing",
                            "zone",
                            "max_rounds",
                            "name",
                            "id",
                            "width",
                            "x",
                            "type",
                            "controller",
                            "surprised",
                            "cornered",
                            "move_cost",
                            "footing",
                            "terrain",
                            "fog",
                        ]
                    ),
                    **({"type": t} if (t := rng.choice(PROP_TYPES)) else {}),
                    "value": rng.choice(ODD_VALUES),
                },
            )
    elif kind == "reencode":  # a valid re-encoding: must still load when nothing else is wrong
        for data in root.iter("data"):
            gids = _gids(data)
            comp = rng.choice([None, "zlib", "gzip"])
            raw = struct.pack(f"<{len(gids)}I", *(g & 0xFFFFFFFF for g in gids))
            raw = zlib.compress(raw) if comp == "zlib" else gzip.compress(raw) if comp == "gzip" else raw
            data.set("encoding", "base64")
            if comp:
                data.set("compression", comp)
            data.text = base64.b64encode(raw).decode()
    elif kind == "flip_encoding":  # claim another encoding without re-encoding
        _, data = _pick(rng, root, "data")
        if data is not None:
            data.set("encoding", rng.choice(["csv", "base64", "xml", ""]))
            if rng.random() < 0.5:
                data.set("compression", rng.choice(["zlib", "gzip", "zstd", ""]))
    elif kind == "garbage_data":
        _, data = _pick(rng, root, "data")
        if data is not None:
            alphabet = rng.choice(["0123456789,", "ABCDEFabcdef+/=", "0123456789,\n -xyz\u00e9", "\x00\x01"])
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 400)))
            data.text = text.replace("\x00", "0").replace("\x01", "1")
    elif kind == "resize_data":
        _, data = _pick(rng, root, "data")
        if data is not None:
            gids = _gids(data)
            n = rng.choice([0, 1, len(gids) - 1, len(gids) + 1, len(gids) * 2, rng.randint(0, 500)])
            gids = (gids * 3)[: max(n, 0)]
            data.set("encoding", "csv")
            data.attrib.pop("compression", None)
            data.text = ",".join(map(str, gids))
    elif kind == "tileset_source":
        _, ts = _pick(rng, root, "tileset")
        if ts is not None:
            ts.set(
                "source",
                rng.choice(
                    ["nope.tsx", "terrain.json", "", str(TSX), str(MAPS / "test_arena.tmx"), str(MAPS), "/dev/null"]
                ),
            )
    elif kind == "rename_layer":
        _, el = _pick(rng, root, rng.choice(["objectgroup", "layer"]))
        if el is not None:
            el.set("name", rng.choice(["units", "zones", "ground", "", "Units"]))
    elif kind == "wrap_elem":
        parent, child = _pick(rng, root)
        if parent is not None:
            i = list(parent).index(child)
            parent.remove(child)
            wrapper = ET.Element(rng.choice(TAGS))
            wrapper.append(child)
            parent.insert(i, wrapper)
    elif kind == "odd_gid":
        _, data = _pick(rng, root, "data")
        if data is not None and data.get("encoding") == "csv":
            gids = _gids(data)
            if gids:
                gids[rng.randrange(len(gids))] = rng.choice([0, 13, 14, 99, 2**29 + 1, 2**31 + 1, 2**32 - 1])
                data.text = ",".join(map(str, gids))
    elif kind == "unit_pos":
        _, obj = _pick(rng, root, "object")
        if obj is not None:
            obj.set(
                rng.choice(["x", "y", "width", "height"]),
                rng.choice(["0", "-32", "31.9", "16", "100000", "-0.4", str(rng.randint(-64, 900))]),
            )
    return kind


def mutate(rng: random.Random, text: str) -> tuple[str, list[str]]:
    """Return a mutated map text and the names of the mutations applied."""
    done: list[str] = []
    try:
        root = ET.fromstring(text)
    except ET.ParseError:
        root = None
    if root is not None:
        for ts in root.iter("tileset"):  # the copy lives elsewhere: name the shipped tileset by full path
            if ts.get("source") == "terrain.tsx":
                ts.set("source", str(TSX))
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            done.append(mutate_tree(rng, root))
        text = ET.tostring(root, encoding="unicode")
    roll = rng.random()
    if roll < 0.08:
        text = text[: rng.randrange(len(text) + 1)]
        done.append("truncate")
    elif roll < 0.14:
        i = rng.randrange(len(text) + 1)
        text = text[:i] + rng.choice(["<", ">", "&", '"', "\x00", "]]>", "<!--", "<x>", "\u00e9"]) + text[i:]
        done.append("splice")
    return text, done


def run_case(seed: int, directory: Path) -> tuple[str, object]:
    """Load one mutated map; return ('ok'|'error'|'escape', detail)."""
    rng = random.Random(seed)
    src = rng.choice(shipped_maps())
    text, done = mutate(rng, src.read_text())
    path = directory / f"fuzz_{seed}.tmx"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        result = load_scenario(path)
    except ScenarioError as e:
        problems = e.problems
        if not problems or not all(
            isinstance(p, str) and p.startswith(f"{path}: ") and "\n" not in p for p in problems
        ):
            return "escape", f"seed {seed} ({src.name}, {done}): badly formed problems {problems!r}"
        return "error", problems
    except BaseException as e:  # noqa: BLE001 - exactly what we are hunting
        return "escape", f"seed {seed} ({src.name}, {done}): {type(e).__name__}: {e}"
    if not isinstance(result, Scenario):
        return "escape", f"seed {seed}: returned {type(result).__name__}"
    return "ok", result


CASES = 500
CHUNK = 50


@pytest.mark.parametrize("start", range(0, CASES, CHUNK))
def test_mutated_maps_load_or_raise_scenario_error(start, tmp_path):
    escapes = []
    for seed in range(start, start + CHUNK):
        outcome, detail = run_case(seed, tmp_path)
        if outcome == "escape":
            escapes.append(detail)
    assert not escapes, "\n".join(escapes)


def test_the_mutator_is_not_toothless(tmp_path):
    """Most mutants are refused, some still load: the fuzz reaches both sides of the checks."""
    outcomes = [run_case(seed, tmp_path)[0] for seed in range(1000, 1060)]
    assert outcomes.count("error") >= 20 and outcomes.count("ok") >= 3, outcomes
