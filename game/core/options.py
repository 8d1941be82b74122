"""The rule options of one battle: each declared once, as a field of Options, and checked once.

A battle's options are built once, when it starts: the defaults, then the map's properties, then
the command line's (or the caller's) overrides, each value checked as it is laid on.

To add an option, add one field here with `rule(...)` as its default (docs/architecture.md#how-to-add-a-rule-option),
then read it in the system it changes (`ctx.options.NAME`). The map loader, `--option`, the menu,
the settings file, the help and the schemas all read the declarations through declared().
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from game.core.option_rule import SPEC, Rule, declaration, rule

__all__ = ["OptionError", "Options", "Rule", "check_option", "declared", "menu_rules", "named", "rule", "rules_of"]


class OptionError(ValueError):
    """A rule option that is unknown or has a value it may not have; the message is one line."""


@dataclass(frozen=True, slots=True)
class Options:
    """Every rule option with its value; the defaults are the game's rules without options."""

    morale_system: str = rule(
        "adnd2e",
        values=("adnd2e", "ose"),
        label="Morale",
        help="adnd2e: 2d10 against a rating of 2-20 when something shakes a creature; failing by 1 or 2 "
        "withdraws, by more flees. ose: 2d6 against 2-12 at a side's first death and at half strength.",
        menu_key="1",
    )
    initiative: str = rule(
        "individual",
        values=("individual", "group"),
        label="Initiative",
        help="individual: every creature rolls a d10 each round and acts in its own turn. "
        "group: each side rolls one d10 and all its creatures act together.",
        menu_key="2",
    )
    knockdown_dice: bool = rule(
        True,
        label="Knockdown dice",
        help="on: a hit may knock its target down (the weapon's knockdown die against a number "
        "set by size). off: only a foe with no space to give ground is knocked down.",
        menu_key="3",
    )
    death_at_minus_10: bool = rule(False, label="Death at -10", help="0 to -9 hp is unconscious, not dead.")
    max_rounds: int = rule(30, bounds=(1, 1000), label="Rounds", help="The battle is a draw after this round.")
    victory: str = rule(
        "last_side_standing", values=("last_side_standing",), label="Victory", help="How a battle is won."
    )
    surprised: str = rule(
        "", names_side=True, label="Surprised", help="Under adnd2e, that side checks morale in round 1, at -2."
    )
    waiting: str = rule(
        "",
        names_side=True,
        label="Waiting",
        help="That side's round-1 initiative drops by 1 if another side attacks it before it attacks.",
    )
    foreign_environment: str = rule(
        "", names_side=True, label="Foreign environment", help="That side's initiative is at -6 every round."
    )

    @classmethod
    def build(cls, sides: Iterable[str], *layers: Mapping[str, object]) -> Options:
        """The defaults with each layer's values laid over them in turn; raise OptionError if one is bad."""
        known = list(sides)
        values: dict[str, object] = {}
        for layer in layers:
            for name, value in layer.items():
                why = check_option(name, value, known)
                if why:
                    raise OptionError(why)
                values[name] = value
        return cls(**values)  # type: ignore[arg-type]

    def as_dict(self) -> dict[str, object]:
        """Every option by name, in name order (the battle_start event's `options`)."""
        return {name: getattr(self, name) for name in sorted(f.name for f in fields(self))}


def rules_of(options_class: type[Any]) -> tuple[Rule, ...]:
    """The declarations of a dataclass of rule options, in the order of its fields."""
    return tuple(declaration(f.name, f.default, f.metadata[SPEC]) for f in fields(options_class))


RULES = rules_of(Options)  # read through declared(), so that a test may add one


def declared() -> tuple[Rule, ...]:
    """Every rule option's declaration, in the order of Options' fields."""
    return RULES


def menu_rules() -> tuple[Rule, ...]:
    """The rule options the main menu sets (and the settings file keeps), in declared order."""
    return tuple(r for r in declared() if r.menu_key is not None)


def named(name: str) -> Rule | None:
    """The declaration of the option called `name`, or None."""
    return next((r for r in declared() if r.name == name), None)


def check_option(name: str, value: object, sides: list[str]) -> str | None:
    """Return what is wrong with one option value, or None."""
    found = named(name)
    if found is None:
        return unknown(name)
    return found.check(value, sides)


def unknown(name: str) -> str:
    """The one line that refuses a name no option has."""
    return f"unknown rule option {name!r} (known: {', '.join(sorted(r.name for r in declared()))})"


def schema() -> dict[str, Any]:
    """The JSON Schema of the options, as game/data/schemas/*.schema.json's `$defs/options` hold it
    (tools/write_schemas.py writes it there)."""
    names = sorted(r.name for r in declared())
    properties = {name: r.schema() for name in names if (r := named(name)) is not None}
    return {
        "description": "Rule options by name.",
        "type": "object",
        "additionalProperties": False,
        "properties": properties,
    }
