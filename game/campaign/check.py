"""`rout check CAMPAIGN`: what a campaign's keys cannot say alone. Every battle a branch names
exists, every battle is reached, every branch can reach an end, every kind exists and may be
hired, and every map loads with a company side (blue, with its deployment zone) and an enemy (red).
Each problem is one line naming the file, as a map's are."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from game.campaign.deployment import COMPANY, ENEMY, company_zone, free_squares
from game.campaign.keys import DEFEAT, VICTORY
from game.campaign.spec import END, FILE, CampaignSpec, read_campaign
from game.core.rules.creature import Kind
from game.scenario.errors import ScenarioError
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario


def check_campaign(folder: str | Path, kinds: Mapping[str, Kind], hireable: list[str]) -> list[str]:
    """Every problem of the campaign in `folder`, one line each; none when it can be played."""
    try:
        spec = read_campaign(folder)
    except ScenarioError as e:
        return e.problems
    where = f"{spec.folder / FILE}:"
    problems = _branch_problems(spec, where) + _kind_problems(spec, where, kinds, hireable)
    if len(spec.start) > spec.roster_limit:
        problems.append(f"{where} {len(spec.start)} members to start with, but the roster holds {spec.roster_limit}")
    for b in spec.battles.values():
        if b.fielded > spec.roster_limit:
            problems.append(f"{where} battle {b.id!r}: fields {b.fielded}, but the roster holds {spec.roster_limit}")
        if b.map is not None:
            problems += map_problems(spec, b.map, b.fielded, f"{where} battle {b.id!r}:")
    return problems


def _branch_problems(spec: CampaignSpec, where: str) -> list[str]:
    """Every branch names a battle or the end; every battle is reached from the first; from each,
    some branch leads to an end (unless the campaign is endless)."""
    out = []
    if spec.first not in spec.battles:
        out.append(f"{where} first names {spec.first!r}, and no battle has that id")
    for b in spec.battles.values():
        for branch, to in ((VICTORY, b.victory), (DEFEAT, b.defeat)):
            if to != END and to not in spec.battles:
                out.append(f"{where} battle {b.id!r}: {branch} names {to!r}, and no battle has that id (or 'end')")
    if out:
        return out
    reached = _reach(spec, [spec.first])
    out += [f"{where} battle {i!r} is never reached from the first battle" for i in spec.battles if i not in reached]
    if not spec.endless:
        ending = {i for i in spec.battles if END in _reach(spec, [i])}
        out += [
            f"{where} battle {i!r}: no branch from it ever reaches 'end' (or set endless = true)"
            for i in spec.battles
            if i in reached and i not in ending
        ]
    return out


def _reach(spec: CampaignSpec, start: list[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(start)
    while todo:
        at = todo.pop()
        if at in seen:
            continue
        seen.add(at)
        if at in spec.battles:
            todo += [spec.battles[at].victory, spec.battles[at].defeat]
    return seen


def _kind_problems(spec: CampaignSpec, where: str, kinds: Mapping[str, Kind], hireable: list[str]) -> list[str]:
    out = []
    named = [("hire", k) for k in spec.hire or ()] + [(f"start member {n!r}", k) for k, n in spec.start]
    for what, key in named:
        if key not in kinds:
            out.append(f"{where} {what}: unknown kind {key!r}")
        elif key not in hireable:
            out.append(f"{where} {what}: kind {key!r} is not for hire (one of {', '.join(hireable)})")
    names = [n for _, n in spec.start]
    out += [f"{where} two start members are called {n!r}" for n in sorted({n for n in names if names.count(n) > 1})]
    return out


def map_problems(spec: CampaignSpec, name: str, fielded: int, where: str) -> list[str]:
    """Why a battle's map cannot be fought as a campaign's: it lies outside the campaign's folder,
    does not load, or lacks the company's side and zone or the enemy."""
    path = (spec.folder / name).resolve()
    if not path.is_relative_to(spec.folder.resolve()):
        return [f"{where} map {name!r} lies outside the campaign's folder"]
    try:
        scenario = load_scenario(path)
    except ScenarioError as e:
        return [f"{where} map {name!r}: {p}" for p in e.problems]
    return [f"{where} map {name!r}: {p}" for p in field_problems(scenario, fielded)]


def field_problems(scenario: Scenario, fielded: int) -> list[str]:
    """What a loaded map lacks to be a campaign's battle."""
    sides = set(scenario.sides)
    if sides != {COMPANY, ENEMY}:
        return [
            f"a campaign's map has sides {COMPANY} (the company) and {ENEMY} (the enemy), not {', '.join(sorted(sides))}"
        ]
    zone = company_zone(scenario)
    if zone is None:
        return [f"side {COMPANY} has no deploy zone: the company is placed in it"]
    room = len(free_squares(scenario, zone))
    if room < fielded:
        return [f"the {COMPANY} deploy zone has {room} free squares for the {fielded} members the battle fields"]
    return []
