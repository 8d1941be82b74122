"""The campaign's battles as a graph: each battle a box in the column of its distance from the
first, the end a box after them all, and an arrow for each branch (won, lost). What the company
has done is read from the save's record of battles fought."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import pairwise

import pygame

from game.campaign.spec import END, CampaignSpec
from game.campaign.state import CampaignState

BOX_W, BOX_H = 168, 58


@dataclass(frozen=True)
class Branch:
    start: str
    end: str
    words: str  # "won", "lost", or "won or lost"


@dataclass(frozen=True)
class Tally:
    won: int = 0
    lost: int = 0  # draws too: a draw follows the defeat's branch


def columns(spec: CampaignSpec) -> list[list[str]]:
    """The battles by their distance from the first (breadth first, the file's order within a
    column); those no branch reaches come last; the end, if any branch leads there, after all."""
    depth = {spec.first: 0}
    queue = deque([spec.first])
    while queue:
        at = queue.popleft()
        b = spec.battles.get(at)
        for nxt in () if b is None else (b.victory, b.defeat):
            if nxt != END and nxt in spec.battles and nxt not in depth:
                depth[nxt] = depth[at] + 1
                queue.append(nxt)
    last = max(depth.values()) + 1
    for key in spec.battles:
        depth.setdefault(key, last)
    cols: list[list[str]] = [[] for _ in range(max(depth.values()) + 1)]
    for key in spec.battles:
        cols[depth[key]].append(key)
    if any(END in (b.victory, b.defeat) for b in spec.battles.values()):
        cols.append([END])
    return [c for c in cols if c]


def branches(spec: CampaignSpec) -> list[Branch]:
    out = []
    for key, b in spec.battles.items():
        if b.victory == b.defeat:
            out.append(Branch(key, b.victory, "won or lost"))
        else:
            out += [Branch(key, b.victory, "won"), Branch(key, b.defeat, "lost")]
    return out


def tallies(state: CampaignState) -> dict[str, Tally]:
    """Each battle's victories and defeats so far."""
    out: dict[str, Tally] = {}
    for record in state.fought:
        t = out.get(str(record.get("id")), Tally())
        won = record.get("winner") == "company"
        out[str(record.get("id"))] = Tally(t.won + won, t.lost + (not won))
    return out


def taken(state: CampaignState) -> set[tuple[str, str]]:
    """The branches the company has followed: from each battle fought to the next."""
    ids = [str(r.get("id")) for r in state.fought] + [state.next]
    return set(pairwise(ids))


def boxes(spec: CampaignSpec, area: pygame.Rect) -> dict[str, pygame.Rect]:
    """Where each battle's box goes in the area: columns spread across it, each column's boxes
    spread down it."""
    cols = columns(spec)
    w = min(BOX_W, (area.w - 20 * (len(cols) - 1)) // max(1, len(cols)))
    step_x = (area.w - w) / max(1, len(cols) - 1) if len(cols) > 1 else 0
    out = {}
    for c, keys in enumerate(cols):
        x = area.x + (round(c * step_x) if len(cols) > 1 else (area.w - w) // 2)
        step_y = area.h / len(keys)
        for r, key in enumerate(keys):
            y = area.y + round(step_y * r + (step_y - BOX_H) / 2)
            out[key] = pygame.Rect(x, y, w, BOX_H)
    return out
