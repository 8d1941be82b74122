"""Commands: one small value per decision, naming units by id (docs/formats.md#commands)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, fields, replace
from typing import Any

from game.core.rules.capabilities import Action
from game.core.rules.geometry import FACINGS, Pos

__all__ = ["ACTIONS", "REFUSAL_MAX", "Action", "Command", "Illegal", "from_json", "listing", "shown_id", "validate"]
ACTIONS = tuple(a.value for a in Action)


class Illegal(Exception):
    """A command the rules refuse; the message is for the player, one line of at most REFUSAL_MAX characters."""


REFUSAL_MAX = 160


def shown_id(uid: object, most: int = 30) -> str:
    """A unit id as a refusal shows it: quoted by repr when it is not a string, cut short when long."""
    text = uid if isinstance(uid, str) else repr(uid)
    return text if len(text) <= most else text[: most - 1] + "…"


def listing(names: list[str], room: int) -> str:
    """'a, b and 6 more': as many of the names as fit in room characters, the rest counted."""
    shown = [shown_id(n) for n in names]
    for k in range(len(shown), 1, -1):
        rest = len(shown) - k
        text = ", ".join(shown[:k]) + (f" and {rest} more" if rest else "")
        if len(text) <= room:
            return text
    return f"{shown[0]} and {len(shown) - 1} more" if len(shown) > 1 else "".join(shown)


@dataclass(frozen=True, slots=True)
class Command:
    action: Action
    unit: str
    path: tuple[Pos, ...] = ()
    facing: int | None = None
    target: str | None = None
    to: Pos | None = None
    follow: bool = False
    into_hazard: bool = False
    spell: str | None = None  # cast: the memorised spell's key
    at: Pos | None = None  # cast: the square an area spell is aimed at
    side: str | None = None  # wait: the side that chooses to wait (its `unit` is "")

    def to_json(self) -> dict[str, object]:
        if self.action == Action.WAIT:
            return {"action": str(self.action), "side": self.side}
        out: dict[str, object] = {"action": str(self.action), "unit": self.unit}
        if self.path:
            out["path"] = [list(p) for p in self.path]
        if self.facing is not None:
            out["facing"] = FACINGS[self.facing]
        if self.target is not None:
            out["target"] = self.target
        if self.action == Action.FORCE_RETREAT:
            out["to"] = list(self.to) if self.to is not None else None
            out["follow"] = self.follow
        if self.into_hazard:
            out["into_hazard"] = True
        if self.spell is not None:
            out["spell"] = self.spell
        if self.at is not None:
            out["at"] = list(self.at)
        return out


# -- validation: one door for the Python API and for JSON ---------------------------------


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: object) -> str:
    """The value as the player wrote it: a square (a tuple) in the contract's [x, y] form."""
    if isinstance(value, tuple):
        return shown_id("[" + ", ".join(repr(v) for v in value) + "]")
    if isinstance(value, list):
        return f"the list {shown_id(repr(value))} (a square is a tuple)"
    return shown_id(repr(value))


def _square(value: object, what: str) -> None:
    if not (isinstance(value, tuple) and len(value) == 2 and _whole(value[0]) and _whole(value[1])):
        raise Illegal(f"{what} must be [x, y] with whole numbers, not {_shown(value)}")


def _flag(value: object, name: str) -> None:
    if not isinstance(value, bool):
        raise Illegal(f"'{name}' must be true or false")


def _unknown_action(action: object) -> str:
    """The refusal of an action that is none, within REFUSAL_MAX: the nearest action by name, as
    the whole list (14 actions, 130 characters) would not fit."""
    near = difflib.get_close_matches(action, ACTIONS, n=1) if isinstance(action, str) else []
    guess = f"did you mean {near[0]!r}? " if near else ""
    return f"unknown action {_shown(action)}; {guess}(the actions: docs/formats.md#commands)"


