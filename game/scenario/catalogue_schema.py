"""What a catalogue entry may say: every key of a weapon and of a unit, with its type, range and meaning.

The ranges come from the rules the game implements (docs/rules.md) and the AD&D 2e books it follows:
ability scores 1..25, morale ratings 2..20 (2d10) and 2..12 (2d6), the knockdown dice d4..d20, armour
class 10 (none) down to -10. Where the books set no bound (hit points, movement, reach) the bound only
keeps a typing slip (a stray zero) from making a creature the game cannot sensibly play.
maps/README.md lists the same table for map authors; keep the two in step.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

from game.core.rules.creature import ENCUMBRANCE, CreatureClass, Flag
from game.core.rules.dice import parse_dice
from game.core.rules.geometry import Size
from game.core.rules.morale import TROOP_BONUS, TROOP_MORALE
from game.core.rules.spells import memorise_problem
from game.core.rules.tables import KNOCKDOWN_DICE
from game.core.systems.spells import SPELLS

WEAPON_KINDS = ("melee", "missile")
ALIGNMENTS = ("LG", "NG", "CG", "LN", "N", "CN", "LE", "NE", "CE")
KNOCKDOWN_NAMES = tuple(f"d{n}" for n in KNOCKDOWN_DICE)
MAX_DICE = 100  # dice in one damage roll, and sides on one die
MAX_RANGE = 1000  # squares: no map is wider (game.scenario.check.MAX_SIDE)
MAX_POISON_ROUNDS = 10  # status steps a poison lasts: longer than any battle's fighting
PLAIN_KEY = re.compile(r"[a-z][a-z0-9_]*\Z")  # a kind's key appears in maps, logs and replays


@dataclass(frozen=True, slots=True)
class Key:
    """One key of an entry: its type ('int', 'number', 'text', 'choice', 'names', 'dice', 'die', 'range',
    'weapons', 'poison'), its bounds or choices, and whether an entry must have it."""

    type: str
    meaning: str
    lo: int | None = None
    hi: int | None = None
    choices: tuple[str, ...] = ()
    required: bool = False

    @property
    def known(self) -> tuple[str, ...]:
        """The names it accepts: its choices, or every spell in the book as it stands (one a test adds too)."""
        return tuple(SPELLS) if self.type == "spells" else self.choices

    @property
    def wanted(self) -> str:
        """What a good value is, in words."""
        if self.type == "int":
            return f"a whole number from {self.lo} to {self.hi}"
        if self.type == "number":
            return f"a number from {self.lo} to {self.hi} (fractions allowed)"
        if self.type == "choice":
            return "one of " + ", ".join(shown(str(c)) for c in self.choices)
        if self.type == "names":
            return "a list of names from " + ", ".join(self.choices)
        return {
            "text": "a string",
            "bool": "true or false",
            "dice": f'dice such as "1d8" or "2d4+1" (1 to {MAX_DICE} dice of 2 to {MAX_DICE} sides)',
            "die": "a knockdown die, one of " + ", ".join(KNOCKDOWN_NAMES) + ', or "" for none',
            "range": f"three whole numbers [short, medium, long], from 1 to {MAX_RANGE} squares, each above the last",
            "weapons": "a list of weapon names",
            "poison": f'a table {{dice = "1d6", rounds = 3}}: damage dice and 1 to {MAX_POISON_ROUNDS} rounds',
            "spells": "a list of spell names (a name may repeat) from " + ", ".join(self.known),
        }[self.type]


WEAPON_KEYS: dict[str, Key] = {
    "name": Key("text", "what the player reads; the key if missing"),
    "kind": Key("choice", "how it attacks", choices=WEAPON_KINDS, required=True),
    "damage": Key("dice", "damage of one hit, any Strength bonus of the wielder built in", required=True),
    "reach_ft": Key("int", "melee reach in feet; attacks reach max(1, ceil(reach/5)) squares", 0, 30),
    "knockdown": Key("die", "melee only: the knockdown die for a size-M wielder, one step up per size above M"),
    "range": Key("range", "missile only, required: short, medium and long range limits in squares"),
    "rate": Key("int", "missile only: shots per attack", 1, 5),
    "magic": Key(
        "int", "the +N of a magic weapon: added to hit and damage; hurts creatures hit only by +N or less", 0, 5
    ),
    "poison": Key("poison", "a hit forces a save vs poison; failed, the dice in each of the next status steps"),
    "settable": Key("bool", "melee only: can be set to receive a charge (spear, halberd, pike, lance, trident)"),
}

UNIT_KEYS: dict[str, Key] = {
    "name": Key("text", "what the player reads; the key if missing"),
    "description": Key("text", "one sentence for the player"),
    "size": Key("choice", "T, S, M, L (one square), H (2x2) or G (3x3)", choices=tuple(Size), required=True),
    "class": Key("choice", "class group (THAC0, saves, fatigue)", choices=tuple(CreatureClass), required=True),
    "level": Key("int", "character level (0 for a monster or a levy)", 0, 30),
    "hd": Key("number", "Hit Dice (monsters fight and save by them)", 0, 40),
    "hd_bonus": Key("int", "the +N or -N of 'N+1 HD'", -5, 20),
    "hp": Key("int", "hit points", 1, 1000, required=True),
    "dex": Key("int", "Dexterity (breaks initiative ties)", 1, 25, required=True),
    "con": Key("int", "Constitution (fatigue points, recovery)", 1, 25),
    "str": Key("int", "Strength, for the reader: its bonuses go in hit_bonus and damage_bonus", 1, 25),
    "int": Key("int", "Intelligence: under 5 cannot choose to surrender", 0, 25),
    "ac": Key("int", "armour class, shield and Dex included", -10, 10, required=True),
    "shield": Key("int", "AC points from a shield, lost against rear attacks", 0, 5),
    "dex_ac": Key("int", "AC points from Dexterity, lost against rear attacks", -5, 6),
    "mv": Key("int", "movement rate in squares per round", 1, 48, required=True),
    "weapons": Key("weapons", "weapon names; at least one melee, at most one of each kind", required=True),
    "hit_bonus": Key("int", "added to every attack roll", -5, 10),
    "damage_bonus": Key("int", "added to every damage roll", -5, 20),
    "encumbrance": Key("choice", "load category (movement, attack, AC)", choices=ENCUMBRANCE),
    "morale": Key("int", "2d10 morale rating (adnd2e)", 2, 20, required=True),
    "morale_ose": Key("int", "2d6 morale rating (ose)", 2, 12, required=True),
    "led_morale": Key("int", "2d6 morale rating (ose) while a steady leader of its side is on the field", 2, 12),
    "alignment": Key("choice", "lawful +1, chaotic -1 to morale", choices=ALIGNMENTS),
    "flags": Key("names", "special abilities", choices=tuple(Flag)),
    "hit_only_by": Key("int", "only a weapon of this magic plus or more hurts it (0: any weapon)", 0, 5),
    "troop": Key("choice", "a mercenary's troop type: its ose rating", choices=("", *TROOP_MORALE)),
    "troop_mods": Key("names", "mercenary bonuses to the troop rating; needs a troop", choices=tuple(TROOP_BONUS)),
    "spells": Key(
        "spells",
        "spells memorised for each battle, as many per spell level as its class and level allow",
    ),
}


def shown(value: object, width: int = 60) -> str:
    """A value as TOML would write it, cut short to keep the error on one readable line."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = f'"{value}"'
    else:
        text = repr(value)
    text = " ".join(text.split())  # a multi-line string stays on the error's one line
    return text if len(text) <= width else text[: width - 3] + "..."


