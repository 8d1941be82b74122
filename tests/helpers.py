"""Small helpers that build boards in plain sight: no fixtures hiding what is on the board."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from dataclasses import replace

from game.core.battle import Battle
from game.core.commands import Command
from game.core.events import Event
from game.core.rules.dice import Rng
from game.core.rules.geometry import FACINGS
from game.core.terrain import Terrain, Zone
from game.scenario import catalogue
from game.scenario.model import Placement, Scenario


class ScriptedRng(Rng):
    """A generator whose next dice are set by the test; after the script, a seeded stream.

    Each scripted value must fit the die it lands on, so a test cannot script
    an impossible roll.
    """

    def __init__(self, script: list[int] | None = None, seed: int = 7) -> None:
        super().__init__(seed)
        self.script = list(script or [])
        self.log: list[tuple[int, int]] = []

    def die(self, sides: int) -> int:
        if self.script:
            v = self.script.pop(0)
            assert 1 <= v <= sides, f"scripted {v} does not fit a d{sides}"
        else:
            v = super().die(sides)
        self.log.append((sides, v))
        return v

    def copy(self) -> ScriptedRng:
        r = ScriptedRng(list(self.script))
        r.state, r.draws = self.state, self.draws
        return r


def kind(key: str, **changes):
    k = catalogue.load()[key]
    return replace(k, **changes) if changes else k


def unit(uid: str, side: str, key: str, pos, facing: str = "N", **extra) -> Placement:
    k = extra.pop("kind_changes", None)
    return Placement(uid, side, kind(key, **(k or {})), tuple(pos), FACINGS.index(facing), **extra)


def board(
    units: list[Placement],
    width: int = 10,
    height: int = 10,
    options: dict | None = None,
    zones: tuple[Zone, ...] = (),
    **squares,
) -> Scenario:
    """An open field of firm ground; squares=dict(hazard={(x, y): 'pit'}, move_cost={...}) changes some."""
    t = Terrain.open_field(width, height)
    if squares:
        t = t.with_squares(**squares)
    t = Terrain(t.width, t.height, t.move_cost, t.elevation, t.footing, t.hazard, t.blocks_sight, t.drop_ft, zones)
    return Scenario(t, tuple(units), dict(options or {}), "test board")


def battle(units: list[Placement], script: list[int] | None = None, **kw) -> Battle:
    """A battle on a board; `script` gives the first dice (initiative d10s come first, in id order)."""
    options = kw.pop("options", {})
    return Battle(board(units, options=options, **kw), seed=1, rng=ScriptedRng(script))


def cmd(action: str, uid: str, **fields) -> Command:
    if "facing" in fields and isinstance(fields["facing"], str):
        fields["facing"] = FACINGS.index(fields["facing"])
    if "path" in fields:
        fields["path"] = tuple(tuple(p) for p in fields["path"])
    if "to" in fields and fields["to"] is not None:
        fields["to"] = tuple(fields["to"])
    return Command(action, uid, **fields)


def events_of(events: list[Event] | list[dict], type_: str) -> list[dict]:
    """The events of one type, as the log's JSON objects (the contract the tests check)."""
    return [e for e in as_json(events) if e["type"] == type_]


def as_json(events: list[Event] | list[dict]) -> list[dict]:
    """The events as the log's JSON objects (objects already in JSON pass through)."""
    return [e if isinstance(e, dict) else e.to_json() for e in events]


def run_round(b: Battle, **commands: Command) -> None:
    """Play out the current round: the given units' commands, everyone else holds, no retreats forced."""
    r = b.round
    while b.round == r and not b.over:
        p = b.pending()
        if p.kind == "retreat":
            b.apply(cmd("decline_retreat", p.unit, target=p.target))
        else:
            b.apply(commands.get(p.unit, cmd("hold", p.unit)))
