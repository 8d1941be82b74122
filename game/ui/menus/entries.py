"""The scenarios the menu offers: each shipped map, loaded, or the reason it would not load."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.home.bundled import MAPS, menu_order
from game.scenario.errors import ScenarioError
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario


@dataclass
class Entry:
    path: Path
    scenario: Scenario | None
    error: str = ""


def shipped_scenarios() -> list[Entry]:
    """The shipped maps a player chooses from, in the menu's order; the tests' maps are left out."""
    out = []
    for path in sorted(
        (p for p in MAPS.glob("*.tmx") if not p.stem.startswith("test_")), key=lambda p: menu_order(p.stem)
    ):
        try:
            out.append(Entry(path, load_scenario(path)))
        except ScenarioError as e:
            out.append(Entry(path, None, e.problems[0]))
    return out
