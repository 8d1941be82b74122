"""A campaign's file, `campaign.toml` (docs/formats.md#campaigns), read into plain values: every
key's type and range checked as it is read, each problem one line 'file: where: what is wrong'.
What needs more than one key (the battles' branches, the maps, the kinds) is game/campaign/check.py's."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.campaign.keys import BATTLE_KEYS, DEFEAT, GENERATE_KEYS, START_KEYS, TOP_KEYS, VICTORY, Key, problems_of
from game.scenario.errors import ScenarioError
from game.scenario.input_files import SCRIPT_BYTES, read_input

FILE = "campaign.toml"
FORMAT = 1
END = "end"  # a branch that ends the campaign


class CampaignError(ScenarioError):
    """Problems in a campaign, each one line naming its file (the command line says them as a map's)."""


@dataclass(frozen=True)
class Generated:
    width: int
    height: int
    terrain: str


@dataclass(frozen=True)
class BattleSpec:
    id: str
    title: str
    map: str | None  # a path inside the campaign's folder
    generate: Generated | None
    enemy_points: int  # with `generate`: the enemy's budget (0: priced by the company's strength)
    enemy_strength: float  # with `generate` and no enemy_points: the budget over the company's points
    fielded: int
    ai: str
    pay: int
    xp: int  # Decision: the story award each fielded survivor earns for a victory (DMG, story awards)
    days: int
    before: str
    after_victory: str
    after_defeat: str
    victory: str
    defeat: str


@dataclass(frozen=True)
class CampaignSpec:
    folder: Path
    title: str
    about: str
    company: str
    crowns: int
    roster_limit: int
    hire: tuple[str, ...] | None
    first: str
    start: tuple[tuple[str, str], ...]  # (kind, name) of each member it starts with
    battles: dict[str, BattleSpec]
    endless: bool  # no story: its battles may loop for ever, and no branch need end

    @property
    def name(self) -> str:
        return self.folder.name


def read_campaign(folder: str | Path) -> CampaignSpec:
    """The campaign in `folder` (its campaign.toml), its keys checked; CampaignError listing
    every problem found."""
    folder = Path(folder)
    path = folder / FILE if folder.is_dir() else folder
    folder = path.parent
    data = _toml(path)
    problems = problems_of(data, TOP_KEYS, f"{path}:")
    if problems:
        raise CampaignError(problems)
    battles: dict[str, BattleSpec] = {}
    for i, table in enumerate(data.get("battle", []), start=1):
        where = f"{path}: battle {table.get('id', i)!r}:"
        found = problems_of(table, BATTLE_KEYS, where)
        found += _one_field(table, where)
        if table.get("id") in battles:
            found.append(f"{where} id is used by another battle already")
        problems += found
        if not found:
            battles[table["id"]] = _battle(table)
    for i, table in enumerate(data.get("start", []), start=1):
        problems += problems_of(table, START_KEYS, f"{path}: start {i}:")
    if not data.get("battle"):
        problems.append(f"{path}: there is no [[battle]]: a campaign needs one battle at least")
    if problems:
        raise CampaignError(problems)
    return CampaignSpec(
        folder=folder,
        title=data["title"],
        about=data.get("about", ""),
        company=data.get("company", "The Company"),
        crowns=data.get("crowns", 0),
        roster_limit=data.get("roster_limit", 12),
        hire=tuple(data["hire"]) if "hire" in data else None,
        first=data["first"],
        start=tuple((t["kind"], t["name"]) for t in data.get("start", [])),
        battles=battles,
        endless=data.get("endless", False),
    )


def _one_field(table: dict[str, Any], where: str) -> list[str]:
    """A battle is fought on a map of the campaign or on a generated field, never both."""
    if ("map" in table) == ("generate" in table):
        return [f"{where} give either map (a map of the campaign) or generate (a generated field)"]
    if "generate" in table and isinstance(table["generate"], dict):
        out = problems_of(table["generate"], GENERATE_KEYS, f"{where} generate:")
        if "enemy_points" in table and "enemy_strength" in table:
            out.append(f"{where} give enemy_points or enemy_strength, not both")
        return out
    extra = [k for k in ("enemy_points", "enemy_strength") if k in table]
    return [f"{where} {k} is for a generated field, and this battle has a map" for k in extra]


def _battle(t: dict[str, Any]) -> BattleSpec:
    g = t.get("generate")
    return BattleSpec(
        id=t["id"],
        title=t.get("title", t["id"]),
        map=t.get("map"),
        generate=None if g is None else Generated(g.get("width", 24), g.get("height", 16), g.get("terrain", "mixed")),
        enemy_points=t.get("enemy_points", 0),
        enemy_strength=float(t.get("enemy_strength", 1.0)),
        fielded=t.get("fielded", 6),
        ai=t.get("ai", "normal"),
        pay=t.get("pay", 0),
        xp=t.get("xp", 0),
        days=t.get("days", 0),
        before=t.get("before", ""),
        after_victory=t.get("after_victory", ""),
        after_defeat=t.get("after_defeat", ""),
        victory=t.get(VICTORY, END),
        defeat=t.get(DEFEAT, END),
    )


def _toml(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(read_input(path, SCRIPT_BYTES).decode("utf-8"))
    except FileNotFoundError:
        why = f"there is no {FILE} here: a campaign is a folder holding one"
    except OSError as e:
        why = f"file: cannot be read: {e.strerror or e}"
    except UnicodeDecodeError:
        why = "file: is not UTF-8 text"
    except tomllib.TOMLDecodeError as e:
        why = f"not valid TOML: {e}"
    except (RecursionError, ValueError):
        why = "not valid TOML: nested too deep or a number too long"
    else:
        return data
    raise CampaignError([f"{path}: {why}"])


__all__ = ["END", "FILE", "FORMAT", "BattleSpec", "CampaignError", "CampaignSpec", "Generated", "Key", "read_campaign"]
