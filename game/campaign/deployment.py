"""The company placed on a battle's map: its fielded members in the company side's deployment
zone, fighters in the front ranks and shooters and casters behind, each rank filled from its
middle out, as a quick battle's generator places a bought army (game/generate/forces.py); the
placeholders the map puts on that side give way to them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from game.core.rules.creature import Kind
from game.core.rules.geometry import FACINGS, Pos, footprint
from game.core.terrain import Hazard, Zone
from game.scenario.model import Placement, Scenario

COMPANY = "blue"  # Decision: on a campaign's map the company is blue and the enemy red
ENEMY = "red"


class Fielded(NamedTuple):
    """A member as the battle takes it: its unit id, its creature at its level, its wounds."""

    uid: str
    kind: Kind
    wounds: int


def company_zone(scenario: Scenario) -> Zone | None:
    """The company side's deployment zone (the first, if the map draws more)."""
    return next((z for z in scenario.terrain.zones if z.kind == "deploy" and z.side == COMPANY), None)


def free_squares(scenario: Scenario, zone: Zone) -> list[Pos]:
    """The zone's squares a creature may start on: passable, no hazard, no enemy on it."""
    t = scenario.terrain
    enemy = {sq for p in scenario.units if p.side != COMPANY for sq in footprint(p.pos, p.kind.squares)}
    return [
        (x, y)
        for y in range(zone.y, zone.y + zone.h)
        for x in range(zone.x, zone.x + zone.w)
        if t.passable((x, y)) and t.hazard_at((x, y)) == Hazard.NONE and (x, y) not in enemy
    ]


def _toward_enemy(scenario: Scenario, zone: Zone) -> Pos:
    """The step, along one axis, from the zone toward the enemy's middle."""
    enemy = [p.pos for p in scenario.units if p.side == ENEMY]
    ex = sum(x for x, _ in enemy) / max(1, len(enemy)) - (zone.x + zone.w / 2)
    ey = sum(y for _, y in enemy) / max(1, len(enemy)) - (zone.y + zone.h / 2)
    if abs(ex) >= abs(ey):
        return (1 if ex >= 0 else -1, 0)
    return (0, 1 if ey >= 0 else -1)


def _middle_out(start: int, length: int) -> list[int]:
    middle = start + (length - 1) // 2
    return sorted(range(start, start + length), key=lambda v: (abs(v - middle), v))


def _ranks(zone: Zone, step: Pos) -> list[list[Pos]]:
    """The zone's ranks, the one nearest the enemy first, each from its middle out."""
    dx, dy = step
    if dx:
        columns = range(zone.x + zone.w - 1, zone.x - 1, -1) if dx > 0 else range(zone.x, zone.x + zone.w)
        return [[(x, y) for y in _middle_out(zone.y, zone.h)] for x in columns]
    rows = range(zone.y + zone.h - 1, zone.y - 1, -1) if dy > 0 else range(zone.y, zone.y + zone.h)
    return [[(x, y) for x in _middle_out(zone.x, zone.w)] for y in rows]


def place(scenario: Scenario, fielded: Sequence[Fielded]) -> Scenario:
    """The scenario with the company's side made of `fielded`, facing the enemy; a ValueError saying why when the zone has no room for one of them."""
    zone = company_zone(scenario)
    if zone is None:
        raise ValueError(f"side {COMPANY} has no deploy zone")
    step = _toward_enemy(scenario, zone)
    facing = FACINGS.index({(1, 0): "E", (-1, 0): "W", (0, 1): "S", (0, -1): "N"}[step])
    free = set(free_squares(scenario, zone))
    # Fighters first, then those who shoot or cast; the biggest first within each (forces._ranked).
    order = sorted(fielded, key=lambda m: (m.kind.missile is not None or bool(m.kind.spells), -m.kind.squares))
    ranks = _ranks(zone, step)
    placed = []
    for uid, kind, wounds in order:
        n = kind.squares
        spot = next((sq for rank in ranks for sq in rank if all(c in free for c in footprint(sq, n))), None)
        if spot is None:
            raise ValueError(f"the {COMPANY} deploy zone has no room for {uid}")
        free -= set(footprint(spot, n))
        # The member's full hit points are its creature's (advance.in_battle); its wounds stay.
        placed.append(Placement(uid, COMPANY, kind, spot, facing, wounds=wounds))
    enemy = tuple(p for p in scenario.units if p.side != COMPANY)
    return replace(scenario, units=enemy + tuple(placed))
