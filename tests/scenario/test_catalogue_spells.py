"""The catalogue's `spells` key: names from the spellbook, as many per spell level as the class and
level memorise (docs/rules.md#magic: 'wizard level 1: 1 first-level spell; 3: 2/1; 5: 4/2/1.
Priest 1: 1; 3: 2/1; 5: 3/3/1'), each problem one line."""

from __future__ import annotations

import tomllib

import pytest

from game.scenario import catalogue
from game.scenario.catalogue_schema import table_problems

with open(catalogue.CATALOGUE, "rb") as f:
    SHIPPED = tomllib.load(f)


def _problems(**changes) -> list[str]:
    entry = dict(SHIPPED["units"]["wizard"], **changes)
    return table_problems({"units": {"mage": entry}}, SHIPPED["weapons"])


def test_the_shipped_casters_memorise_what_their_level_allows():
    kinds = catalogue.load()
    assert kinds["wizard5"].spells.count("magic_missile") == 3 and "haste" in kinds["wizard5"].spells
    assert kinds["priest3"].spells == ("cure_light_wounds", "entangle", "hold_person")


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"spells": ["fireball"]}, 'unit mage: spells: "fireball" is not a spell'),
        (
            {"spells": ["magic_missile", "magic_missile"]},
            "unit mage: spells: 2 spells of level 1, but a level-1 wizard memorises 1",
        ),
        ({"spells": ["bless"]}, "unit mage: spells: bless is a priest spell, not a wizard one"),
        ({"spells": ["haste"], "level": 5}, None),
        ({"spells": ["haste"]}, "unit mage: spells: 1 spells of level 3, but a level-1 wizard memorises 0"),
        ({"spells": "magic_missile"}, "unit mage: spells must be a list of spell names"),
        ({"spells": ["magic_missile"], "class": "warrior"}, "unit mage: spells: a warrior of level 1 casts no spells"),
    ],
)
def test_a_bad_spell_list_is_one_line_saying_what_is_wrong(changes, problem):
    found = _problems(**changes)
    if problem is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0].startswith(problem), found