def closest(word: object, known: Iterable[object]) -> str | None:
    """The known word closest to a misspelt one, if any is close."""
    if not isinstance(word, str):
        return None
    close = difflib.get_close_matches(word, [str(k) for k in known], n=1, cutoff=0.6)
    return close[0] if close else None


def suggest(word: object, known: Iterable[object]) -> str:
    """' (did you mean "x"?)' when a known word is close, else ''."""
    close = closest(word, known)
    return f' (did you mean "{close}"?)' if close else ""


def value_problem(name: str, key: Key, value: object) -> str | None:
    """What is wrong with one value, as 'NAME must be ..., not VALUE'; None if nothing."""
    if _fits(key, value):
        return None
    hint = ""
    if key.type == "choice":
        hint = suggest(value, key.choices)
    elif key.type == "spells" and isinstance(value, list):
        bad = next((v for v in value if v not in key.known), None)
        if bad is not None:
            return f"{name}: {shown(bad)} is not a spell ({', '.join(key.known)}){suggest(bad, key.known)}"
    elif key.type == "names" and isinstance(value, list):
        bad = [v for v in value if v not in key.choices]
        if bad:
            return f"{name}: {shown(bad[0])} is not one of {', '.join(key.choices)}{suggest(bad[0], key.choices)}"
        return f"{name} names {shown(next(v for v in value if value.count(v) > 1))} twice"
    return f"{name} must be {key.wanted}, not {shown(value)}{hint}"


