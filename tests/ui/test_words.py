"""The combat log in words (game/ui/common/words.py): what a line must name for a reader to follow a roll."""

from __future__ import annotations

import pygame

from game.core import events as ev
from game.core.rules.dice import Modifier, Roll
from game.ui.battle.undo_control import action_words
from game.ui.common.words import describe
from tests.helpers import unit
from tests.ui.drive import app, key, on_board, settle

NAMES = {"o": "Orc 1", "f": "Fighter", "g": "Gnoll"}


def test_a_morale_check_names_every_modifier_it_adds_up():
    """Issue: 'morale lines show unnamed numbers ("2d10 = 2 vs 12 − 4 − 2")'."""
    e = ev.MoraleCheck(
        round=2,
        id="o",
        system="adnd2e",
        trigger="quarter_fallen",
        triggers=("quarter_fallen",),
        roll=Roll("2d10", (1, 1), 0, 2),
        rating=12,
        modifiers=(Modifier("outnumbered", -4), Modifier("no_enemy_slain", -2)),
        result="pass",
        margin=-4,
    )
    assert describe(e, NAMES) == (
        "Orc 1 morale (quarter fallen): 2d10 = 2 vs 12 − 4 (outnumbered) − 2 (no enemy slain) (= 6): passes, holds"
    )


def test_a_second_push_on_the_same_foe_is_said_with_whom_it_gave_ground_to():
    e = ev.RetreatRefused(round=1, id="o", by="g", reason="already_retreated", detail="f")
    assert describe(e, NAMES) == "Orc 1 has already given ground to Fighter: Gnoll cannot drive it back too"


def test_every_turn_is_in_the_log_so_a_final_facing_is_never_hidden():
    """Issue: 'Priest moves to (9,6), facing NE' after the player chose E: the turn that follows is
    a line of its own, the AI's as well."""
    move = ev.Move(round=1, id="f", path=((8, 7), (9, 6)), facing="NE")
    turn = ev.Turn(round=1, id="f", facing="E")
    assert [describe(move, NAMES), describe(turn, NAMES)] == [
        "Fighter moves 1 to (9, 6), facing NE",
        "Fighter turns to face E",
    ]


def test_hold_and_end_turn_write_a_line_in_the_log():
    """Issue 22: H and End turn wrote nothing, so "Cannot undo: Orc leader has acted since"
    pointed at no line of the log."""
    a = app()
    s = on_board(a, [unit("a", "blue", "fighter1", (2, 2), "E"), unit("o", "red", "orc", (8, 6), "W")], [10, 1])
    settle(a, s)
    assert s.battle.pending().unit == "a"
    key(a, pygame.K_h)
    settle(a, s)
    assert any(line.words == "A holds: ends its turn where it stands" and line.ids == ["a"] for line in s.log)


def _blow(total: int) -> ev.Attack:
    return ev.Attack(
        round=1,
        id="f",
        target="o",
        kind="melee",
        weapon="long_sword",
        arc="front",
        roll=Roll("1d20", (15,), 0, 15),
        modifiers=(),
        needed=12,
        hit=True,
        damage=4,
        purpose="attack",
        damage_roll=Roll("1d8", (4,), 0, 4),
        knockdown_roll=Roll("1d8", (total,), 0, total),
        knockdown_needed=7,
    )


def test_a_knockdown_roll_says_whether_it_reached_the_targets_number():
    """Issue 22: "knockdown 1d8 = 8 vs 7" with no verdict. 'If it reaches the target's number ...
    saves ... or falls prone' (docs/rules.md#knockdown-and-prone)."""
    assert describe(_blow(8), NAMES).endswith("; knockdown 1d8 = 8 vs 7: reached: a save or it falls")
    assert describe(_blow(3), NAMES).endswith("; knockdown 1d8 = 3 vs 7: short: it stays up")


def test_an_undone_offer_of_quarter_is_not_said_as_if_the_offerer_surrendered():
    """Issue 22: "Undone: Dwarf's surrender offered" read as if the dwarf had surrendered."""
    offered = ev.SurrenderOffered(round=1, id="f", target="o")
    assert action_words([offered]) == "offer of quarter"
    assert action_words([ev.Move(round=1, id="f", path=((1, 1), (2, 1)), facing="E")]) == "move"
