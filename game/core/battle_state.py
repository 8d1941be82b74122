"""A battle's state as a plain JSON value, and a battle restored from one (issue 41).

A save replays its commands and proves the result by the log's digest, which holds only while the
rules are the ones it was played under. So a save also keeps the state the commands led to: the
creatures, the round and where it stands, whose turn, the generator's position, what the round and
each side remember. A battle saved under older rules takes up from that state under today's rules
(game/history/saved_battle.py), and every later save of it says where it was taken up (`Resumption`).

The state is written from the dataclasses' own fields, so a field added to the engine is saved
without a change here (tests/test_battle_state.py holds every attribute to being kept or rebuilt).
Reading back is forgiving the way a newer Rout must be of an older file: a field the file lacks
keeps the value a fresh battle of the map has, and one this Rout no longer has is passed over."""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from functools import cache
from typing import Any

from game.core.battle import Battle
from game.core.events import Event
from game.core.phases import Phase
from game.core.resumption import Resumption
from game.core.rules.dice import SEED_MAX, Rng
from game.core.systems.context import Ctx
from game.core.world import Unit, World

STATE_FORMAT = 1  # raised when a change could mislead an older reader, never for a field added

# What the state keeps of the battle and of its systems' shared context, read back as these
# types. Everything else is rebuilt: the map, terrain and options from the save's own fields, each
# creature's kind from the map (today's numbers for it), the generator from "dice", the log from
# the save's "log" (docs/formats.md#saves).
BATTLE_KEPT: dict[str, Any] = {
    "state": Phase,
    "steps": list[tuple[list[str], bool]],
    "step_i": int,
    "attacker_order": list[str],
    "retreat_pairs": list[tuple[str, str]],
    "winner": str | None,
}
BATTLE_REBUILT = frozenset({"scenario", "seed", "dice", "_controllers", "ctx", "resumed"})
CTX_KEPT = ("round", "rs", "sides", "deferring", "deferred", "last_melee_round", "trails")
CTX_REBUILT = frozenset({"world", "terrain", "rng", "options", "events"})
UNIT_REBUILT = frozenset({"kind"})  # the map's kind, as this Rout knows it

JSON = dict[str, Any]


class StateError(ValueError):
    """A saved state this Rout cannot take up; the message says where and why, in one line."""


def state_of(battle: Battle) -> JSON:
    """The battle's state as a JSON object (docs/formats.md#saves)."""
    ctx = battle.ctx
    out: JSON = {"format": STATE_FORMAT, "dice": [ctx.rng.state, ctx.rng.draws]}
    out |= {name: _plain(getattr(battle, name)) for name in BATTLE_KEPT}
    out |= {name: _plain(getattr(ctx, name)) for name in CTX_KEPT}
    out["units"] = {uid: _unit_json(u) for uid, u in ctx.world.units.items()}
    return out


def restored(fresh: Battle, state: object, log: list[Event]) -> Battle:
    """`fresh` (a new battle of the map, with the save's seed, options and controllers) taken to
    `state`, its log `log`; raise StateError if the state is not one this map's battle can be in."""
    if not isinstance(state, dict):
        raise StateError("state: expected an object")
    fmt = state.get("format")
    if fmt != STATE_FORMAT or type(fmt) is not int:
        raise StateError(f"state: format {_shown(fmt)} is not one this Rout reads (it reads {STATE_FORMAT})")
    b = fresh.copy(log=log)
    ctx = b.ctx
    ctx.world = World(_units(fresh, state.get("units")))
    ctx.rng = _rng(state.get("dice"))
    hints = _hints(Ctx)
    for name in CTX_KEPT:
        if name in state:
            setattr(ctx, name, _decode(hints[name], state[name], f"state.{name}", getattr(ctx, name)))
    for name, hint in BATTLE_KEPT.items():
        if name in state:
            setattr(b, name, _decode(hint, state[name], f"state.{name}", getattr(b, name)))
    _check_turn(b)
    return b


def mark_taken_up(battle: Battle, commands: int, rules: int) -> None:
    """Mark `battle` (restored from a save made under rules version `rules`, after `commands`
    commands) as taken up here: its later saves say so, and replay from its state as it is now."""
    battle.resumed = Resumption(commands, len(battle.events), rules, state_of(battle))


def resumed_start(battle: Battle) -> Battle:
    """A new battle where `battle` was taken up (`battle.resumed`), its log as it was then: the
    commands given since replay from it."""
    r = battle.resumed
    assert r is not None  # asked only of a battle that was taken up
    fresh = Battle(
        battle.scenario,
        seed=battle.seed,
        options=battle.ctx.options.as_dict(),
        controllers=battle.controllers,
        dice=battle.dice,
    )
    start = restored(fresh, r.state, battle.events[: r.events])
    start.resumed = r
    return start


def _unit_json(u: Unit) -> JSON:
    return {f.name: _plain(getattr(u, f.name)) for f in dataclasses.fields(u) if f.init and f.name not in UNIT_REBUILT}


def _units(fresh: Battle, given: object) -> dict[str, Unit]:
    """The map's creatures as the state has them; a creature the map lacks, or one left out, is refused."""
    if not isinstance(given, dict):
        raise StateError("state.units: expected an object of creatures by id")
    have = fresh.world.units
    for uid in given:
        if uid not in have:
            raise StateError(f"state.units: the map has no creature {_shown(uid)}")
    for uid in have:
        if uid not in given:
            raise StateError(f"state.units: {uid} is missing")
    w, h = fresh.ctx.terrain.width, fresh.ctx.terrain.height
    units = {}
    for uid, start in have.items():
        u = _decode(Unit, given[uid], f"state.units.{uid}", start)
        if u.id != uid or u.side != start.side:
            raise StateError(f"state.units.{uid}: its id and side are the map's ({uid}, {start.side})")
        if not all(0 <= x < w and 0 <= y < h for x, y in u.squares):
            raise StateError(f"state.units.{uid}: {list(u.pos)} puts it off the {w}x{h} field")
        units[uid] = u
    return units


