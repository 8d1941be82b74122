"""The player's settings, kept between runs in settings.toml in Rout's config folder.

The file is TOML of plain `key = value` lines, written by the game and readable by hand. Reading
it never fails: a missing file gives the defaults; a line that is not TOML, or a value a setting
may not have, gives that setting's default and one warning line on stderr naming the file and
the keys; an unknown key (a newer version's setting) is left unread. Only a regular file of at
most 64 KB is read (a link to /dev/zero would never end). The file is not rewritten on reading.
When a setting changes in the game, only the lines of the settings that changed are rewritten
(game/home/settings_file.py): comments and unknown keys stay. A file that cannot be read as a whole
(not text, not TOML, too large) is never written over: it is kept as settings.toml.bad (or .bad.1,
...) and the settings as they stand are written anew.
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from game.core.options import Rule, menu_rules, named
from game.home.player_names import name_problem
from game.home.settings_file import edited, keep_aside
from game.home.user_dirs import config_dir, made
from game.levels import MENU_LEVELS
from game.save.data_file import kept_note
from game.save.files import write_atomic
from game.scenario.input_files import SETTINGS_BYTES, input_problem, read_input

FILE_NAME = "settings.toml"
MODES = ("solo", "hotseat", "watch")
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)  # the battle's animation and AI speeds, chosen with , and .
VIEWER_SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)  # the replay viewer's playback speeds
MAP_OWN = "map"  # in the file, a rule option left to the map: None in Settings
MIN_WINDOW = (640, 400)
UI_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)  # text, panels and tokens drawn larger (game/ui/app.py)
# The colour palettes: normal vision's, and one made for each of the three dichromacies (their
# colours are game/ui/common/palettes.py's; docs/decisions.md says how each is checked).
PALETTES = ("standard", "protanopia", "deuteranopia", "tritanopia")
MAX_WINDOW = 16384


@dataclass(frozen=True)
class Settings:
    """Everything the game remembers for the player; each value is checked on construction."""

    mode: str = "solo"  # solo, hotseat or watch
    side: int = 0  # the side played in solo, by its place in the scenario's list of sides
    ai_level: str = "normal"
    # The rule options chosen in the menu (those declared with a menu key), by name; an option
    # absent or None keeps the map's own. In the file each is a line of its own, "map" for None.
    rule_options: Mapping[str, object] = field(default_factory=dict, hash=False)
    speed: float = 1.0
    viewer_speed: float = 2.0  # the replay viewer's playback speed
    pause_on_steps: bool = False  # stop at each step of the end of the round until a key
    handover: bool = True  # in hot-seat, a screen between the human sides' turns
    window_width: int = 1280
    window_height: int = 720
    fullscreen: bool = False
    scenario: str = ""  # the file name of the map last chosen in the menu; "" for the first
    ui_scale: float = 1.0  # one of UI_SCALES; the window caps it (game/ui/app.py)
    volume: int = 70  # the sound effects' volume, in percent
    mute: bool = False  # the sound effects silenced (F8), the volume kept
    palette: str = "standard"  # the colours the board is drawn in (PALETTES)
    # Hot-seat: the players' names by seat (the first human side of a map, the second...), typed
    # on the hand-over or in the menu and offered again in the next game; "" for a seat unnamed.
    players: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # None and absent say the same (the map's own): kept absent, so that equal settings compare equal.
        object.__setattr__(self, "rule_options", {k: v for k, v in self.rule_options.items() if v is not None})
        if isinstance(self.players, list):  # as TOML reads an array
            object.__setattr__(self, "players", tuple(self.players))
        for f in fields(self):
            for name, value in _flat(self, f.name):
                why = check(name, value)
                if why:
                    raise ValueError(f"setting {name}: {why}")

    def rule(self, name: str) -> object:
        """The menu's choice for the rule option `name`; None keeps the map's own."""
        return self.rule_options.get(name)

    def value(self, name: str) -> object:
        """A setting by the name the file gives it (a menu rule option's name included)."""
        return self.rule(name) if _menu_rule(name) else getattr(self, name)

    def changed(self, **changes: Any) -> Settings:
        """These settings with some changed, by the names the file gives them."""
        chosen = {k: v for k, v in changes.items() if _menu_rule(k)}
        rest = {k: v for k, v in changes.items() if k not in chosen}
        if chosen:
            rest["rule_options"] = {**self.rule_options, **chosen}
        return replace(self, **rest)

    @property
    def speed_i(self) -> int:
        """The speed's place among SPEEDS."""
        return SPEEDS.index(self.speed)

    @property
    def viewer_speed_i(self) -> int:
        """The viewer's speed's place among VIEWER_SPEEDS."""
        return VIEWER_SPEEDS.index(self.viewer_speed)


def _one_of(values: tuple[object, ...]) -> Callable[[object], str | None]:
    def why(v: object) -> str | None:
        # Of the same type too: TOML's 1 is not true, nor 1.0 a name.
        if not any(type(v) is type(x) and v == x for x in values):
            return f"must be one of {', '.join(_shown(x) for x in values)}, not {_shown(v)}"
        return None

    return why


def _whole(low: int, high: int) -> Callable[[object], str | None]:
    def why(v: object) -> str | None:
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            return f"must be a whole number from {low} to {high}, not {_shown(v)}"
        return None

    return why


def _flag(v: object) -> str | None:
    return None if isinstance(v, bool) else f"must be true or false, not {_shown(v)}"


def _file_name(v: object) -> str | None:
    if not isinstance(v, str) or "/" in v or "\\" in v or len(v) > 255 or not v.isprintable():
        return f"must be a map's file name, not {_shown(v)}"
    return None


MAX_PLAYERS = 8


def _players(v: object) -> str | None:
    if not isinstance(v, list | tuple) or len(v) > MAX_PLAYERS:
        return f"must be a list of at most {MAX_PLAYERS} players' names, not {_shown(v)}"
    return next((why for why in map(name_problem, v) if why), None)


def _speed_of(speeds: tuple[float, ...]) -> Callable[[object], str | None]:
    def why(v: object) -> str | None:
        if isinstance(v, bool) or not isinstance(v, int | float) or float(v) not in speeds:
            return f"must be one of {', '.join(f'{x:g}' for x in speeds)}, not {_shown(v)}"
        return None

    return why


CHECKS: dict[str, Callable[[object], str | None]] = {
    "mode": _one_of(MODES),
    "side": _whole(0, 99),
    "ai_level": _one_of(MENU_LEVELS),
    "speed": _speed_of(SPEEDS),
    "viewer_speed": _speed_of(VIEWER_SPEEDS),
    "pause_on_steps": _flag,
    "handover": _flag,
    "window_width": _whole(MIN_WINDOW[0], MAX_WINDOW),
    "window_height": _whole(MIN_WINDOW[1], MAX_WINDOW),
    "fullscreen": _flag,
    "scenario": _file_name,
    "ui_scale": _speed_of(UI_SCALES),
    "volume": _whole(0, 100),
    "mute": _flag,
    "palette": _one_of(PALETTES),
    "players": _players,
}


def check(name: str, value: object) -> str | None:
    """What is wrong with a value for the setting `name` (a menu rule option's too), or None."""
    found = _menu_rule(name)
    if found is not None:
        return _one_of((None, *found.choices()))(value)
    return CHECKS[name](value)


def _menu_rule(name: str) -> Rule | None:
    found = named(name)
    return found if found is not None and found.menu_key is not None else None


def _flat(s: Settings, name: str) -> list[tuple[str, object]]:
    """A field as the file's lines: the rule options one line each, in their declared order."""
    if name == "rule_options":
        unknown = sorted(set(s.rule_options) - {r.name for r in menu_rules()})
        if unknown:
            raise ValueError(f"setting rule_options: no menu rule option {', '.join(unknown)}")
        return [(r.name, s.rule(r.name)) for r in menu_rules()]
    return [(name, getattr(s, name))]


def settings_path() -> Path:
    """Where the settings are kept: settings.toml in the config folder (game/home/user_dirs.py)."""
    return config_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """The settings in the file (the config folder's by default), the defaults for what is
    missing or bad; anything bad is said in one line on stderr."""
    path = path or settings_path()
    try:
        raw = _read(path)
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else f"{type(e).__name__}: {e}"
        _warn(path, f"cannot be read ({why}){_kept_note(path)}")
        return Settings()
    table, bad = _parse(raw)
    note = _kept_note(path) if bad else ""  # not TOML as a whole: kept aside when next saved
    values = _valid(table, bad)
    if bad:
        _warn(path, "has bad settings, their defaults used: " + "; ".join(bad) + note)
    return Settings().changed(**values)


def _read(path: Path) -> str:
    return read_input(path, SETTINGS_BYTES).decode("utf-8")


def _kept_note(path: Path) -> str:
    return kept_note(path, "a setting is next saved")


def _valid(table: Mapping[str, object], bad: list[str]) -> dict[str, object]:
    """The settings the file's table gives validly, by name; what is bad added to `bad`."""
    values: dict[str, object] = {}
    for name, _ in (line for f in fields(Settings) for line in _flat(Settings(), f.name)):
        if name not in table:
            continue
        value = _decoded(name, table[name])
        why = check(name, value)
        if why:
            bad.append(f"{name} {why}")
        else:
            values[name] = float(value) if name in _FLOATS else value  # type: ignore[arg-type]
    return values


_FLOATS = ("speed", "viewer_speed", "ui_scale")  # a file's 2 is read as 2.0


def save_settings(s: Settings) -> Path:
    """Write the settings to settings.toml in the config folder, whole or not at all, changing
    only the lines of settings that differ from the file's; return its path. A damaged file is
    kept aside first (game/home/settings_file.py)."""
    path = made(config_dir()) / FILE_NAME
    try:
        raw = _read(path)
        table = tomllib.loads(raw)
    except FileNotFoundError:
        write_atomic(path, to_toml(s))
        return path
    except (ValueError, RecursionError, OSError) as e:  # UnicodeDecodeError and TOMLDecodeError are ValueErrors
        if isinstance(e, OSError) and input_problem(path) is not None:
            raise  # a pipe or a device: not a file to keep, nor to write over
        keep_aside(path)
        write_atomic(path, to_toml(s))
        return path
    was = Settings().changed(**_valid(table, []))
    changed = {k: _toml_value(v) for f in fields(s) for k, v in _flat(s, f.name) if v != was.value(k)}
    if changed:
        write_atomic(path, edited(raw, changed))
    return path


def to_toml(s: Settings) -> str:
    """The settings as TOML, one `key = value` line each, in the order of the fields."""
    head = "# Rout's settings, kept by the game. A bad value falls back to its default.\n"
    return head + "".join(f"{k} = {_toml_value(v)}\n" for f in fields(s) for k, v in _flat(s, f.name))


def _toml_value(v: object) -> str:
    if v is None:
        return json.dumps(MAP_OWN)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, tuple | list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    # JSON's escapes are TOML's too; TOML also wants DEL escaped, which JSON leaves as it is.
    return json.dumps(str(v), ensure_ascii=False).replace("\x7f", "\\u007f")


def _decoded(name: str, value: object) -> object:
    """The file's "map" for a rule option is None: the map's own value."""
    if _menu_rule(name) is not None and value == MAP_OWN:
        return None
    return value


def _parse(raw: str) -> tuple[dict[str, object], list[str]]:
    """The file's table, and what could not be read. A file that is not TOML as a whole is read
    line by line, so that one broken line costs only its own setting."""
    try:
        return tomllib.loads(raw), []
    except (ValueError, RecursionError) as e:  # a 5,000-digit number, or nesting 100,000 deep
        whole_error = "nested too deep" if isinstance(e, RecursionError) else str(e)
    table: dict[str, object] = {}
    bad: list[str] = []
    for n, line in enumerate(raw.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key = line.split("=", 1)[0].strip()[:40] or f"line {n}"
        try:
            one = tomllib.loads(line)
        except (ValueError, RecursionError):
            bad.append(f"{key} (line {n} is not TOML)")
            continue
        for k, v in one.items():
            if k in table:
                bad.append(f"{k} (set twice, again on line {n})")
            else:
                table[k] = v
    return table, bad or [f"the file is not TOML ({whole_error})"]


def _shown(v: object) -> str:
    if v is None:
        return json.dumps(MAP_OWN)
    if isinstance(v, bool):
        return "true" if v else "false"
    return json.dumps(v) if isinstance(v, str) else repr(v)


def _warn(path: Path, what: str) -> None:
    print(f"rout: settings file {path} {what}", file=sys.stderr)