def _fits(key: Key, value: object) -> bool:
    if key.type in ("int", "number"):
        return _number_ok(key, value)
    if key.type in ("names", "weapons"):
        return _names_ok(key, value)
    return {
        "text": isinstance(value, str),
        "spells": isinstance(value, list) and all(isinstance(v, str) and v in key.known for v in value),
        "bool": isinstance(value, bool),
        "choice": isinstance(value, str) and value in key.choices,
        "die": value == "" or value in KNOCKDOWN_NAMES,
        "dice": key.type == "dice" and _dice_ok(value),
        "range": key.type == "range" and _range_ok(value),
        "poison": key.type == "poison" and _poison_ok(value),
    }[key.type]


def _number_ok(key: Key, value: object) -> bool:
    """An int is a TOML integer (not 6.7, not "6", not true); a number may also be a float."""
    types = (int, float) if key.type == "number" else (int,)
    if isinstance(value, bool) or not isinstance(value, types) or not math.isfinite(value):
        return False
    return key.lo is not None and key.hi is not None and key.lo <= value <= key.hi


def _names_ok(key: Key, value: object) -> bool:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or len(set(value)) < len(value):
        return False
    return key.type == "weapons" or all(v in key.choices for v in value)


def _dice_ok(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        d = parse_dice(value)
    except ValueError:
        return False
    return d.count <= MAX_DICE and d.sides <= MAX_DICE


def _poison_ok(value: object) -> bool:
    if not isinstance(value, dict) or set(value) != {"dice", "rounds"}:
        return False
    rounds = value["rounds"]
    ok_rounds = isinstance(rounds, int) and not isinstance(rounds, bool) and 1 <= rounds <= MAX_POISON_ROUNDS
    return ok_rounds and _dice_ok(value["dice"])


def _range_ok(value: object) -> bool:
    if not isinstance(value, list) or len(value) != 3:
        return False
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return False
    whole: list[int] = value
    short, medium, long = whole
    return 1 <= short < medium < long <= MAX_RANGE


def table_problems(data: dict[str, object], weapons: dict[str, object]) -> list[str]:
    """Every problem of a catalogue's tables, each 'where: what'; `weapons` are all the weapons its units
    may name (its own and, for a map's catalogue, the shipped ones, merged)."""
    tables = ("weapons", "units")
    out = [
        f"unknown table {f'[{t}]' if PLAIN_KEY.match(t) else shown(t)} (a catalogue holds [weapons.NAME] and [units.NAME]){suggest(t, tables)}"
        for t in data
        if t not in tables
    ]
    for table, what, check in (("weapons", "weapon", _weapon_problems), ("units", "unit", _unit_problems)):
        entries = data.get(table, {})
        if not isinstance(entries, dict):
            out.append(f"{table} must be a table of {what}s ([{table}.NAME]), not {shown(entries)}")
            continue
        for key, entry in entries.items():
            where = f"{what} {key}"
            if not PLAIN_KEY.match(key):
                out.append(
                    f"{what} {shown(key)}: a {what} name must be lower-case letters, digits and _, starting with a letter"
                )
            elif not isinstance(entry, dict):
                out.append(f"{where}: must be a table of keys ([{table}.{key}]), not {shown(entry)}")
            else:
                out += [f"{where}: {p}" for p in check(entry, weapons)]
    return out


def _key_problems(entry: dict[str, object], keys: dict[str, Key]) -> list[str]:
    unknown = [k for k in entry if k not in keys]
    out = [f"unknown key {shown(k)}{suggest(k, keys)}" for k in unknown]
    meant = {closest(k, keys) for k in unknown}  # a misspelt required key is said once, as misspelt
    out += [
        f"{k} is missing ({key.wanted})"
        for k, key in keys.items()
        if key.required and k not in entry and k not in meant
    ]
    out += [p for k, v in entry.items() if k in keys and (p := value_problem(k, keys[k], v))]
    return out


def _weapon_problems(entry: dict[str, object], _weapons: dict[str, object]) -> list[str]:
    out = _key_problems(entry, WEAPON_KEYS)
    if entry.get("kind") == "missile":
        if "range" not in entry:
            out.append(f"range is missing (a missile weapon needs {WEAPON_KEYS['range'].wanted})")
        if entry.get("knockdown"):
            out.append('knockdown is rolled only for melee hits; a missile weapon has knockdown = "" or none')
    elif entry.get("kind") == "melee":
        out += [
            f"{k} counts only for missile weapons; a melee weapon has none" for k in ("range", "rate") if k in entry
        ]
    if entry.get("kind") == "missile" and entry.get("settable"):
        out.append("settable counts only for melee weapons: a missile weapon is never set against a charge")
    return out


def _unit_problems(entry: dict[str, object], weapons: dict[str, object]) -> list[str]:
    out = _key_problems(entry, UNIT_KEYS)
    names = entry.get("weapons")
    if isinstance(names, list) and all(isinstance(n, str) for n in names):
        unknown = [n for n in names if n not in weapons]
        out += [f"weapons: unknown weapon {shown(n)}{suggest(n, weapons)}" for n in unknown]
        if not unknown:
            out += _armament_problems(names, weapons)
    spells = entry.get("spells")
    if isinstance(spells, list) and spells and value_problem("spells", UNIT_KEYS["spells"], spells) is None:
        cls, level = entry.get("class"), entry.get("level", 0)
        if isinstance(cls, str) and cls in tuple(CreatureClass) and isinstance(level, int):
            why = memorise_problem(CreatureClass(cls), level, spells, SPELLS)
            if why:
                out.append(f"spells: {why}")
    if entry.get("troop_mods") and not entry.get("troop"):
        out.append("troop_mods need a troop (militia, barbarian or trained) to modify")
    return out


def _armament_problems(names: list[str], weapons: dict[str, object]) -> list[str]:
    """A unit fights with its first melee and its first missile weapon (game.core.rules.creature.Kind), so a
    second of a kind would never be used, and a unit with no melee weapon could not fight hand to hand."""
    kinds = {n: w.get("kind") if isinstance(w, dict) else None for n, w in weapons.items() if n in names}
    out: list[str] = []
    if any(k not in WEAPON_KINDS for k in kinds.values()):
        return out  # a weapon of no known kind is reported as the weapon's own problem
    if "melee" not in kinds.values():
        out.append("weapons: no melee weapon among " + ", ".join(names) + " (every creature fights hand to hand)")
    for kind in WEAPON_KINDS:
        same = [n for n in names if kinds[n] == kind]
        if len(same) > 1:
            out.append(f"weapons: {same[0]} and {same[1]} are both {kind} weapons; only the first would be used")
    return out
