"""One battlefield from a spec: the field laid, the zones cleared, the armies placed, and proof
that it can be played before it is written."""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

from game.core.rules.creature import Kind
from game.core.rules.geometry import VECTORS
from game.generate.forces import Rect, Soldier, Zones, clear, deploy, deploy_armies, muster, zones
from game.generate.land import Land, lay
from game.generate.picker import buy
from game.generate.spec import FieldSpec
from game.generate.tmx_text import tmx_text

ATTEMPTS = 50  # a field whose sides cannot meet is laid again from the next attempt's seed


class Unplayable(Exception):
    """No playable field came of the spec's seed in ATTEMPTS tries."""


@dataclass(frozen=True)
class Field:
    spec: FieldSpec
    land: Land
    zones: Zones
    soldiers: tuple[Soldier, ...]
    attempt: int  # which try gave it (0 for the first)

    def text(self, tileset: str, catalogue: str | None = None) -> str:
        """The Tiled map, naming the shipped tileset by the path `tileset` and, where its kinds
        come from a catalogue of its own, that file by the path `catalogue`."""
        props = _properties(self)
        if catalogue is not None:
            props["catalogue"] = catalogue
        return tmx_text(self.land, self.zones, list(self.soldiers), props, tileset)


def generate(
    spec: FieldSpec,
    kinds: Mapping[str, Kind],
    armies: Mapping[str, list[Kind]] | None = None,
    *,
    prices: Mapping[str, float] | None = None,
    each_buys: bool = False,
) -> Field:
    """The field for the spec: the same spec, catalogue and prices give the same field.

    Its armies: those `armies` gives each side; else, with a budget (spec.points), bought at
    `prices`, one army that every side fields, or with each_buys one bought for each side;
    else equal armies of the generator's own picking."""
    for attempt in range(ATTEMPTS):
        rng = random.Random(spec.rng_seed(attempt))
        land = lay(spec, rng)
        z = zones(spec)
        clear(land, z)
        if not all(_meet(land, z.deploy[a], z.deploy[b]) for a, b in _pairs(spec.side_names)):
            continue
        if armies is None and spec.points and each_buys:
            armies = {side: buy(spec.points, kinds, prices or {}, rng, _room(z)) for side in spec.side_names}
        if armies is not None:
            soldiers = deploy_armies(land, z, armies)
        elif spec.points:
            soldiers = deploy(land, z, spec, buy(spec.points, kinds, prices or {}, rng, _room(z)))
        else:
            soldiers = deploy(land, z, spec, muster(kinds, army_size(spec), rng))
        return Field(spec, land, z, tuple(soldiers), attempt)
    raise Unplayable(f"seed {spec.seed} gave no field where the sides can reach each other in {ATTEMPTS} tries")


def _room(z: Zones) -> int:
    """Squares a bought army may fill: most of the smallest zone, so big creatures still fit."""
    return min(r.w * r.h for r in z.deploy.values()) * 3 // 4


def army_size(spec: FieldSpec) -> int:
    """Creatures a side: more on a bigger field, from 3 (16x12) to 41 (64x64), so that a big
    field's army stands as a body across its zone rather than a handful lost in it; up to 40x28
    the numbers of before (a field of n squares, sqrt(n) / 3.2), above it one creature for
    every hundred squares."""
    area = spec.width * spec.height
    return max(3, round(math.sqrt(area) / 3.2), round(area / 100))


def _pairs(sides: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(a, b) for i, a in enumerate(sides) for b in sides[i + 1 :]]


def _meet(land: Land, start: Rect, goal: Rect) -> bool:
    """A man-sized creature can walk from one zone to the other, round walls, woods and hazards
    (water slows it but does not stop it)."""
    seen = set(start.squares())
    todo = deque(seen)
    targets = set(goal.squares())
    while todo:
        x, y = todo.popleft()
        if (x, y) in targets:
            return True
        for dx, dy in VECTORS:
            nx, ny = x + dx, y + dy
            if 0 <= nx < land.width and 0 <= ny < land.height and (nx, ny) not in seen and land.standable(nx, ny):
                seen.add((nx, ny))
                todo.append((nx, ny))
    return False


def _properties(f: Field) -> dict[str, str | int]:
    spec = f.spec
    armies = {side: _army_words([s for s in f.soldiers if s.side == side]) for side in spec.side_names}
    has = ", ".join(f.land.notes) if f.land.notes else "open ground"
    sides = " and ".join(spec.side_names)
    if len(set(armies.values())) == 1:
        fielded = f"{sides.capitalize()} each field the same army ({armies['blue']})."
    else:
        fielded = " ".join(f"{side.capitalize()} fields {army}." for side, army in armies.items())
    return {
        "title": f"Generated field {spec.seed}",
        "description": (
            f"A {spec.terrain} field of {spec.width}x{spec.height} squares: {has}. {fielded} Made by: rout generate"
            f" --seed {spec.seed} --size {spec.width}x{spec.height} --sides {spec.sides} --terrain {spec.terrain}."
        ),
        "morale_system": "adnd2e",
        "initiative": "individual",
        "victory": "last_side_standing",
        "max_rounds": 30,
    }


def _army_words(soldiers: list[Soldier]) -> str:
    counts: dict[str, int] = {}
    for s in soldiers:
        counts[s.kind.name] = counts.get(s.kind.name, 0) + 1
    return ", ".join(f"{n} {name}" for name, n in counts.items())
