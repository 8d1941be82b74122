"""Numbers from the books: THAC0, saves, fatigue points (docs/rules.md#thac0, #saving-throws, #fatigue)."""

from game.core.rules.fatigue import EXHAUSTED, FATIGUED, FRESH, check_off, fatigue_points
from game.core.rules.tables import con_hp_adjustment, knockdown_die, save_vs_paralyzation, thac0
from tests.helpers import kind


def test_seed_fatigue_examples_warrior_10_thief_6_ogre_12():
    """'a warrior has 10 fatigue points, a thief 6 ... an ogre (4+1 Hit Dice) has 12'."""
    assert fatigue_points(kind("fighter1", con=12)) == 10
    assert fatigue_points(kind("thief", con=12, level=1)) == 6
    assert fatigue_points(kind("ogre")) == 12


def test_fatigue_grows_with_level_and_constitution():
    """'Warriors gain one additional fatigue point each time they gain a level; nonwarriors
    gain one fatigue point every two levels ... modified by the hit-point bonus ... for Constitution.'"""
    assert fatigue_points(kind("fighter1", level=3, con=12)) == 12
    assert fatigue_points(kind("thief", level=3, con=12)) == 7
    assert fatigue_points(kind("fighter1", con=18)) == 14
    assert fatigue_points(kind("thief", level=1, con=18)) == 8
    assert fatigue_points(kind("kobold")) == 8  # 8 + 1/2 HD rounded down


def test_check_off_one_a_phase_then_two_once_fatigued_then_exhausted():
    """'When the total reaches 0 ... fatigued. Reset ... and check off two points in every phase
    ... When the score reaches 0 again, the creature is exhausted.'"""
    assert check_off(10, FRESH, 10, 9) == (1, FRESH)
    assert check_off(10, FRESH, 10, 10) == (10, FATIGUED)
    assert check_off(10, FATIGUED, 10, 4) == (2, FATIGUED)
    assert check_off(10, FATIGUED, 10, 5) == (0, EXHAUSTED)
    assert check_off(0, EXHAUSTED, 10, 3) == (0, EXHAUSTED)


def test_thac0_by_class_and_hit_dice():
    assert thac0(kind("fighter1")) == 20
    assert thac0(kind("fighter3")) == 18
    assert thac0(kind("priest", level=4)) == 18
    assert thac0(kind("thief", level=3)) == 19
    assert thac0(kind("wizard", level=4)) == 19
    assert thac0(kind("orc")) == 19  # 1 HD
    assert thac0(kind("goblin")) == 20  # 1-1 HD fights as under 1 HD
    assert thac0(kind("ogre")) == 17  # 4+1
    assert thac0(kind("ogre", hd_bonus=3)) == 15  # +3 bonus hp counts one more HD


def test_saves_vs_paralyzation():
    assert save_vs_paralyzation(kind("fighter1")) == 14
    assert save_vs_paralyzation(kind("priest", level=4)) == 9
    assert save_vs_paralyzation(kind("ogre", hd=5, hd_bonus=6)) == 10  # 5+6 saves as 7th level


def test_constitution_adjustment_and_knockdown_die_steps():
    assert con_hp_adjustment(17, True) == 3 and con_hp_adjustment(17, False) == 2
    assert con_hp_adjustment(5, True) == -1
    assert knockdown_die(8, "M") == 8
    assert knockdown_die(8, "L") == 10  # one step per size above M
    assert knockdown_die(12, "H") == 20
