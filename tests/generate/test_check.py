"""Issue 37's checker (game/generate/check.py): generated fields keep the rules of land at every
size and side count, mirrored or not, and each rule, broken by hand, is reported."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.generate.check import problems
from game.generate.make import Field, generate
from game.generate.spec import TERRAINS, FieldSpec
from game.generate.tiles import DEEP, GRASS, HILL, HILL_TOP, ROAD
from game.scenario.catalogue import load

KINDS = load()
SIZES = [(16, 12), (24, 16), (40, 30), (64, 64)]


@pytest.mark.parametrize("mirror", [False, True])
@pytest.mark.parametrize("sides", [2, 3])
@pytest.mark.parametrize("size", SIZES)
def test_generated_fields_keep_the_rules_of_land(size: tuple[int, int], sides: int, mirror: bool) -> None:
    """A few seeds of each kind here; bench/bench_generate.py --land 400 runs 400 of each."""
    w, h = size
    seeds = range(1, 13 if w < 64 else 4)
    for seed in seeds:
        spec = FieldSpec(seed=seed, width=w, height=h, sides=sides, terrain=TERRAINS[seed % 3], mirror=mirror)
        assert problems(generate(spec, KINDS)) == [], seed


def _field_with(notes: str) -> Field:
    """A field of the kind the rule speaks of (a river, a road, a hill), made afresh each time."""
    for seed in range(1, 200):
        made = generate(FieldSpec(seed=seed, width=32, height=24, terrain="broken"), KINDS)
        if notes in " ".join(made.land.notes) and problems(made) == []:
            return made
    raise AssertionError(f"no field with {notes}")


def _water(f: Field) -> list[tuple[int, int]]:
    return [(x, y) for y, row in enumerate(f.land.ground) for x, g in enumerate(row) if g == DEEP]


def test_a_river_cut_short_in_the_middle_of_the_field_is_reported() -> None:
    """The 64x64 complaint: a river that starts in the middle of the field (where a zone was
    cleared across it) has one end only."""
    f = _field_with("a river")
    land = f.land
    ys = sorted({y for _, y in _water(f)})
    cut = ys[len(ys) // 2]  # the river crosses this row: dry it from there to the top edge
    for x, y in _water(f):
        if y <= cut and (x, y) not in f.land.bridges:
            land.ground[y][x] = GRASS
    land.lakes.clear()
    assert any("end at an edge or a lake" in p for p in problems(f))


def test_water_or_a_road_in_a_zone_is_reported() -> None:
    f = _field_with("a road")
    zone = f.zones.deploy["blue"]
    f.land.ground[zone.y][zone.x] = DEEP
    f.land.ground[zone.y + 1][zone.x] = ROAD
    found = problems(f)
    assert any("water" in p and "blue's zone" in p for p in found)
    assert any("a road" in p and "blue's zone" in p for p in found)


def test_a_road_that_ends_in_the_field_is_reported() -> None:
    f = _field_with("a road")
    g = f.land.ground
    x, y = next(
        (x, y)
        for y in range(2, f.land.height - 2)
        for x in range(2, f.land.width - 2)
        if all(g[y + dy][x + dx] != ROAD for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    )
    g[y][x] = ROAD  # a stray road square, joined to no edge
    assert any(f"the road at {(x, y)}" in p for p in problems(f))


def test_water_over_a_hill_is_reported() -> None:
    f = _field_with("a river")
    x, y = _water(f)[len(_water(f)) // 2]
    f.land.ground[y][x - 1] = HILL
    f.land.ground[y][x + 1] = HILL
    assert any("across a hill" in p for p in problems(f))
    f.land.ground[y - 1][x] = HILL_TOP
    assert any("beside a hilltop" in p for p in problems(f))


def test_an_army_in_one_rank_and_a_zone_one_rank_deep_are_reported() -> None:
    f = generate(FieldSpec(seed=1, width=40, height=30, sides=3), KINDS)
    zone = f.zones.deploy["green"]
    green = [s for s in f.soldiers if s.side == "green" and s.kind.squares == 1][: zone.w]
    others = [s for s in f.soldiers if s not in green and s.side != "green"]
    lined = [replace(s, pos=(zone.x + i, zone.y)) for i, s in enumerate(green)]
    assert any("stand in one rank" in p for p in problems(replace(f, soldiers=(*others, *lined))))
    thin = replace(zone, h=1)
    assert any("1 rank deep" in p for p in problems(replace(f, zones=replace(f.zones, deploy={"green": thin}))))