def _rng(given: object) -> Rng:
    if not (isinstance(given, list) and len(given) == 2 and all(type(v) is int and v >= 0 for v in given)):
        raise StateError("state.dice: expected the generator's state and its count of draws, two whole numbers")
    state, draws = given
    if state > SEED_MAX:
        raise StateError(f"state.dice: the generator's state is at most {SEED_MAX}")
    return Rng(0, state, draws)


def _check_turn(b: Battle) -> None:
    """The battle waits on a decision it can name: every creature named is one of the map's."""
    ids = b.world.units
    named = [uid for group, _ in b.steps for uid in group] + b.attacker_order
    named += [uid for pair in b.retreat_pairs for uid in pair]
    named += [uid for attacker, target, *_ in b.ctx.deferred for uid in (attacker, target)]
    unknown = next((uid for uid in named if uid not in ids), None)
    if unknown is not None:
        raise StateError(f"state: the map has no creature {_shown(unknown)}")
    if b.winner is not None and b.winner not in b.scenario.sides:
        raise StateError(f"state.winner: the map has no side {_shown(b.winner)}")
    if b.state == Phase.RETREAT and not b.retreat_pairs:
        raise StateError("state: a forced retreat is pending, but state.retreat_pairs is empty")
    if b.state == Phase.ACTIVATION:
        if not 0 <= b.step_i < len(b.steps):
            raise StateError(f"state.step_i: {b.step_i} is not one of the round's {len(b.steps)} steps")
        try:
            b.pending()
        except IndexError:
            raise StateError(f"state: no creature of step {b.step_i} is left to act") from None


# -- plain values ------------------------------------------------------------------------------


def _plain(v: Any) -> Any:
    """A value of the engine's state as JSON: sets sorted, tuples and named tuples as lists."""
    if v is None or type(v) in (str, int, float, bool):
        return v
    if isinstance(v, enum.Enum):
        return v.value
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _plain(getattr(v, f.name)) for f in dataclasses.fields(v) if f.init}
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    if isinstance(v, set | frozenset):
        return sorted((_plain(x) for x in v), key=json.dumps)
    if isinstance(v, dict) and all(type(k) is str for k in v):
        return {k: _plain(x) for k, x in v.items()}
    raise TypeError(f"the battle's state holds a {type(v).__name__} that a save cannot keep: {v!r}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(hint: Any, value: Any, where: str, base: Any = None) -> Any:
    """`value` read back as `hint`; a dataclass's missing fields are `base`'s (or its defaults)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = (a for a in args if a is not type(None))
        return _decode(inner, value, where)
    if origin is typing.Literal or (isinstance(hint, type) and issubclass(hint, enum.Enum)):
        allowed = args if origin is typing.Literal else tuple(m.value for m in hint)
        if value not in allowed:
            raise StateError(f"{where}: expected one of {', '.join(map(str, allowed))}, not {_shown(value)}")
        return value if origin is typing.Literal else hint(value)
    if origin in (tuple, list, set) or _named_tuple(hint):
        return _sequence(hint, value, where)
    if origin is dict:
        if not isinstance(value, dict):
            raise StateError(f"{where}: expected an object")
        old = base if isinstance(base, dict) else {}
        return {k: _decode(args[1], x, f"{where}.{k}", old.get(k)) for k, x in value.items()}
    if dataclasses.is_dataclass(hint):
        return _dataclass(hint, value, where, base)
    return _scalar(hint, value, where)


def _named_tuple(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields")


def _sequence(hint: Any, value: Any, where: str) -> Any:
    if not isinstance(value, list):
        raise StateError(f"{where}: expected a list")
    if _named_tuple(hint):
        hints = _hints(hint)
        fields = hint._fields[: len(value)]
        return hint(*(_decode(hints[f], x, f"{where}.{f}") for f, x in zip(fields, value, strict=False)))
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        if len(value) != len(args):
            raise StateError(f"{where}: expected {len(args)} items, not {len(value)}")
        return tuple(_decode(a, x, f"{where}[{i}]") for i, (a, x) in enumerate(zip(args, value, strict=True)))
    items = [_decode(args[0], x, f"{where}[{i}]") for i, x in enumerate(value)]
    return {list: list, set: set, tuple: tuple}[origin](items)


def _dataclass(cls: Any, value: Any, where: str, base: Any) -> Any:
    if not isinstance(value, dict):
        raise StateError(f"{where}: expected an object")
    hints = _hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        if f.name in value and f.name not in UNIT_REBUILT:
            kwargs[f.name] = _decode(hints[f.name], value[f.name], f"{where}.{f.name}", getattr(base, f.name, None))
        elif base is not None:
            kwargs[f.name] = getattr(base, f.name)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise StateError(f"{where}: {f.name} is missing")
    return cls(**kwargs)


def _scalar(hint: Any, value: Any, where: str) -> Any:
    if hint is float and type(value) in (int, float):
        return float(value)
    if hint in (int, str, bool) and type(value) is hint:
        return value
    name = {int: "a whole number", float: "a number", str: "a string", bool: "true or false"}.get(hint, str(hint))
    raise StateError(f"{where}: expected {name}, not {_shown(value)}")


def _shown(value: object) -> str:
    text = json.dumps(value) if isinstance(value, str | int | float | bool | None) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


__all__ = ["STATE_FORMAT", "StateError", "mark_taken_up", "restored", "resumed_start", "state_of"]
