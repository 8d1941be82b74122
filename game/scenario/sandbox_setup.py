"""A sandbox's setup: units placed by hand on a map's field, each in the state it starts in.

The setup is a list of Placements (game/scenario/model.py) on the terrain of a loaded map; it
becomes a Scenario to fight, or a Tiled map (game/scenario/tmx_write.py) that `rout check` accepts.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from game.core.rules.creature import Kind
from game.core.rules.geometry import Pos, footprint
from game.core.terrain import Terrain
from game.scenario import catalogue
from game.scenario.model import Placement, Scenario

DEFAULT_SIDES = ("blue", "red")


def map_kinds(path: str) -> dict[str, Kind]:
    """The kinds a map may place: the shipped catalogue, with the map's own catalogue file if it
    names one (its `catalogue` property, as the loader reads it)."""
    try:
        root = ET.parse(path).getroot()  # the map was loaded and checked already
    except (OSError, ET.ParseError):
        return catalogue.load()
    for prop in root.iterfind("./properties/property"):
        if prop.get("name") == "catalogue" and prop.get("value"):
            return catalogue.for_map(Path(path).parent / str(prop.get("value")))
    return catalogue.load()


class Setup:
    """The units of a sandbox, by id in the order placed, on the field of a loaded map."""

    def __init__(self, base: Scenario, kinds: dict[str, Kind]) -> None:
        self.base = base
        self.kinds = kinds
        self.sides = list(base.sides) or list(DEFAULT_SIDES)
        if len(self.sides) < 2:
            self.sides += [s for s in DEFAULT_SIDES if s not in self.sides][: 2 - len(self.sides)]
        self.units: dict[str, Placement] = {p.id: p for p in base.units}

    @property
    def terrain(self) -> Terrain:
        return self.base.terrain

    def at(self, sq: Pos) -> str | None:
        """The unit standing on a square, if any."""
        return next((u.id for u in self.units.values() if sq in footprint(u.pos, u.kind.squares)), None)

    def free(self, kind: Kind, pos: Pos, moving: str | None = None) -> bool:
        """Whether a creature of this kind may stand with its top-left square here: inside the map,
        on passable ground, on no one else's square."""
        t = self.terrain
        for sq in footprint(pos, kind.squares):
            if not t.inside(sq) or not t.passable(sq):
                return False
            if self.at(sq) not in (None, moving):
                return False
        return True

    def place(self, kind_key: str, side: str, pos: Pos) -> Placement | None:
        """A new unit of the kind for the side on the square, facing the other sides' half of the
        field; None where it cannot stand."""
        kind = self.kinds[kind_key]
        if not self.free(kind, pos):
            return None
        facing = 2 if pos[0] < self.terrain.width / 2 else 6  # E on the west half, W on the east
        unit = Placement(self.new_id(side, kind_key), side, kind, pos, facing)
        self.units[unit.id] = unit
        return unit

    def new_id(self, side: str, kind_key: str) -> str:
        """A new id, its number new for the kind on every side: the log names both "Orc 1" and "Orc 2"."""
        n = 1
        while any(f"{s}_{kind_key}_{n}" in self.units for s in self.sides):
            n += 1
        return f"{side}_{kind_key}_{n}"

    def move(self, uid: str, pos: Pos) -> bool:
        u = self.units[uid]
        if not self.free(u.kind, pos, moving=uid):
            return False
        self.units[uid] = replace(u, pos=pos)
        return True

    def change(self, uid: str, **changes: object) -> Placement:
        """Set some of a unit's values (side, facing, wounds, prone, fatigue, morale)."""
        self.units[uid] = replace(self.units[uid], **changes)  # type: ignore[arg-type]
        return self.units[uid]

    def remove(self, uid: str) -> None:
        self.units.pop(uid, None)

    def clear(self) -> None:
        self.units.clear()

    def full_hp(self, uid: str) -> int:
        u = self.units[uid]
        return u.hp if u.hp is not None else u.kind.hp

    def sides_placed(self) -> list[str]:
        return sorted({u.side for u in self.units.values()})

    def why_not_start(self) -> str | None:
        """Why the setup cannot be fought (or saved as a map) yet, in words; None when it can."""
        placed = self.sides_placed()
        if len(placed) < 2:
            return "place units of two sides to fight"
        return None

    def description(self) -> str:
        """What the setup is, in its own words: the map it was set up on's description was of
        another battle (issue 22: a sandbox map kept the skirmish's)."""
        field = self.base.title.removeprefix("Sandbox: ")
        counts = ", ".join(
            f"{sum(1 for u in self.units.values() if u.side == side)} {side}" for side in self.sides_placed()
        )
        return f"A fight set up in the sandbox on the field of {field}: {counts}."

    def scenario(self) -> Scenario:
        """The setup as a scenario to fight, on the map's field and with its rule options."""
        present = set(self.sides_placed())
        zones = tuple(z for z in self.terrain.zones if z.side is None or z.side in present)
        return Scenario(
            replace(self.terrain, zones=zones),
            tuple(self.units.values()),
            dict(self.base.options),
            self.base.title if self.base.title.startswith("Sandbox") else f"Sandbox: {self.base.title}",
            self.description(),
            self.base.path,
        )
