"""A member renamed by the player in camp: a name is what the roster, the battle's log and the
debrief call it by, so it must say something (not empty), fit their columns, and tell the member
from every other the company has had, the fallen included (whose names the camp still lists). Its
key, and so its unit id in battle, never changes."""

from __future__ import annotations

from dataclasses import replace

from game.campaign.company import Company

NAME_MAX = 16  # characters: the roster's name column at the smallest window holds this many


def tidy(name: str) -> str:
    """The name as it will be kept: runs of spaces made one, none at either end."""
    return " ".join(name.split())


def name_problem(company: Company, key: str, name: str) -> str | None:
    """Why `name` cannot be the member's, in words; None if it can."""
    name = tidy(name)
    if not name:
        return "a name cannot be empty"
    if len(name) > NAME_MAX or not name.isprintable():
        return f"a name is at most {NAME_MAX} printable characters"
    other = next((m for m in company.members if m.key != key and m.name.casefold() == name.casefold()), None)
    if other is not None:
        return f"the company already has {other.name}: two members cannot share a name"
    return None


def renamed(company: Company, key: str, name: str) -> Company:
    """The company with its member called `name` (ValueError saying why not)."""
    why = name_problem(company, key, name)
    if why:
        raise ValueError(why)
    return company.with_member(replace(company.member(key), name=tidy(name)))
