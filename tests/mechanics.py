"""Which rule clauses show in play (issue 11: charge, magic, poison, surrender offers and the rest):
for each mechanic, a test on one event of the log. Used by tests/test_mechanics_in_play.py and
bench/mechanics_seen.py."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.core.battle import Battle
from game.core.systems.spells import SPELLS as BOOK
from game.play.runner import play
from game.scenario.tiled import load_scenario

SPELLS = tuple(BOOK)  # every spell of the book: a spell added there must show in play too


def _mods(e: dict) -> set[str]:
    return {m["name"] for m in e.get("modifiers", ())}


def _initiative_mod(name: str) -> Callable[[dict], bool]:
    return lambda e: e["type"] == "initiative" and any(name in _mods(x) for x in e["entries"])


def _trigger(name: str) -> Callable[[dict], bool]:
    return lambda e: e["type"] == "morale_check" and name in e.get("triggers", (e["trigger"],))


def _spell(name: str) -> Callable[[dict], bool]:
    return lambda e: e["type"] == "cast" and e["spell"] == name and not e["lost"]


# mechanic -> does this event show it
MECHANICS: dict[str, Callable[[dict], bool]] = {
    "charge (an attack with the charge modifier)": lambda e: e["type"] == "attack" and "charge" in _mods(e),
    "a set weapon's double damage": lambda e: e["type"] == "attack" and e["purpose"] == "set_vs_charge" and e["hit"],
    **{f"cast {s}": _spell(s) for s in SPELLS},
    "initiative: hasted": _initiative_mod("hasted"),
    "initiative: slowed": _initiative_mod("slowed"),
    "initiative: hindered": _initiative_mod("hindered"),
    "morale: slain_by_magic": _trigger("slain_by_magic"),
    "morale: cannot_hurt": _trigger("cannot_hurt"),
    "morale: offered_surrender": _trigger("offered_surrender"),
    "continuing acid damage": lambda e: e["type"] == "status" and e["effect"] == "acid",
    "continuing poison damage": lambda e: e["type"] == "status" and e["effect"] == "poison",
    "retreat refused for size": lambda e: e["type"] == "retreat_refused" and e["reason"] == "size",
    "first strike by reach (a pike)": lambda e: e["type"] == "first_strike" and e["reason"] == "reach",
    "a side that chose to wait": lambda e: e["type"] == "wait",
    "initiative: waiting": _initiative_mod("waiting"),
}


def one_game(task: tuple[str, int, str]) -> tuple[str, int, list[str]]:
    """The mechanics one game shows."""
    path, seed, level = task
    scenario = load_scenario(path)
    battle = play(Battle(scenario, seed=seed), {s: level for s in scenario.sides})
    shown = set()
    for event in battle.events:
        e = event.to_json()
        for name, shows in MECHANICS.items():
            if name not in shown and shows(e):
                shown.add(name)
    return Path(path).stem, seed, sorted(shown)