def _side_choice(cmd: Command) -> None:
    """'wait' is a side's choice, not a creature's (docs/formats.md#commands): it names no unit."""
    if not isinstance(cmd.side, str) or not cmd.side:
        raise Illegal("'wait' needs 'side', the side that chooses to wait")
    if cmd.unit != "":
        raise Illegal("'wait' is a side's choice: it names 'side', not 'unit'")


def validate(cmd: object) -> Command:
    """Return the command, its action as an Action, when every field has its contract's type.

    Raise Illegal with a readable reason otherwise. Only types and shapes are checked here;
    whether the rules allow the command is the battle's question.
    """
    if not isinstance(cmd, Command):
        raise Illegal(f"a command must be a Command, not {type(cmd).__name__}")
    missing = [f.name for f in fields(Command) if not hasattr(cmd, f.name)]
    if missing:
        raise Illegal(f"the command has no {', '.join(repr(m) for m in missing)}")
    if not isinstance(cmd.action, str) or cmd.action not in ACTIONS:
        raise Illegal(_unknown_action(cmd.action))
    if cmd.action == Action.WAIT:
        _side_choice(cmd)
    elif not isinstance(cmd.unit, str) or not cmd.unit:
        raise Illegal("a command needs 'unit', the id of the unit that acts")
    elif cmd.side is not None:
        raise Illegal(f"only 'wait' names a 'side'; {cmd.action!s} names its 'unit'")
    if not isinstance(cmd.path, tuple):
        raise Illegal(f"'path' must be a tuple of [x, y] squares, not {type(cmd.path).__name__}")
    for p in cmd.path:
        _square(p, "each square of 'path'")
    if cmd.facing is not None and not (_whole(cmd.facing) and 0 <= cmd.facing < len(FACINGS)):
        raise Illegal(f"facing must be one of {' '.join(FACINGS)} (0 to 7), not {_shown(cmd.facing)}")
    if cmd.target is not None and not isinstance(cmd.target, str):
        raise Illegal("'target' must be a unit id")
    if cmd.to is not None:
        _square(cmd.to, "'to'")
    if cmd.spell is not None and (not isinstance(cmd.spell, str) or not cmd.spell):
        raise Illegal("'spell' must be the name of a spell")
    if cmd.at is not None:
        _square(cmd.at, "'at'")
    _flag(cmd.follow, "follow")
    _flag(cmd.into_hazard, "into_hazard")
    action = Action(cmd.action)
    return cmd if cmd.action is action else replace(cmd, action=action)


# -- JSON ------------------------------------------------------------------------------------


def _json_square(value: object) -> object:
    """A JSON array where a square belongs, as the tuple the command holds; validate judges it."""
    return tuple(value) if isinstance(value, list) else value


def from_json(obj: object) -> Command:
    """Parse one command object; raise Illegal with a readable reason when malformed."""
    if not isinstance(obj, dict):
        raise Illegal(f"a command must be a JSON object, not {type(obj).__name__}")
    path_raw = obj.get("path") or []
    if not isinstance(path_raw, list):
        raise Illegal("'path' must be a list of [x, y] squares")
    facing = obj.get("facing")
    if facing is not None:
        if facing not in FACINGS:
            raise Illegal(f"facing must be one of {' '.join(FACINGS)}, not {_shown(facing)}")
        facing = FACINGS.index(facing)
    to = obj.get("to")
    at = obj.get("at")
    waits = obj.get("action") == Action.WAIT
    decoded: dict[str, Any] = {
        "action": obj.get("action"),
        "unit": obj.get("unit", "" if waits else None),
        "path": tuple(_json_square(p) for p in path_raw),
        "facing": facing,
        "target": obj.get("target"),
        "to": _json_square(to) if to is not None else None,
        "follow": obj.get("follow", False),
        "into_hazard": obj.get("into_hazard", False),
        "spell": obj.get("spell"),
        "at": _json_square(at) if at is not None else None,
        "side": obj.get("side"),
    }
    return validate(Command(**decoded))
