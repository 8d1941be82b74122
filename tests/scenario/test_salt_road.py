"""The story campaign The Salt Road (campaigns/the_salt_road, issue 40): its campaign.toml names
battles, kinds and maps that exist and every branch of it ends; every campaign map passes
`rout check`, loads into a battle, gives blue a deployment zone that holds the battle's company,
and is the map tools/make_salt_road.py writes."""

from __future__ import annotations

import importlib
import tomllib
from pathlib import Path

import pytest

from game.core.battle import Battle
from game.core.terrain import Hazard
from game.scenario.catalogue import load
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario
from tests.command_line import rout
from tests.test_docs import broken, links

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "campaigns" / "the_salt_road"
MAPS = sorted((ROOT / "campaigns").glob("*/maps/*.tmx"))
END = "end"


def campaign() -> dict:
    with (FOLDER / "campaign.toml").open("rb") as f:
        return tomllib.load(f)


def battles() -> dict[str, dict]:
    return {b["id"]: b for b in campaign()["battle"]}


def deploy_squares(s: Scenario) -> list[tuple[int, int]]:
    """The squares of blue's deployment zones where a member of the company may be placed."""
    t = s.terrain
    zones = [z for z in t.zones if z.kind == "deploy" and z.side == "blue"]
    assert zones, f"{s.path}: no deployment zone for blue"
    out = []
    for z in zones:
        assert min(z.w, z.h) >= 2, f"{s.path}: blue's zone is not two ranks deep"
        for y in range(z.y, z.y + z.h):
            for x in range(z.x, z.x + z.w):
                firm = t.footing_at((x, y)) == "firm" and t.hazard_at((x, y)) == Hazard.NONE
                out += [(x, y)] if t.passable((x, y)) and firm else []
    return out


def test_the_campaign_has_six_maps_or_more():
    assert len([p for p in MAPS if p.parent.parent == FOLDER]) >= 6


@pytest.mark.slow
def test_rout_check_passes_on_every_campaign_map():
    r = rout("check", *map(str, MAPS))  # as a user runs it, in a process of its own
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_every_campaign_map_loads_into_a_battle(path):
    scenario = load_scenario(path)
    assert scenario.title.strip() and scenario.description.strip()
    assert scenario.sides == ["blue", "red"]
    battle = Battle(scenario, seed=1)
    assert not battle.over
    assert {u.side for u in battle.world.units.values()} == {"blue", "red"}


def test_the_campaign_file_says_what_the_campaign_list_shows():
    c = campaign()
    assert c["format"] == 1
    for key in ("title", "about", "company", "first"):
        assert isinstance(c[key], str) and c[key].strip(), key
    assert c["crowns"] > 0 and c["roster_limit"] >= len(c["start"])
    assert all(m["name"].strip() for m in c["start"])


def test_every_battle_named_exists_and_has_its_cards():
    c = campaign()
    named = battles()
    assert len(named) == len(c["battle"]) >= 6, "battle ids must be unique, six or more"
    assert c["first"] in named
    for b in named.values():
        for key in ("title", "before", "after_victory", "after_defeat"):
            assert b[key].strip(), f"{b['id']}: no {key}"
        assert b["victory"] in named or b["victory"] == END, b["id"]
        assert b["defeat"] in named or b["defeat"] == END, b["id"]
        assert b["fielded"] >= 1 and b["pay"] >= 0 and b["days"] >= 0
        assert b["ai"] in ("random", "baseline", "normal", "hard")


def test_every_branch_reaches_the_end_and_every_battle_is_reached():
    named = battles()
    seen: set[str] = set()

    def walk(bid: str, path: tuple[str, ...]) -> None:
        assert bid not in path, f"the branches loop: {' -> '.join((*path, bid))}"
        seen.add(bid)
        for nxt in (named[bid]["victory"], named[bid]["defeat"]):
            if nxt != END:
                walk(nxt, (*path, bid))

    walk(campaign()["first"], ())
    assert seen == set(named), f"never reached: {sorted(set(named) - seen)}"


def test_a_defeat_leads_on_in_two_battles_at_least():
    assert len([b for b in battles().values() if b["defeat"] != END]) >= 2


def test_every_kind_exists_in_the_catalogue():
    kinds = load()
    c = campaign()
    named = list(c["hire"]) + [m["kind"] for m in c["start"]]
    assert [k for k in named if k not in kinds] == []


def test_every_map_exists_in_the_campaign_folder():
    for b in battles().values():
        path = (FOLDER / b["map"]).resolve()
        assert path.is_file(), b["map"]
        assert path.is_relative_to(FOLDER), f"{b['map']} is outside the campaign's folder"


@pytest.mark.parametrize("bid", sorted(battles()))
def test_the_deployment_zone_holds_the_fielded_company(bid):
    """The campaign places up to `fielded` members in blue's zone; the map's own blue units
    (what a plain `rout play` fields) stand in it, as many as the campaign fields."""
    b = battles()[bid]
    s = load_scenario(FOLDER / b["map"])
    room = deploy_squares(s)
    assert len(room) >= b["fielded"]
    blue = [u for u in s.units if u.side == "blue"]
    assert len(blue) == b["fielded"]
    assert all(u.pos in room for u in blue)


def test_the_maps_are_what_the_script_writes(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    make = importlib.import_module("make_salt_road")
    written = {}
    for name, layout, props, units, deploy in make.battles():
        written[name] = make.map_text(layout, props, units, deploy)
    assert sorted(written) == sorted(p.name for p in MAPS if p.parent.parent == FOLDER)
    for name, text in written.items():
        assert (FOLDER / "maps" / name).read_text(encoding="utf-8") == text, f"{name}: run tools/make_salt_road.py"


def test_the_campaign_readme_links_reach_their_files_and_headings():
    readme = FOLDER / "README.md"
    assert [why for t in links(readme) if (why := broken(t, readme))] == []
