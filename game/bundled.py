"""Where the maps and art that ship with Rout are.

An installed game carries them inside the package (the wheel maps the repository's top-level
`maps/` and `assets/` to `game/maps` and `game/assets`); a source checkout has them beside the
package. Both keep `maps/` and `assets/` side by side, so a tileset's relative image path holds.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def _folder(name: str) -> Path:
    installed = Path(str(files("game") / name))
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / name


MAPS = _folder("maps")
ASSETS = _folder("assets")
DEFAULT_MAP = MAPS / "skirmish.tmx"


def map_path(name: str) -> str:
    """The map a command line names: a file, or else a shipped map by its name ("battle" or
    "battle.tmx"), so an installed game plays its own maps from any folder."""
    if Path(name).exists():
        return name
    for candidate in (MAPS / name, MAPS / f"{name}.tmx"):
        if Path(name).name == name and candidate.is_file():
            return str(candidate)
    return name
