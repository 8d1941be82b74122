"""What a quick battle was last set up with, kept between runs in quick.json in the user's
data folder (beside the saves). A file that cannot be read gives the defaults: it is only a
convenience, never worth a refusal; it is said in one line, and the file kept as quick.json.bad
when the setup is next saved (a link there is replaced, not written through: game/save/
data_file.py)."""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.generate.spec import TERRAINS, FieldSpec, Terrain, problem
from game.home.user_dirs import data_dir
from game.levels import MENU_LEVELS
from game.save.data_file import read_json, warn, write_json

FILE_NAME = "quick.json"
SIZES = ((16, 12), (24, 16), (32, 20), (40, 28), (48, 36), (64, 64))
BUDGETS = (50, 75, 100, 125, 150, 200, 250, 300, 400, 500)
# The budget a size starts at, about a fighter (10 points) for every 40 squares of field up to the
# largest budget offered: a bigger field opens with an army that stands across its zone, not a
# handful lost in it.
BUDGET_OF_SIZE = {(16, 12): 50, (24, 16): 100, (32, 20): 150, (40, 28): 250, (48, 36): 400, (64, 64): 500}
FILE_BYTES = 64 * 1024


@dataclass(frozen=True)
class QuickChoices:
    """The setup screen's rows, and the seed of the field they make."""

    width: int = 24
    height: int = 16
    terrain: Terrain = "mixed"
    points: int = 100
    sides: int = 2
    ai_level: str = "normal"
    seed: int = 1
    army: tuple[tuple[str, int], ...] = ()  # the player's army last bought: (kind, how many)

    def spec(self) -> FieldSpec:
        return FieldSpec(seed=self.seed, width=self.width, height=self.height, sides=self.sides, terrain=self.terrain)

    def fresh(self) -> QuickChoices:
        """The same choices on a field not played yet (the next seed)."""
        return replace(self, seed=self.seed + 1)


def file_path() -> Path:
    return data_dir() / FILE_NAME


def load_choices(path: Path | None = None) -> QuickChoices:
    """The choices last made; the defaults where the file is missing or a value is not one the
    setup screen offers."""
    path = path or file_path()
    read = read_json(path, FILE_BYTES)
    if read.problem:
        warn(path, read.problem, "the quick battle's setup starts from the defaults", "the setup is next saved")
    data = read.data
    if not isinstance(data, dict):
        return QuickChoices()
    out = QuickChoices()
    for f in fields(QuickChoices):
        value = _value(f.name, data.get(f.name))
        if value is not None:
            out = replace(out, **{f.name: value})
    return out if problem(out.spec()) is None else QuickChoices()


def _value(name: str, raw: Any) -> Any:
    """The value read for a field, or None if it is not one the screen could have set."""
    allowed: dict[str, tuple[Any, ...]] = {
        "width": tuple(w for w, _ in SIZES),
        "height": tuple(h for _, h in SIZES),
        "terrain": TERRAINS,
        "points": BUDGETS,
        "sides": (2, 3),
        "ai_level": MENU_LEVELS,
    }
    if name in allowed:
        return raw if raw in allowed[name] else None
    if name == "seed":
        return raw if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < 2**31 else None
    if name == "army" and isinstance(raw, list):
        pairs = [p for p in raw if isinstance(p, list) and len(p) == 2]
        if all(isinstance(k, str) and isinstance(n, int) and 0 < n <= 200 for k, n in pairs):
            return tuple((k, n) for k, n in pairs)
    return None


def save_choices(choices: QuickChoices, path: Path | None = None) -> None:
    """Write the choices down atomically, a damaged file kept aside first; a failure is left
    unsaid (they are a convenience)."""
    path = path or file_path()
    with contextlib.suppress(OSError):
        write_json(path, json.dumps(asdict(choices), indent=1) + "\n", read_json(path, FILE_BYTES).problem)
