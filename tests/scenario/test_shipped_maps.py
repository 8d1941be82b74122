"""Every shipped map loads, passes `rout check`, and has a title and a description."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.scenario.tiled import load_scenario
from tests.command_line import rout

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.tmx"))


def test_there_are_shipped_maps():
    names = {p.name for p in MAPS}
    for expected in ("skirmish.tmx", "starter.tmx", "duel.tmx", "battle.tmx", "melee3.tmx"):
        assert expected in names


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_map_loads_with_title_and_description(path):
    scenario = load_scenario(path)
    assert scenario.title.strip(), f"{path.name}: no title"
    assert scenario.description.strip(), f"{path.name}: no description"
    assert len(scenario.sides) >= 2


@pytest.mark.slow
def test_rout_check_passes_on_every_map():
    r = rout("check", *map(str, MAPS))  # as a user runs it, in a process of its own
    assert r.returncode == 0, r.stdout + r.stderr


def test_skirmish_sizes_and_sides():
    sizes = {}
    for name in ("starter.tmx", "duel.tmx", "battle.tmx", "melee3.tmx"):
        s = load_scenario(ROOT / "maps" / name)
        assert 16 <= s.terrain.width <= 64 and 12 <= s.terrain.height <= 48, name
        sizes[name] = s
    assert len(sizes["battle.tmx"].units) >= 40
    assert len(sizes["melee3.tmx"].sides) == 3
    exits = {z.side for z in sizes["melee3.tmx"].terrain.zones if z.kind == "exit"}
    assert exits == set(sizes["melee3.tmx"].sides)


def test_duel_is_mirror_symmetric():
    s = load_scenario(ROOT / "maps" / "duel.tmx")
    t = s.terrain
    for y in range(t.height):
        for x in range(t.width):
            a, b = t.index((x, y)), t.index((t.width - 1 - x, y))
            assert (t.move_cost[a], t.elevation[a], t.footing[a], t.hazard[a]) == (
                t.move_cost[b],
                t.elevation[b],
                t.footing[b],
                t.hazard[b],
            ), (x, y)
    blue = sorted(
        (p.kind.key if hasattr(p.kind, "key") else p.kind.name, t.width - 1 - p.pos[0], p.pos[1])
        for p in s.units
        if p.side == "blue"
    )
    red = sorted(
        (p.kind.key if hasattr(p.kind, "key") else p.kind.name, p.pos[0], p.pos[1]) for p in s.units if p.side == "red"
    )
    assert blue == red
