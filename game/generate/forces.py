"""Deployment zones, exits and equal armies for a generated field.

Each side has an exit along its own map edge (fleeing creatures leave through it) and a
deployment zone in front of it (zones.py), bare of walls, trees and hazards so every creature
starts on firm ground. The armies are equal: the same kinds in the same numbers for every side,
placed so that with two sides each creature has its twin on the square opposite. An army stands
as a body: at least two ranks deep and as wide as its numbers ask, never one long line.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass

from game.core.rules.creature import Kind
from game.core.rules.geometry import FACINGS
from game.generate.spec import FieldSpec
from game.generate.tiles import DEEP, EMPTY, GRASS, MUD, SHALLOW, Land
from game.generate.zones import Rect, Zones, depth, frontage, zones

__all__ = ["Rect", "Soldier", "Zones", "clear", "deploy", "deploy_armies", "muster", "zones"]

FACING = {"blue": FACINGS.index("E"), "red": FACINGS.index("W"), "green": FACINGS.index("S")}


@dataclass(frozen=True)
class Soldier:
    id: str
    side: str
    kind: Kind
    pos: tuple[int, int]
    facing: int


def clear(land: Land, z: Zones) -> None:
    """Bare, firm ground where the sides deploy (the land is laid round the zones, so this only
    makes sure of it: check.py finds any water or road that reached one), and no wall, tree or
    hazard along the exits, so a flight is not stopped at the map's very edge. A river that meets
    the edge there keeps its water: it slows a creature but does not stop it."""
    for rect in z.deploy.values():
        for x, y in rect.squares():
            land.features[y][x] = EMPTY
            if land.ground[y][x] in (DEEP, SHALLOW, MUD):
                land.ground[y][x] = GRASS
    for rect in z.exits.values():
        for x, y in rect.squares():
            land.features[y][x] = EMPTY


def muster(kinds: Mapping[str, Kind], count: int, rng: random.Random) -> list[Kind]:
    """One army's kinds, the same for every side: a body of fighters, some who shoot or cast,
    now and then one big creature. Kinds only a magic weapon can hurt are left out (two such
    armies could not harm each other)."""
    usable = [k for k in kinds.values() if not k.hit_only_by]
    melee = [k for k in usable if k.missile is None and not k.spells and k.hd <= 3]
    support = [k for k in usable if k.missile is not None or k.spells]
    heavy = [k for k in usable if k.hd >= 4 and not k.spells]
    army: list[Kind] = []
    if heavy and count >= 6 and rng.random() < 0.5:
        big = rng.choice(heavy)
        army.append(big)
        count -= big.squares * big.squares
    shooters = [rng.choice(support) for _ in range(max(1, count // 3))]
    core = rng.sample(melee, k=min(2, len(melee)))
    army += [core[i % len(core)] for i in range(max(1, count - len(shooters)))]
    return army + shooters


def deploy(land: Land, z: Zones, spec: FieldSpec, army: list[Kind]) -> list[Soldier]:
    """Every side's army in its zone, fighters in the front ranks, shooters and casters behind.
    Blue is placed first; red takes blue's squares turned about the centre (or mirrored, with
    three sides); green fills its own zone from the front."""
    ordered = _ranked(army)
    blue = _place(land, z.deploy["blue"], ordered, "blue")
    soldiers = list(blue)
    for s in blue:
        n = s.kind.squares
        x, y = s.pos
        twin = (spec.width - x - n, spec.height - y - n) if spec.sides == 2 else (spec.width - x - n, y)
        soldiers.append(Soldier(s.id.replace("blue_", "red_", 1), "red", s.kind, twin, FACING["red"]))
    if spec.sides == 3:
        soldiers += _place(land, z.deploy["green"], ordered, "green")
    return soldiers


def deploy_armies(land: Land, z: Zones, armies: Mapping[str, list[Kind]]) -> list[Soldier]:
    """Armies that differ, each side's in its own zone (a kind against a reference force, when
    the kinds are priced)."""
    return [s for side, army in armies.items() for s in _place(land, z.deploy[side], _ranked(army), side)]


def _ranked(army: list[Kind]) -> list[Kind]:
    return sorted(army, key=lambda k: (k.missile is not None or bool(k.spells), -k.squares))


def _place(land: Land, zone: Rect, army: list[Kind], side: str) -> list[Soldier]:
    """Fill the zone from the rank nearest the foe backwards, each rank from its middle out, in a
    body no wider than `body_width`; a creature that finds no room in the body takes the first
    room in the zone."""
    if side == "green":
        ranks = [[(x, y) for x in _middle_out(zone.x, zone.w)] for y in range(zone.y + zone.h - 1, zone.y - 1, -1)]
    else:
        columns = range(zone.x + zone.w - 1, zone.x - 1, -1) if side == "blue" else range(zone.x, zone.x + zone.w)
        ranks = [[(x, y) for y in _middle_out(zone.y, zone.h)] for x in columns]
    width = body_width(army, zone, side)
    body = [sq for rank in ranks for sq in rank[:width]]
    anywhere = [sq for rank in ranks for sq in rank]
    taken: set[tuple[int, int]] = set()
    numbers: dict[str, int] = {}
    placed = []
    for kind in army:
        n = kind.squares
        spot = next((sq for squares in (body, anywhere) for sq in squares if _fits(land, zone, taken, sq, n)), None)
        if spot is None:
            raise ValueError(f"the {side} zone has no room for a {kind.key}")
        taken.update((spot[0] + dx, spot[1] + dy) for dx in range(n) for dy in range(n))
        numbers[kind.key] = numbers.get(kind.key, 0) + 1
        placed.append(Soldier(f"{side}_{kind.key}_{numbers[kind.key]}", side, kind, spot, FACING[side]))
    return placed


def body_width(army: list[Kind], zone: Rect, side: str) -> int:
    """How many squares wide an army stands: its footprint spread over about sqrt(squares / 8)
    ranks, two at least (a dozen men stand two deep, fifty three deep, a hundred four), as the
    zone allows."""
    squares = sum(k.squares**2 for k in army)
    ranks = min(depth(side, zone), max(2, round(math.sqrt(squares / 8))))
    return min(frontage(side, zone), max(1, math.ceil(squares / ranks)))


def _middle_out(start: int, length: int) -> list[int]:
    middle = start + (length - 1) // 2
    return sorted(range(start, start + length), key=lambda v: (abs(v - middle), v))


def _fits(land: Land, zone: Rect, taken: set[tuple[int, int]], sq: tuple[int, int], n: int) -> bool:
    x, y = sq
    if not zone.holds(x, y, n):
        return False
    cells = [(x + dx, y + dy) for dx in range(n) for dy in range(n)]
    return all(c not in taken and land.standable(*c) for c in cells)
