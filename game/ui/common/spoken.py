"""The catalogue's keys as a player says them (issue 37, "Words a player reads"): spells by
name and counted ("3 magic missiles", never `magic_missile, magic_missile, magic_missile`),
kinds with their plurals and what tells them apart ("2 human fighters (3rd level, +1 sword)"),
points whole. The rules keep their keys and their fractions; only the screen says them so."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from game.core.rules.creature import Kind
from game.core.systems.spells import SPELLS

# English plurals the simple rules below would get wrong, by the word's end.
_IRREGULAR = (("man", "men"), ("thief", "thieves"), ("dwarf", "dwarves"), ("wolf", "wolves"), ("foot", "feet"))


def plural(noun: str, n: int) -> str:
    """The noun for `n` of it: its last word made plural unless `n` is 1 ('human fighters')."""
    if n == 1:
        return noun
    head, _, last = noun.rpartition(" ")
    return f"{head} {_plural_word(last)}".strip()


def _plural_word(word: str) -> str:
    for end, many in _IRREGULAR:
        if word.endswith(end):
            return word[: -len(end)] + many
    if word.endswith("s") and not word.endswith("ss"):
        return word  # already a plural: "burning hands", "cure light wounds"
    if word.endswith(("ss", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def counted(noun: str, n: int) -> str:
    """'3 magic missiles', '1 ogre'."""
    return f"{n} {plural(noun, n)}"


def spell_name(key: str) -> str:
    """A spell's name ('cure light wounds'); a key no spell has (a map's own) with spaces."""
    spell = SPELLS.get(key)
    return spell.name if spell else key.replace("_", " ")


def spell_list(keys: Iterable[str]) -> str:
    """Spells memorised, each once in the order first memorised, counted where more than one:
    '3 magic missiles, burning hands, 2 Melf's acid arrows'."""
    return ", ".join(counted(spell_name(k), n) if n > 1 else spell_name(k) for k, n in Counter(keys).items())


def kind_parts(kind: Kind) -> tuple[str, list[str]]:
    """A kind's name cut into what it is and what tells it from its fellows:
    'Human fighter, 3rd level, with a +1 sword' is ('human fighter', ['3rd level', '+1 sword']).
    The first level goes unsaid: a kind is of the first level unless its name says otherwise."""
    head, *rest = (part.strip() for part in kind.name.split(","))
    details = [_without_article(part) for part in rest if part and part != "1st level"]
    return head[:1].lower() + head[1:], details


def _without_article(part: str) -> str:
    for lead in ("with an ", "with a ", "with "):
        if part.startswith(lead):
            return part[len(lead) :]
    return part


def kind_words(kind: Kind, n: int) -> str:
    """'2 human fighters (3rd level, +1 sword)', '1 ogre'."""
    head, details = kind_parts(kind)
    return counted(head, n) + (f" ({', '.join(details)})" if details else "")


def army_words(army: Iterable[tuple[Kind, int]]) -> str:
    """An army, kind by kind: '1 ogre; 2 human fighters (3rd level, +1 sword); 3 halfling fighters'.
    Semicolons part the kinds, since a kind's own words may hold a comma."""
    return "; ".join(kind_words(kind, n) for kind, n in army if n > 0)


def called(kind: Kind) -> str:
    """What a player calls one of the kind on the board ('Fighter', 'Halfling fighter', 'Orc
    leader'): a human is said without 'human', as a dwarf or a halfling is not."""
    head, _ = kind_parts(kind)
    head = head.removeprefix("human ")
    return head[:1].upper() + head[1:]


def whole(points: float) -> str:
    """Points as the screen shows them: the nearest whole number (a half goes up)."""
    return str(int(points + 0.5)) if points >= 0 else str(-int(-points + 0.5))
