"""Which rule clauses show in play: every shipped map over some seeds, the AI (normal by default)
on every side, and for each mechanic of the seeds the games whose logs show it.

    python bench/mechanics_seen.py [--seeds 10] [--level normal] [--jobs 2] [--maps lesson_magic ...]

Prints one line per mechanic: how many games show it and the first few (map:seed); a mechanic no
game shows is marked MISSING and the exit status is 1. Not a timing: it is how issue 11's "over 10
seeds of every shipped map, the event logs together show ..." is checked."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.battle import Battle
from game.bundled import MAPS
from game.runner import play
from game.scenario.tiled import load_scenario

SPELLS = (
    "magic_missile",
    "burning_hands",
    "melfs_acid_arrow",
    "haste",
    "slow",
    "bless",
    "cure_light_wounds",
    "entangle",
    "hold_person",
)


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


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, default=10)
    p.add_argument("--level", default="normal")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--maps", nargs="*", help="map names (default: every shipped map but the tests')")
    args = p.parse_args()
    names = args.maps or sorted(m.stem for m in MAPS.glob("*.tmx") if not m.stem.startswith("test_"))
    tasks = [(str(MAPS / f"{n}.tmx"), seed, args.level) for n in names for seed in range(1, args.seeds + 1)]
    seen: dict[str, list[str]] = {name: [] for name in MECHANICS}
    with ProcessPoolExecutor(args.jobs) as pool:
        for stem, seed, shown in pool.map(one_game, tasks):
            for name in shown:
                seen[name].append(f"{stem}:{seed}")
    missing = 0
    for name, games in seen.items():
        if games:
            print(f"{name:48} {len(games):4} games, e.g. {', '.join(games[:3])}")
        else:
            missing += 1
            print(f"{name:48} MISSING")
    print(f"{len(tasks)} games, {len(MECHANICS) - missing} of {len(MECHANICS)} mechanics shown")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
