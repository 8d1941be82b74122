"""Commands: one small value per decision, naming units by id (DESIGN.md command contract)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.geometry import FACINGS, Pos

ACTIONS = (
    "move",
    "attack",
    "fire",
    "withdraw",
    "turn",
    "stand_up",
    "set_vs_charge",
    "rest",
    "hold",
    "force_retreat",
    "decline_retreat",
)


class Illegal(Exception):
    """A command the rules refuse; the message is for the player."""


@dataclass(frozen=True, slots=True)
class Command:
    action: str
    unit: str
    path: tuple[Pos, ...] = ()
    facing: int | None = None
    target: str | None = None
    to: Pos | None = None
    follow: bool = False
    into_hazard: bool = False

    def to_json(self) -> dict:
        out: dict = {"action": self.action, "unit": self.unit}
        if self.path:
            out["path"] = [list(p) for p in self.path]
        if self.facing is not None:
            out["facing"] = FACINGS[self.facing]
        if self.target is not None:
            out["target"] = self.target
        if self.action == "force_retreat":
            out["to"] = list(self.to) if self.to is not None else None
            out["follow"] = self.follow
        if self.into_hazard:
            out["into_hazard"] = True
        return out


def _pos(value: object, what: str) -> Pos:
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    raise Illegal(f"{what} must be [x, y] with whole numbers, not {value!r}")


def from_json(obj: object) -> Command:
    """Parse one command object; raise Illegal with a readable reason when malformed."""
    if not isinstance(obj, dict):
        raise Illegal(f"a command must be a JSON object, not {type(obj).__name__}")
    action = obj.get("action")
    if action not in ACTIONS:
        raise Illegal(f"unknown action {action!r}; expected one of {', '.join(ACTIONS)}")
    unit = obj.get("unit")
    if not isinstance(unit, str) or not unit:
        raise Illegal("a command needs 'unit', the id of the unit that acts")
    path_raw = obj.get("path") or []
    if not isinstance(path_raw, list):
        raise Illegal("'path' must be a list of [x, y] squares")
    path = tuple(_pos(p, "each square of 'path'") for p in path_raw)
    facing = obj.get("facing")
    if facing is not None:
        if facing not in FACINGS:
            raise Illegal(f"facing must be one of {' '.join(FACINGS)}, not {facing!r}")
        facing = FACINGS.index(facing)
    target = obj.get("target")
    if target is not None and not isinstance(target, str):
        raise Illegal("'target' must be a unit id")
    to = obj.get("to")
    to_pos = _pos(to, "'to'") if to is not None else None
    follow = obj.get("follow", False)
    if not isinstance(follow, bool):
        raise Illegal("'follow' must be true or false")
    into_hazard = obj.get("into_hazard", False)
    if not isinstance(into_hazard, bool):
        raise Illegal("'into_hazard' must be true or false")
    return Command(action, unit, path, facing, target, to_pos, follow, into_hazard)
