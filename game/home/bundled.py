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
    return Path(__file__).resolve().parents[2] / name


MAPS = _folder("maps")
ASSETS = _folder("assets")
CAMPAIGNS = _folder("campaigns")  # each a folder holding campaign.toml and its maps
DEFAULT_MAP = MAPS / "skirmish.tmx"
# The lessons in the order they teach: facing and the round first, then retreats, then what
# wears a side down. A lesson not named here comes after these, by name.
TEACHING_ORDER = (
    "lesson_flanking",
    "lesson_initiative",
    "lesson_first_strike",
    "lesson_pike",
    "lesson_retreat_rear",
    "lesson_retreat_flank",
    "lesson_surrounded",
    "lesson_giant",
    "lesson_size",
    "lesson_hazards",
    "lesson_charge",
    "lesson_fatigue",
    "lesson_force_march",
    "lesson_morale_adnd2e",
    "lesson_morale_ose",
    "lesson_surrender",
    "lesson_magic",
    "lesson_slow",
    "lesson_gargoyle",
    "lesson_poison",
)


def menu_order(stem: str) -> tuple[int, int, str]:
    """Where a shipped map stands in the menu: the default skirmish first, the other battles by
    name, then the lessons in teaching order. Test maps (test_*) are not for the menu."""
    if stem.startswith("lesson_"):
        rank = TEACHING_ORDER.index(stem) if stem in TEACHING_ORDER else len(TEACHING_ORDER)
        return 2, rank, stem
    return (0 if stem == DEFAULT_MAP.stem else 1), 0, stem


def section_of(stem: str) -> str:
    return "Lessons" if stem.startswith("lesson_") else "Skirmishes"


def map_path(name: str) -> str:
    """The map a command line names: a file, or else a shipped map by its name ("battle" or
    "battle.tmx"), so an installed game plays its own maps from any folder."""
    if Path(name).exists():
        return name
    for candidate in (MAPS / name, MAPS / f"{name}.tmx"):
        if Path(name).name == name and candidate.is_file():
            return str(candidate)
    return name


def shipped_campaigns() -> list[Path]:
    """The campaigns that ship with the game, by folder name."""
    if not CAMPAIGNS.is_dir():
        return []
    return sorted(d for d in CAMPAIGNS.iterdir() if (d / "campaign.toml").is_file())


def campaign_path(name: str) -> str:
    """The campaign a command line names: a folder (or its campaign.toml), or else a shipped
    campaign by its name ("contracts")."""
    if Path(name).exists():
        return name
    candidate = CAMPAIGNS / name
    if Path(name).name == name and (candidate / "campaign.toml").is_file():
        return str(candidate)
    return name
