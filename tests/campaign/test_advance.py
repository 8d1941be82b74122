"""Experience and levels carried into battle (game/campaign/advance.py): a level gained raises hit
points by the class's die, and THAC0, saves and spells by the tables docs/rules.md uses."""

from __future__ import annotations

from dataclasses import replace

from game.campaign.advance import gain, in_battle, memorised, spell_book
from game.core.rules.dice import Rng
from game.core.rules.tables import save_vs_paralyzation, save_vs_spell, thac0
from tests.campaign.helpers import member, salt_road

SPEC, S = salt_road()


def test_a_fighter_reaching_the_3rd_level_rolls_a_d10_and_its_con_bonus_for_each_level():
    # PHB: 'roll the Hit Die of the class ... add the Constitution adjustment'; fighter1 has Con 14 (+0).
    aldo = member("fighter1", s=S)
    rng, twin = Rng(7), Rng(7)
    up = gain(aldo, 4000 - aldo.xp, S.kinds["fighter1"], rng)
    assert up.level == 3 and up.xp == 4000
    rolled = twin.die(10) + twin.die(10)
    assert up.hp_max == aldo.hp_max + rolled and up.hp == up.hp_max


def test_a_wounded_member_keeps_its_wounds_when_it_goes_up_a_level():
    aldo = replace(member("fighter1", s=S), hp=4)
    up = gain(aldo, 2000, S.kinds["fighter1"], Rng(1))
    assert up.level == 2 and up.hp_max - up.hp == 9 - 4


def test_too_little_experience_changes_no_level_and_rolls_no_die():
    rng = Rng(3)
    up = gain(member("thief", s=S), 100, S.kinds["thief"], rng)
    assert up.level == 2 and up.xp == 1350 and rng.draws == 0


def test_the_creature_in_battle_fights_saves_and_casts_at_the_members_level():
    # docs/rules.md#thac0: warrior 21 - level; #saving-throws: warrior 3-4 vs paralyzation 13, vs spell 16.
    aldo = replace(member("fighter1", s=S), level=4, hp_max=30, hp=30)
    kind = in_battle(aldo, S.kinds["fighter1"], S.book)
    assert thac0(kind) == 17 and save_vs_paralyzation(kind) == 13 and save_vs_spell(kind) == 16
    assert kind.hp == 30 and kind.key == "fighter1"
    assert thac0(S.kinds["fighter1"]) == 20  # the catalogue's kind is left as it was


def test_a_wizard_gaining_levels_memorises_the_phb_rows_from_its_own_spells_first():
    # PHB Table 21: level 2 two first-level spells; level 3 two and one. The apprentice knows magic
    # missile; its second-level slot takes the book's first wizard spell of that level.
    wizard = S.kinds["wizard"]
    assert memorised(wizard, 2, S.book) == ("magic_missile", "magic_missile")
    assert memorised(wizard, 3, S.book) == ("magic_missile", "magic_missile", "melfs_acid_arrow")
    dagna = replace(member("wizard", "Dagna", s=S), level=3)
    assert in_battle(dagna, wizard, S.book).spells == ("magic_missile", "magic_missile", "melfs_acid_arrow")


def test_a_priest_at_the_3rd_level_memorises_two_first_and_one_second_level_spell():
    book = spell_book()
    spells = memorised(S.kinds["priest"], 3, book)
    assert [book[k][1] for k in spells] == [1, 1, 2]
    assert spells[:2] == ("bless", "bless")  # its own first-level spell, over again
