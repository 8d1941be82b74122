"""The points file: each kind's price as `rout price` measured it, with its 95% interval.

TOML, written by `rout price --out FILE` and read back here:

    reference = "fighter1"       # the kind the others are measured against
    reference_points = 10.0
    ai = "normal"                # the AI that played the games
    games = 16                   # games at each size of the reference force

    [kinds.orc]
    points = 5.6                 # where an army of the kind wins half its games at equal points
    low = 3.3                    # the 95% interval of `points`
    high = 6.6
    count = 6                    # creatures of the kind in each game
    sizes = [[3, 8, 5.0], ...]   # [reference creatures, games, wins + half the draws]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.pricing.fit import Count
from game.pricing.price import REFERENCE, REFERENCE_POINTS, Price

POINTS_FILE = Path(__file__).resolve().parent.parent / "data" / "points.toml"


@dataclass(frozen=True)
class PointsTable:
    ai: str
    games: int
    prices: dict[str, Price]

    def points(self, kind: str) -> float | None:
        p = self.prices.get(kind)
        return None if p is None else p.points


def text(table: PointsTable) -> str:
    lines = [
        '# Each kind\'s points, measured by `rout price` (README.md, "Points"): the points at which',
        "# an army of the kind wins half its games against the reference force at equal points.",
        f'reference = "{REFERENCE}"',
        f"reference_points = {REFERENCE_POINTS}",
        f'ai = "{table.ai}"',
        f"games = {table.games}",
    ]
    for key in sorted(table.prices):
        p = table.prices[key]
        sizes = ", ".join(f"[{k.m}, {k.games}, {k.score}]" for k in p.counts)
        lines += [
            "",
            f"[kinds.{key}]",
            f"points = {p.points:.1f}",
            f"low = {p.low:.1f}",
            f"high = {p.high:.1f}",
            f"count = {p.count}",
            f"sizes = [{sizes}]",
        ]
    return "\n".join(lines) + "\n"


def read(path: Path = POINTS_FILE) -> PointsTable | None:
    """The table in the file, or None where there is none yet. A file that cannot be read is an
    error (tomllib's or a KeyError/ValueError naming what is missing)."""
    if not path.is_file():
        return None
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    prices = {key: _price(key, entry) for key, entry in data.get("kinds", {}).items()}
    return PointsTable(str(data["ai"]), int(data["games"]), prices)


def _price(key: str, entry: dict[str, Any]) -> Price:
    counts = tuple(Count(int(m), int(g), float(sc)) for m, g, sc in entry.get("sizes", []))
    return Price(key, float(entry["points"]), float(entry["low"]), float(entry["high"]), int(entry["count"]), counts)
