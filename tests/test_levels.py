"""An AI level as written (game/levels.py): a name, and for the expert a budget of seconds or of
playouts (issue 36: `expert:think=0.2`, `expert:playouts=N`)."""

import pytest

from game.levels import EXPERT_PLAYOUTS, Level, level_problem, parse_level, repeatable, shown
from tests.command_line import one_line_error, rout_here


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("normal", Level("normal")),
        ("expert", Level("expert")),
        ("expert:think=0.2", Level("expert", think=0.2)),
        ("expert:playouts=200", Level("expert", playouts=200)),
    ],
)
def test_a_level_reads_as_its_name_and_its_budget(text, level):
    assert parse_level(text) == level


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("nope", "unknown"),
        ("hard:think=1", "hard takes no parameters"),
        ("expert:depth=3", "expert takes think=N, playouts=N"),
        ("expert:think", "expert takes think=N"),
        ("expert:think=soon", "must be a number"),
        ("expert:playouts=0", "from 1 to 100000"),
        ("expert:think=600", "from 0.01 to 60.0"),
        ("expert:think=0.2,playouts=30", "not both"),
    ],
)
def test_a_level_written_wrong_says_what_is_wrong(text, says):
    problem = level_problem(text)
    assert problem is not None and says in problem and "\n" not in problem


def test_the_command_line_refuses_a_wrong_budget_in_one_line():
    one_line_error(rout_here("simulate", "--ai", "blue=expert:playouts=none"), "playouts must be a number")
    one_line_error(rout_here("match", "expert:think=0", "hard"), "from 0.01")


def test_the_command_line_plays_an_expert_on_a_budget_of_playouts():
    r = rout_here("simulate", "duel", "--ai", "blue=expert:playouts=4", "--ai", "red=normal", "--json")
    assert r.returncode == 0, r.stderr
    assert '"blue": "expert:playouts=4"' in r.stdout


def test_batch_games_give_a_plain_expert_a_budget_of_playouts():
    # A budget in seconds depends on the machine and its load; simulate and match must repeat.
    assert repeatable("expert") == f"expert:playouts={EXPERT_PLAYOUTS}"
    assert repeatable("expert:think=0.2") == "expert:think=0.2" and repeatable("hard") == "hard"


def test_a_level_is_shown_to_a_player_without_its_raw_parameters():
    # The first hour's "raw identifiers": a menu says `expert, 2 s`, never `expert:think=2`.
    assert shown("hard") == "hard" and shown("expert") == "expert"
    assert shown("expert:think=2") == "expert, 2 s" and shown("expert:think=0.25") == "expert, 0.25 s"
