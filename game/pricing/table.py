"""The points file: each kind's price as `rout price` measured it, with its 95% interval.

TOML, written by `rout price --out FILE` and read back here:

    reference = "fighter1"       # the kind the others are measured against
    reference_points = 10.0
    ai = "normal"                # the AI that played the games
    games = 16                   # games at each pair of army sizes
    budget = 60.0                # the armies' points the prices are measured at

    [kinds.orc]
    points = 5.6                 # where an army of the kind wins half its games at equal points
    low = 3.3                    # the 95% interval of `points`
    high = 6.6
    sizes = [[10, 6, 16, 5.0], ...]  # [kind's creatures, reference creatures, games, the kind's
                                     #  wins + half its draws]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.pricing.price import BUDGET, REFERENCE, REFERENCE_POINTS, Duel, Price
from game.scenario.input_files import POINTS_BYTES, read_input

POINTS_FILE = Path(__file__).resolve().parent.parent / "data" / "points.toml"


@dataclass(frozen=True)
class PointsTable:
    ai: str
    games: int
    prices: dict[str, Price]

    def points(self, kind: str) -> float | None:
        p = self.prices.get(kind)
        return None if p is None else p.points


def beside(catalogue: Path) -> Path:
    """The points file of a map's own catalogue: units.toml's is units.points.toml beside it."""
    return catalogue.with_name(f"{catalogue.stem}.points.toml")


def text(table: PointsTable) -> str:
    lines = [
        '# Each kind\'s points, measured by `rout price` (docs/scenarios.md, "Points"): the points at which',
        "# an army of the kind wins half its games against the reference force at equal points.",
        f'reference = "{REFERENCE}"',
        f"reference_points = {REFERENCE_POINTS}",
        f'ai = "{table.ai}"',
        f"games = {table.games}",
        f"budget = {BUDGET}",
    ]
    for key in sorted(table.prices):
        p = table.prices[key]
        sizes = ", ".join(f"[{d.kind}, {d.reference}, {d.games}, {d.score}]" for d in p.duels)
        lines += [
            "",
            f"[kinds.{key}]",
            f"points = {p.points:.1f}",
            f"low = {p.low:.1f}",
            f"high = {p.high:.1f}",
            f"sizes = [{sizes}]",
        ]
    return "\n".join(lines) + "\n"


class PointsError(ValueError):
    """A points file that cannot be read, in one line naming it."""


def read(path: Path = POINTS_FILE) -> PointsTable | None:
    """The table in the file, or None where there is none yet; a PointsError if it cannot be read."""
    if not path.is_file():
        return None
    try:
        data = tomllib.loads(read_input(path, POINTS_BYTES).decode("utf-8"))
        prices = {key: _price(key, entry) for key, entry in data.get("kinds", {}).items()}
        return PointsTable(str(data["ai"]), int(data["games"]), prices)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise PointsError(f"{path}: not a points file: {e}") from None
    except (KeyError, ValueError, TypeError, AttributeError) as e:
        raise PointsError(f"{path}: not a points file: missing or wrong {e}") from None


def _price(key: str, entry: dict[str, Any]) -> Price:
    duels = tuple(_duel(row, entry) for row in entry.get("sizes", []))
    return Price(key, float(entry["points"]), float(entry["low"]), float(entry["high"]), duels)


def _duel(row: list[Any], entry: dict[str, Any]) -> Duel:
    if len(row) == 3:  # an older file, from before prices were measured at the budget: `count` of the kind each game
        m, g, sc = row
        return Duel(int(entry["count"]), int(m), int(g), float(sc))
    n, m, g, sc = row
    return Duel(int(n), int(m), int(g), float(sc))
