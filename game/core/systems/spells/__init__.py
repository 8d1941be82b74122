"""The spellbook: every spell the game knows, one record a module (docs/rules.md#magic).
Adding a spell is its module here and its line in `_BOOK`."""

from __future__ import annotations

from game.core.systems.spell_record import SpellRecord
from game.core.systems.spells import (
    bless,
    burning_hands,
    cure_light_wounds,
    entangle,
    haste,
    hold_person,
    magic_missile,
    melfs_acid_arrow,
    slow,
)

_BOOK = (
    magic_missile.SPELL,
    burning_hands.SPELL,
    melfs_acid_arrow.SPELL,
    haste.SPELL,
    slow.SPELL,
    bless.SPELL,
    cure_light_wounds.SPELL,
    entangle.SPELL,
    hold_person.SPELL,
)

# The one table every reader of a spell goes through, in the book's order.
SPELLS: dict[str, SpellRecord] = {s.key: s for s in _BOOK}


def register(spell: SpellRecord) -> None:
    """Add a spell to the book (a spell written outside it, as a test does)."""
    if spell.key in SPELLS:
        raise ValueError(f"a spell {spell.key!r} is in the book already")
    SPELLS[spell.key] = spell


def unregister(key: str) -> None:
    """Take a registered spell out of the book again."""
    del SPELLS[key]
