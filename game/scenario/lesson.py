"""A lesson's script: the TOML file beside a lesson map (`<map>.lesson.toml`, maps/README.md,
"Lesson scripts"). It fixes the seed, scripts the commands the lesson needs played, ties
narration cards to events, marks the player's own turns, and names what the lesson shows, so
that every run shows it whatever the dice."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import events as ev
from game.core.commands import Command, Illegal, from_json
from game.core.phases import Phase
from game.core.rules.capabilities import END_OF_ROUND, Action
from game.core.rules.dice import DICE, DICE_SCHEMES, SEED_MAX, is_scheme
from game.levels import LEVELS
from game.scenario.errors import ScenarioError
from game.scenario.input_files import SCRIPT_BYTES, read_input

SUFFIX = ".lesson.toml"
DECISIONS = (Phase.ACTIVATION, Phase.RETREAT)  # what a card may wait for: a creature's turn or its retreat choice
TOP_KEYS = {"seed", "dice", "player", "opponent", "shows", "card", "step"}
CARD_KEYS = {"text", "at", "on", "due"}
STEP_KEYS = {"unit", "do", "round", "until", "yours", "check", "hint"}


@dataclass(frozen=True, eq=False)  # told apart by identity: two alike are two
class Match:
    """A pattern an event of the log may fit: its type and some of its fields.

    A field's wanted value is a value (equal), a list (any of them), or a table: `{any = X}` for a
    list with an element that fits X, `{size_at_least = N}` for a list of N or more, and for a
    table in the event the fields it must have (`modifiers = {any = {name = "charge"}}`)."""

    type: str
    fields: Mapping[str, Any]

    def fits(self, event: Mapping[str, Any]) -> bool:
        return event.get("type") == self.type and all(_fits(event.get(k), want) for k, want in self.fields.items())

    def words(self) -> str:
        fields = ", ".join(f"{k} {v}" for k, v in self.fields.items())
        return f"{self.type} ({fields})" if fields else self.type


def _fits(value: Any, want: Any) -> bool:
    if isinstance(want, list):
        return any(_fits(value, w) for w in want)
    if isinstance(want, dict):
        if isinstance(value, Mapping):  # a table inside the event, such as one of an attack's modifiers
            return all(_fits(value.get(k), w) for k, w in want.items())
        if not isinstance(value, list | tuple):
            return False
        if "size_at_least" in want and len(value) < want["size_at_least"]:
            return False
        return "any" not in want or any(_fits(v, want["any"]) for v in value)
    return bool(value == want)


@dataclass(frozen=True)
class Due:
    """A decision a card may wait for: `unit`'s activation or its choice of a retreat."""

    kind: Phase
    unit: str


@dataclass(frozen=True, eq=False)  # told apart by identity: two alike are two
class Card:
    """Narration shown once: at the start, when an event fitting `on` is logged, or when `due`."""

    text: str
    at: str = ""  # "start" or "end", else empty
    on: Match | None = None
    due: Due | None = None


@dataclass(frozen=True, eq=False)  # told apart by identity: two alike are two
class Step:
    """A command the script plays for a creature when it is due, or the player's own turn.

    It plays once, or with `until` every time the creature is due until an event fitting `until`
    is logged. With `yours` (the prompt), the window waits for the player to give a command that
    shares the fields named in `check` with `do`, and says `hint` when it does not; headless, `do`
    is played for the player."""

    unit: str
    do: Command
    round: int = 1
    until: Match | None = None
    yours: str = ""
    check: tuple[str, ...] = ("action", "target")
    hint: str = ""

    @property
    def decision(self) -> Phase:
        return Phase.RETREAT if self.do.action in END_OF_ROUND else Phase.ACTIVATION


