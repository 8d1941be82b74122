"""A scenario as the battle needs it: terrain, units placed, options, words for the player."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.rules.creature import Kind
from game.core.rules.geometry import Pos
from game.core.terrain import Terrain

if TYPE_CHECKING:
    from game.scenario.lesson import Lesson


@dataclass(frozen=True, slots=True)
class Placement:
    id: str
    side: str
    kind: Kind
    pos: Pos
    facing: int
    hero: bool = False
    leader: bool = False
    retainer: bool = False
    controller: str = ""
    force_marched: bool = False
    hp: int | None = None
    # Where the battle finds it (a sandbox's setup, maps/README.md "Making a scenario in Tiled"): hit
    # points already lost, knocked down, fatigue state (game/core/rules/fatigue.py) and morale state.
    wounds: int = 0
    prone: bool = False
    fatigue: int = 0
    morale: str = "steady"


@dataclass(frozen=True)
class Scenario:
    terrain: Terrain
    units: tuple[Placement, ...]
    options: dict[str, object] = field(default_factory=dict)
    title: str = ""
    description: str = ""
    path: str = ""
    lesson: Lesson | None = None  # the script beside a lesson map (game/scenario/lesson.py)
    # Map property `wait_choice`: each side may choose to wait when the battle starts (game/wait_choice.py).
    wait_choice: bool = False

    @property
    def sides(self) -> list[str]:
        return sorted({p.side for p in self.units})
