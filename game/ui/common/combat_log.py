"""The combat log's lines, and where each sits in the log panel."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import pygame

from game.core.rules.creature import Kind
from game.ui.common.unit_names import by_kind
from game.ui.common.widgets import wrap

KEPT = 120  # the most lines laid out at once: more never fit the panel


@dataclass
class LogLine:
    words: str
    ids: list[str]
    round: int


def log_layout(log: list[LogLine], scroll: int, area: pygame.Rect) -> list[tuple[LogLine, pygame.Rect, list[str]]]:
    """Each line shown, newest at the bottom, scrolled back `scroll` lines: its rect and its wrapped parts."""
    y = area.bottom - 4
    out = []
    end = len(log) - scroll
    for line in reversed(log[max(0, end - KEPT) : end]):
        parts = wrap(line.words, 16, area.w - 20)
        height = 15 * len(parts) + 3
        if y - height < area.y + 24:
            break
        y -= height
        out.append((line, pygame.Rect(area.x + 4, y, area.w - 8, height), parts))
    return out


def display_name(uid: str, side: str) -> str:
    """'red_orc_2' reads as 'Orc 2' in the log; the line's colour tells the side."""
    name = uid[len(side) + 1 :] if uid.startswith(side + "_") else uid
    return name.replace("_", " ").strip().capitalize() or uid


def display_names(units: Iterable[tuple[str, str]], kinds: Mapping[str, Kind] | None = None) -> dict[str, str]:
    """Each unit's name in every text of the window, from its (id, side): 'red_orc_2' reads 'Orc 2';
    where units of two sides would share a name (the duel's 'fighter_2' on each side), each is
    tagged with its side ('Red Fighter 2', 'Blue Fighter 2'), since a line's colour alone cannot
    tell "Fighter 2 charges Fighter 2" apart (issue 22). Given each unit's kind (by id), a unit
    whose id is made of its kind's key is called as its kind is (unit_names.by_kind)."""
    pairs = list(units)
    base = _plain({uid: display_name(uid, side) for uid, side in pairs}, dict(pairs))
    base |= by_kind(pairs, kinds or {})
    sides_of: dict[str, set[str]] = {}
    for uid, side in pairs:
        sides_of.setdefault(base[uid], set()).add(side)
    return {
        uid: f"{side.capitalize()} {base[uid]}" if len(sides_of[base[uid]]) > 1 else base[uid] for uid, side in pairs
    }


_LEVEL = re.compile(r"(?<=[a-z])\d+\b")  # a kind key's level: 'fighter1' in 'blue_fighter1_2'


def _plain(names: dict[str, str], side: dict[str, str]) -> dict[str, str]:
    """'Fighter1 2' reads 'Fighter 2' (issue 22: an internal kind key in the name), unless that
    would give two units of one side the same name."""
    plain = {uid: _LEVEL.sub("", n) for uid, n in names.items()}
    seen: dict[tuple[str, str], int] = {}
    for uid, n in plain.items():
        seen[side[uid], n] = seen.get((side[uid], n), 0) + 1
    return {uid: n if seen[side[uid], n] == 1 else names[uid] for uid, n in plain.items()}


_ID = re.compile(r"[_\d]")


def with_names(words: str, names: Mapping[str, str]) -> str:
    """A rules message ('red_hobgoblin_3 is beyond hold person's range') with each unit id it
    holds put as the player reads it ('Hobgoblin 3 is beyond…'): the window shows no internal id."""
    # Only ids no word of English could be ('red_orc_1', 'orc2'): a map's id 'a' or 'ogre' is left alone.
    ids = sorted((i for i in names if i in words and _ID.search(i)), key=len, reverse=True)
    if not ids:
        return words
    pattern = re.compile(r"(?<![\w])(" + "|".join(map(re.escape, ids)) + r")(?![\w])")
    return pattern.sub(lambda m: names[m.group(1)], words)