@dataclass(frozen=True)
class Lesson:
    seed: int
    player: str  # the side the learner plays
    opponent: str  # the AI level of the other sides
    shows: tuple[Match, ...]  # what every run must log: the lesson's rule in play
    cards: tuple[Card, ...]
    steps: tuple[Step, ...]
    path: str = ""
    dice: int = DICE  # the dice scheme the seed was chosen under (game/core/rules/dice.py)

    def dice_for(self, seed: int) -> int:
        """The dice to roll with `seed`: the lesson's own seed as it was staged, any other today's."""
        return self.dice if seed == self.seed else DICE


def _unreadable(e: BaseException) -> str:
    """Why a script's TOML cannot be read, in a short line."""
    if isinstance(e, RecursionError):
        return "nested too deep"
    if isinstance(e, ValueError) and not isinstance(e, UnicodeDecodeError | tomllib.TOMLDecodeError):
        return "a number too long to read (over 4,300 digits)"  # Python's limit on int("...")
    return str(e)


def script_path(map_path: str | Path) -> Path:
    """Where the script of the map at map_path would be (beside it, same name)."""
    p = Path(map_path)
    return p.with_name(p.stem + SUFFIX)


def load_lesson(path: Path, units: Mapping[str, str]) -> Lesson:
    """Read and check a script against its map's units (id -> side); raise ScenarioError, one line a problem."""
    problems: list[str] = []
    try:
        raw = tomllib.loads(read_input(path, SCRIPT_BYTES).decode("utf-8"))
    except OSError as e:
        raise ScenarioError([f"{path}: lesson script: cannot be read: {e.strerror or e}"]) from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError) as e:
        why = _unreadable(e)
        raise ScenarioError([f"{path}: lesson script: cannot be read: {why}"]) from None
    where = _Where(path, problems)
    where.unknown(raw, TOP_KEYS, "lesson script")
    sides = sorted(set(units.values()))
    seed = raw.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
        where.say("seed", f"must be a whole number from 0 to {SEED_MAX}, not {seed!r}")
    dice = raw.get("dice", DICE)
    if not is_scheme(dice):
        where.say("dice", f"must be one of the dice schemes {', '.join(map(str, DICE_SCHEMES))}, not {dice!r}")
    player = raw.get("player")
    if player not in sides:
        where.say("player", f"must be one of the map's sides ({', '.join(sides)}), not {player!r}")
    opponent = raw.get("opponent", "normal")
    if opponent not in LEVELS:
        where.say("opponent", f"must be an AI level ({', '.join(LEVELS)}), not {opponent!r}")
    shows = tuple(m for i, s in enumerate(_list(raw, "shows", where)) if (m := where.match(s, f"shows {i + 1}")))
    if not shows:
        where.say("shows", "must name at least one event the lesson shows")
    cards = tuple(c for i, t in enumerate(_list(raw, "card", where)) if (c := _card(t, i + 1, where, units)))
    steps = tuple(s for i, t in enumerate(_list(raw, "step", where)) if (s := _step(t, i + 1, where, units, player)))
    if problems:
        raise ScenarioError(problems)
    return Lesson(seed, str(player), str(opponent), shows, cards, steps, str(path), dice)


def _event_types() -> frozenset[str]:
    found, todo = set(), [ev.Event]
    while todo:
        cls = todo.pop()
        found.add(cls.type)
        todo += cls.__subclasses__()
    return frozenset(found - {""})


EVENT_TYPES = _event_types()


class _Where:
    """Collects a script's problems as 'file: where: what is wrong'."""

    def __init__(self, path: Path, problems: list[str]) -> None:
        self.path, self.problems = path, problems

    def say(self, where: str, what: str) -> None:
        self.problems.append(f"{self.path}: {where}: {what}")

    def table(self, raw: object, known: set[str], where: str) -> dict[str, Any] | None:
        """The card's or step's table, its unknown keys said; None (said too) when it is no table."""
        if not isinstance(raw, dict):
            self.say(where, "must be a table")
            return None
        self.unknown(raw, known, where)
        return raw

    def unknown(self, table: Mapping[str, Any], known: set[str], where: str) -> None:
        for key in sorted(set(table) - known):
            self.say(where, f"unknown key {key!r} (known: {', '.join(sorted(known))})")

    def match(self, raw: object, where: str) -> Match | None:
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            self.say(where, 'must be a table with an event \'type\', e.g. {type = "retreat", space = "rear"}')
            return None
        if raw["type"] not in EVENT_TYPES:
            self.say(where, f"no event is called {raw['type']!r}")
            return None
        return Match(raw["type"], {k: v for k, v in raw.items() if k != "type"})


