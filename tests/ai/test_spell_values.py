"""The AI's values of the spells (game/ai/spell_values.py) cover the book (game/core/systems/spells/)
exactly: a spell added to the book without its value would leave the AI unable to weigh its casts,
and a value left behind by a spell taken out would name nothing."""

from __future__ import annotations

from game.ai.spell_values import VALUES
from game.core.systems.spells import SPELLS


def test_every_spell_of_the_book_has_a_value_and_every_value_a_spell():
    assert sorted(VALUES) == sorted(SPELLS)
