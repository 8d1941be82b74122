"""The battlefield's squares: what each costs to enter and what lies there."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from game.core.rules.geometry import VECTORS, Pos

FOOTINGS = ("firm", "wading", "slippery", "deep_water")


class Hazard(StrEnum):
    """What lies in a square to hurt a creature driven or stepping into it (docs/rules.md#hazards)."""

    NONE = "none"
    PIT = "pit"
    FIRE = "fire"
    CLIFF = "cliff"


HAZARDS = tuple(Hazard)


@dataclass(frozen=True, slots=True)
class Zone:
    kind: str  # exit, deploy, objective
    x: int
    y: int
    w: int
    h: int
    side: str | None = None
    name: str = ""

    def contains(self, pos: Pos) -> bool:
        return self.x <= pos[0] < self.x + self.w and self.y <= pos[1] < self.y + self.h


@dataclass(frozen=True)
class Terrain:
    """Flat row-major lists, read by index y * width + x."""

    width: int
    height: int
    move_cost: tuple[int, ...]
    elevation: tuple[int, ...]
    footing: tuple[str, ...]
    hazard: tuple[Hazard, ...]
    blocks_sight: tuple[bool, ...]
    drop_ft: tuple[int, ...]
    zones: tuple[Zone, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        # Squares given as plain strings (a test's with_squares) hold members all the same.
        object.__setattr__(self, "hazard", tuple(Hazard(h) for h in self.hazard))

    @staticmethod
    def open_field(width: int, height: int) -> Terrain:
        n = width * height
        return Terrain(width, height, (1,) * n, (0,) * n, ("firm",) * n, (Hazard.NONE,) * n, (False,) * n, (0,) * n)

    def inside(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.width and 0 <= pos[1] < self.height

    def index(self, pos: Pos) -> int:
        return pos[1] * self.width + pos[0]

    def cost(self, pos: Pos) -> int:
        return self.move_cost[pos[1] * self.width + pos[0]]

    def hazard_at(self, pos: Pos) -> Hazard:
        return self.hazard[pos[1] * self.width + pos[0]]

    def elevation_at(self, pos: Pos) -> int:
        return self.elevation[pos[1] * self.width + pos[0]]

    def footing_at(self, pos: Pos) -> str:
        return self.footing[pos[1] * self.width + pos[0]]

    def passable(self, pos: Pos) -> bool:
        return self.inside(pos) and self.move_cost[pos[1] * self.width + pos[0]] > 0

    @cached_property
    def steps(self) -> list[tuple[tuple[int, int, bool, bool], ...] | None]:
        """For each square (by index), the squares one step away that may ever be entered, as
        (index, move cost, diagonal, hazard), or None until `steps_from` has worked it out:
        the movement search reads this instead of checking the map's edges, walls and cliffs
        at every step."""
        return [None] * (self.width * self.height)

    def steps_from(self, i: int) -> tuple[tuple[int, int, bool, bool], ...]:
        w, h, mc, hz = self.width, self.height, self.move_cost, self.hazard
        x, y = i % w, i // w
        here = []
        for vx, vy in VECTORS:
            qx, qy = x + vx, y + vy
            if 0 <= qx < w and 0 <= qy < h:
                j = qy * w + qx
                if mc[j] > 0 and hz[j] != Hazard.CLIFF:
                    here.append((j, mc[j], bool(vx and vy), hz[j] != Hazard.NONE))
        got = self.steps[i] = tuple(here)
        return got

    @cached_property
    def state_steps(self) -> list[tuple[tuple[int, int, int, bool], ...] | None]:
        """`steps` for the movement search's states (square * 2 + diagonal parity): for each,
        (next state, cost of the step, square, hazard), or None until `state_steps_from` has
        worked it out. Diagonal steps cost 1 and 2 in turn (C&T), so the parity flips on them."""
        return [None] * (2 * self.width * self.height)

    def state_steps_from(self, state: int) -> tuple[tuple[int, int, int, bool], ...]:
        self._fill_states(state >> 1)
        return self.state_steps[state] or ()

    @cached_property
    def state_steps_cheap(self) -> list[tuple[tuple[int, int, int, bool], ...] | None]:
        """Of `state_steps`, those costing 1, in the same order: all a search can still take with
        one point of its budget left (or None until `cheap_steps_from` has worked it out)."""
        return [None] * (2 * self.width * self.height)

    def cheap_steps_from(self, state: int) -> tuple[tuple[int, int, int, bool], ...]:
        self._fill_states(state >> 1)
        return self.state_steps_cheap[state] or ()

    def _fill_states(self, i: int) -> None:
        """Both tables for both of square i's states, in one pass over its steps."""
        even: list[tuple[int, int, int, bool]] = []
        odd: list[tuple[int, int, int, bool]] = []
        for j, c, diagonal, hazard in self.steps[i] or self.steps_from(i):
            if diagonal:
                even.append((2 * j + 1, c, j, hazard))
                odd.append((2 * j, 2 * c, j, hazard))
            else:
                even.append((2 * j, c, j, hazard))
                odd.append((2 * j + 1, c, j, hazard))
        self.state_steps[2 * i], self.state_steps[2 * i + 1] = tuple(even), tuple(odd)
        cheap = self.state_steps_cheap
        cheap[2 * i] = tuple(s for s in even if s[1] == 1)
        cheap[2 * i + 1] = tuple(s for s in odd if s[1] == 1)

    @cached_property
    def sight_lines(self) -> dict[tuple[Pos, Pos], bool]:
        """Lines of sight already walked on this map: (from, to) -> clear (systems/actions.py)."""
        return {}

    @cached_property
    def lowest(self) -> int:
        """The lowest ground on the map: nothing standing there is above anything."""
        return min(self.elevation, default=0)

    @cached_property
    def sight_blocked_anywhere(self) -> bool:
        return any(self.blocks_sight)

    def __getstate__(self) -> dict[str, object]:
        # Derived tables are rebuilt where they are needed, not shipped to other processes.
        return {
            k: v
            for k, v in self.__dict__.items()
            if k not in ("steps", "state_steps", "state_steps_cheap", "sight_lines")
        }

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)

    def exits_for(self, side: str) -> list[Zone]:
        return [z for z in self.zones if z.kind == "exit" and (z.side is None or z.side == side)]

    def with_squares(self, **changes: dict[Pos, object]) -> Terrain:
        """Return a copy with some squares changed, e.g. hazard={(3, 4): 'pit'} (for tests and tools)."""
        fields = {}
        for name, squares in changes.items():
            values = list(getattr(self, name))
            for pos, value in squares.items():
                values[self.index(pos)] = value
            fields[name] = tuple(values)
        return Terrain(
            self.width,
            self.height,
            fields.get("move_cost", self.move_cost),
            fields.get("elevation", self.elevation),
            fields.get("footing", self.footing),
            fields.get("hazard", self.hazard),
            fields.get("blocks_sight", self.blocks_sight),
            fields.get("drop_ft", self.drop_ft),
            self.zones,
        )
