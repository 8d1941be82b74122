"""The book's numbers the campaign plays by (game/campaign/tables.py, docs/rules.md#campaigns)."""

from __future__ import annotations

import pytest

from game.campaign.tables import level_for, spell_row, xp_to_next, xp_value
from game.core.rules.creature import CreatureClass
from game.scenario.catalogue import load

KINDS = load()
W, P, R, M = CreatureClass.WARRIOR, CreatureClass.PRIEST, CreatureClass.ROGUE, CreatureClass.WIZARD


@pytest.mark.parametrize(
    ("kind", "xp"),
    [
        ("kobold", 7),  # DMG Table 31: 'less than 1-1: 7'
        ("goblin", 15),  # '1-1 to 1: 15'
        ("orc", 15),
        ("hobgoblin", 35),  # '1+1 to 2: 35'
        ("gnoll", 35),
        ("bugbear", 120),  # '3+1 to 4: 120'
        ("ogre", 175),  # '4+1 to 5: 175'
        ("gargoyle", 175),
        ("stone_giant", 4000),  # '13 or more: 3,000 + 1,000 a Hit Die over 13'
        ("fighter1", 35),  # 'all levels as the n+1 category'
        ("fighter3", 120),
        ("militia", 7),  # 'peasants/levies as up to 1-1'
    ],
)
def test_a_foe_is_worth_the_dmg_table_31_value_of_its_hit_dice(kind, xp):
    assert xp_value(KINDS[kind]) == xp


@pytest.mark.parametrize(
    ("cls", "xp", "level"),
    [
        (W, 1999, 1),
        (W, 2000, 2),
        (W, 4000, 3),
        (P, 1500, 2),
        (P, 13_000, 5),
        (R, 1250, 2),
        (M, 2500, 2),
        (M, 19_999, 4),
    ],
)
def test_experience_earns_the_level_of_the_phb_class_tables(cls, xp, level):
    assert level_for(cls, xp, 1) == level


def test_a_member_never_falls_below_the_level_it_was_hired_at_and_stops_at_the_tables_top():
    assert level_for(W, 0, 3) == 3  # a 3rd-level fighter hired with the experience of a 1st
    assert level_for(W, 10**8, 1) == 10
    assert xp_to_next(W, 10) is None
    assert xp_to_next(W, 2) == 4000


def test_spells_by_level_follow_phb_tables_21_and_24_and_agree_with_the_rows_rules_md_quotes():
    # docs/rules.md#magic: 'a wizard of level 1 one first-level spell; of level 3 two first-level and
    # one second-level; of level 5 four, two and one. A priest ... of level 5 three, three and one.'
    assert spell_row(M, 1) == (1,) and spell_row(M, 3) == (2, 1) and spell_row(M, 5) == (4, 2, 1)
    assert spell_row(P, 3) == (2, 1) and spell_row(P, 5) == (3, 3, 1)
    assert spell_row(M, 2) == (2,) and spell_row(P, 4) == (3, 2)
    assert spell_row(W, 5) == ()