def _list(raw: Mapping[str, Any], key: str, where: _Where) -> list[Any]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        where.say(key, "must be a list")
        return []
    return value


def _card(raw: object, n: int, where: _Where, units: Mapping[str, str]) -> Card | None:
    name = f"card {n}"
    raw = where.table(raw, CARD_KEYS, name)
    if raw is None:
        return None
    text = raw.get("text")
    if not isinstance(text, str) or not text.strip():
        where.say(name, "needs a 'text' to show")
        return None
    triggers = [k for k in ("at", "on", "due") if k in raw]
    if len(triggers) != 1:
        where.say(name, "needs exactly one of 'at', 'on' or 'due'")
        return None
    if "at" in raw and raw["at"] not in ("start", "end"):
        where.say(name, f'\'at\' must be "start" or "end", not {raw["at"]!r}')
        return None
    due = None
    if "due" in raw:
        d = raw["due"]
        if (
            not isinstance(d, dict)
            or d.get("unit") not in units
            or d.get("decision", Phase.ACTIVATION) not in DECISIONS
        ):
            where.say(name, '\'due\' must be {unit = ID, decision = "activation" or "retreat"} for a unit of the map')
            return None
        due = Due(Phase(d.get("decision", Phase.ACTIVATION)), d["unit"])
    on = where.match(raw["on"], name) if "on" in raw else None
    if "on" in raw and on is None:
        return None
    return Card(text.strip(), raw.get("at", ""), on, due)


def _step(raw: object, n: int, where: _Where, units: Mapping[str, str], player: object) -> Step | None:
    name = f"step {n}"
    raw = where.table(raw, STEP_KEYS, name)
    if raw is None:
        return None
    unit = raw.get("unit")
    if not isinstance(unit, str) or unit not in units:
        where.say(name, f"unit {unit!r} is not on the map")
        return None
    do = raw.get("do")
    try:
        cmd = from_json({**do, "unit": unit} if isinstance(do, dict) else do)
    except Illegal as e:
        where.say(name, f"do: {e}")
        return None
    round_ = raw.get("round", 1)
    if not isinstance(round_, int) or isinstance(round_, bool) or round_ < 1:
        where.say(name, f"round must be 1 or more, not {round_!r}")
        return None
    until = where.match(raw["until"], f"{name} until") if "until" in raw else None
    yours = raw.get("yours", "")
    if not isinstance(yours, str) or (yours and units[unit] != player):
        where.say(name, "'yours' is the prompt of a turn of the player's own side")
        return None
    check, hint = raw.get("check", ["action", "target"]), raw.get("hint", "")
    why = (
        _check_problem(check, cmd)
        or (None if isinstance(hint, str) else "hint must be words in quotes")
        or (f"do: target {cmd.target!r} is not on the map" if cmd.target not in (None, *units) else None)
    )
    if why:
        where.say(name, why)
        return None
    return Step(unit, cmd, round_, until, yours, tuple(check), hint)


def _check_problem(check: object, cmd: Command) -> str | None:
    """What is wrong with a step's `check`, the fields of its command to compare, or None."""
    fields = set(cmd.to_json()) | {"action", "target", "space"}
    if not isinstance(check, list) or any(c not in fields for c in check):
        return f"check names fields of its command ({', '.join(sorted(fields))})"
    if "space" in check and cmd.action != Action.FORCE_RETREAT:
        return "check 'space' is for a force_retreat step"
    return None
