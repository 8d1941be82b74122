"""Creatures named by their kind, as a player calls them: the quick battle's 'blue_fighter3_magic_1'
read "Fighter magic 1", a piece of its kind's key (issue 37). A creature whose id is its side, its
kind's key and a number is called by its kind's name instead ('Fighter 1'); kinds a side fields
under one name are numbered together, so no two of its creatures share a name."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from game.core.rules.creature import Kind
from game.ui.common.spoken import called

_NUMBER = re.compile(r"_(\d+)$")


def by_kind(units: Sequence[tuple[str, str]], kinds: Mapping[str, Kind]) -> dict[str, str]:
    """The names of the (id, side) units whose id is made of their kind's key, by id; the others'
    ids (a map's 'hero', the duel's 'fighter_2') say what their maker meant and are left out."""
    numbers = {uid: _number(uid, side, kinds.get(uid)) for uid, side in units}
    made = {uid: side for uid, side in units if numbers[uid]}
    groups: dict[tuple[str, str], list[str]] = {}
    for uid in sorted(made, key=lambda u: (kinds[u].key, numbers[u])):
        groups.setdefault((made[uid], called(kinds[uid])), []).append(uid)
    names: dict[str, str] = {}
    for (_, name), ids in groups.items():
        shared = len({kinds[uid].key for uid in ids}) > 1
        for i, uid in enumerate(ids):
            names[uid] = f"{name} {i + 1 if shared else numbers[uid]}"
    return names


def _number(uid: str, side: str, kind: Kind | None) -> int:
    """The number an id made of its side and kind's key ends with; 0 for any other id."""
    m = _NUMBER.search(uid)
    return int(m[1]) if kind is not None and m is not None and uid[: m.start()] == f"{side}_{kind.key}" else 0
