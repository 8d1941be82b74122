"""The files a command reads: the map (the .tmx itself, its tileset files and their images, the
catalogues its units come from, its lesson script) and the game's own art (the unit sprites,
icons and marks, and the font the window writes with). The command line keeps every output off
these."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path

from game.home.bundled import ASSETS
from game.scenario.catalogue import CATALOGUE
from game.scenario.check import xml_problems
from game.scenario.input_files import MAP_BYTES, input_problem, read_input
from game.scenario.lesson import script_path


def map_inputs(path: str | Path) -> list[tuple[Path, str]]:
    """Each file the map at path reads, with what it is in words ("the map", "a tileset of the map", ...)."""
    path = Path(path)
    out = [(path, "the map"), *xml_problems(path).files, (CATALOGUE, "the game's unit catalogue")]
    own = catalogue_property(path)
    if own:
        out.append((path.parent / own, "the map's unit catalogue"))
    script = script_path(path)
    if input_problem(script) != "not found":
        out.append((script, "the map's lesson script"))
    return out + art_inputs()


def art_inputs() -> list[tuple[Path, str]]:
    """The game's pictures (every file of its art folder) and the font the window draws with."""
    out = [(p, "a picture of the game") for p in sorted(ASSETS.rglob("*")) if p.is_file()]
    font = _default_font()
    if font is not None:
        out.append((font, "the font the game writes with"))
    return out


def _default_font() -> Path | None:
    """pygame's own font file (what pygame.font.Font(None, ...) opens), found without importing
    pygame: the command line does not load the window to check its outputs."""
    spec = importlib.util.find_spec("pygame")
    folders = list(spec.submodule_search_locations or []) if spec else []
    found = [Path(f) / "freesansbold.ttf" for f in folders if (Path(f) / "freesansbold.ttf").is_file()]
    return found[0] if found else None


def catalogue_property(path: Path) -> str | None:
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
