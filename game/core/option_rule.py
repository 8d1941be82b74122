"""What a rule option's declaration says, and what follows from it: its check, its reading from
the command line, how the menu cycles and shows it, and its JSON Schema.

An option is declared once, as a field of game.core.options.Options whose default is `rule(...)`; every
other place that names options (the map loader, `--option`, the menu, the settings file, the help,
the schemas) reads the declarations back through game.core.options.declared() and never spells a name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

T = TypeVar("T", bool, int, str)
SPEC = "rule"  # the field metadata key that carries a declaration
_TRUE, _FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule option: its name, type, default and allowed values, and where people meet it."""

    name: str
    default: bool | int | str
    values: tuple[str, ...] = ()  # a str option's allowed values; () for any string
    bounds: tuple[int, int] | None = None  # an int option's (least, most)
    names_side: bool = False  # its value is "" or a side of the map that has units
    label: str = ""  # its name in the menu and the help ("Morale")
    help: str = ""  # what it changes, one or two sentences (the menu's tip)
    map_property: str | None = None  # the Tiled map property that sets it; None: maps cannot
    menu_key: str | None = None  # the main menu's key that cycles it; None: not in the menu

    @property
    def kind(self) -> type:
        return type(self.default)

    def check(self, value: object, sides: list[str]) -> str | None:
        """What is wrong with a value for this option, or None."""
        name, typ = self.name, self.kind
        if typ is int and (isinstance(value, bool) or not isinstance(value, int)):
            return f"option {name} must be a whole number (type int), not {_what(value)}"
        if typ is bool and not isinstance(value, bool):
            return f"option {name} must be true or false (type bool), not {_what(value)}"
        if typ is not int and not isinstance(value, typ):
            return f"option {name} must be a {typ.__name__}, not {_what(value)}"
        if self.bounds and not self.bounds[0] <= cast(int, value) <= self.bounds[1]:
            return f"option {name} must be between {self.bounds[0]} and {self.bounds[1]}, not {value}"
        if self.values and value not in self.values:
            return f"option {name} must be one of {', '.join(self.values)}, not {value!r}"
        if self.names_side and value and value not in sides:
            return f"option {name} names side {value!r}, which has no units"
        return None

    def parse(self, text: str) -> object:
        """A command-line string as this option's type; raise ValueError with a reason."""
        if self.kind is bool:
            if text.lower() in _TRUE:
                return True
            if text.lower() in _FALSE:
                return False
            raise ValueError(f"option {self.name} must be true or false, not {text!r}")
        if self.kind is int:
            try:
                return int(text)
            except ValueError:
                raise ValueError(f"option {self.name} must be a whole number, not {text!r}") from None
        return text

    def choices(self) -> tuple[object, ...]:
        """The values the menu cycles through, in order (only options with a menu key have them)."""
        return (True, False) if self.kind is bool else self.values

    def shown(self, value: object) -> str:
        """A value as the menu writes it: on or off for a flag, else the value."""
        if self.kind is bool:
            return "on" if value else "off"
        return str(value)

    def schema(self) -> dict[str, Any]:
        """Its value's JSON Schema, as game/data/schemas/*.schema.json's `options` hold it."""
        if self.names_side:
            return {"$ref": "#/$defs/side_or_none"}
        if self.kind is bool:
            return {"type": "boolean"}
        if self.bounds:
            return {"type": "integer", "minimum": self.bounds[0], "maximum": self.bounds[1]}
        if self.values:
            return {"enum": list(self.values)}
        return {"type": "string"}


def rule(
    default: T,
    *,
    values: tuple[str, ...] = (),
    bounds: tuple[int, int] | None = None,
    names_side: bool = False,
    label: str = "",
    help: str = "",  # the declaration's word for it
    from_map: bool = True,
    menu_key: str | None = None,
) -> T:
    """Declare the rule option of the Options field this is the default of (its name is the field's).

    from_map: a map sets it with a property of the same name. menu_key: the main menu shows it as a
    button with this key, cycling through its values (a flag, or a str option with values)."""
    spec = {
        "values": values,
        "bounds": bounds,
        "names_side": names_side,
        "label": label,
        "help": help,
        "from_map": from_map,
        "menu_key": menu_key,
    }
    return field(default=default, metadata={SPEC: spec})


def declaration(name: str, default: object, spec: dict[str, Any]) -> Rule:
    """The Rule a field named `name` declares with rule(default, **spec)."""
    if not isinstance(default, bool | int | str):
        raise TypeError(f"rule option {name}: its default must be a flag, a whole number or a string")
    extra = {k: v for k, v in spec.items() if k != "from_map"}
    made = Rule(name, default, map_property=name if spec["from_map"] else None, **extra)
    if made.menu_key is not None and not (made.label and made.help and made.choices()):
        raise TypeError(f"rule option {name}: a menu option needs a label, help text and values to cycle")
    return made


def _what(value: object) -> str:
    return repr(value) if isinstance(value, str) else f"{type(value).__name__} {value!r}"
