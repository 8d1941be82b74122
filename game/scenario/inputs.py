"""The files a map is made of: the .tmx itself, its tileset files and their images, and the
catalogues its units come from. The command line keeps every output off these."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from game.input_files import MAP_BYTES, input_problem, read_input
from game.scenario.catalogue import CATALOGUE
from game.scenario.check import xml_problems
from game.scenario.lesson import script_path


def map_inputs(path: str | Path) -> list[tuple[Path, str]]:
    """Each file the map at path reads, with what it is in words ("the map", "a tileset of the map", ...)."""
    path = Path(path)
    out = [(path, "the map"), *xml_problems(path).files, (CATALOGUE, "the game's unit catalogue")]
    own = _catalogue_property(path)
    if own:
        out.append((path.parent / own, "the map's unit catalogue"))
    script = script_path(path)
    if input_problem(script) != "not found":
        out.append((script, "the map's lesson script"))
    return out


def _catalogue_property(path: Path) -> str | None:
    """The map property `catalogue` as written in the file (a path relative to the map)."""
    try:
        root = ET.fromstring(read_input(path, MAP_BYTES))
    except (ET.ParseError, OSError):
        return None
    for props in root.findall("properties"):
        for prop in props.findall("property"):
            if prop.get("name") == "catalogue":
                return prop.get("value", prop.text or "").strip() or None
    return None
