"""A hot-seat player's name (issue 22, "Hot-seat names"): what the settings and a save accept."""

from __future__ import annotations

import json

MAX_NAME = 24  # characters: a name fits the hand-over's title and the result's


def name_problem(v: object) -> str | None:
    """Why v is not a player's name, or None: at most 24 printable characters, not spaces alone
    ('' is no name)."""
    if not isinstance(v, str) or len(v) > MAX_NAME or not v.isprintable() or (v and not v.strip()):
        shown = json.dumps(v, ensure_ascii=False) if isinstance(v, str) else type(v).__name__
        return f"a player's name is at most {MAX_NAME} printable characters, not {shown[:40]}"
    return None
