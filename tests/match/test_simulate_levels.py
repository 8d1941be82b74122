"""`rout simulate` measures levels honestly (issue 36, item 6): --swap swaps on generated fields
too (it was silently ignored there: every game kept one level on blue, and the JSON said
"swap": false), and a game every side plays at one level gives that level no record (it read
as a 99% "win rate")."""

from __future__ import annotations

import json

from tests.command_line import rout_here


def test_swap_with_generate_moves_the_levels_every_other_game_and_says_so():
    done = rout_here(
        "simulate", "--generate", "1-2", "--size", "16x12", "--games", "2", "--swap",
        "--ai", "blue=normal", "--ai", "red=random", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    r = json.loads(done.stdout)
    assert r["swap"] is True
    assert [g["levels"] for g in r["results"]] == [
        {"blue": "normal", "red": "random"},
        {"blue": "random", "red": "normal"},
    ] * 2
    assert r["per_level"]["normal"]["games"] == r["per_level"]["random"]["games"] == 4


def test_a_level_against_itself_has_no_record():
    done = rout_here("simulate", "duel", "--games", "2", "--ai", "blue=normal", "--ai", "red=normal", "--json")
    assert json.loads(done.stdout)["per_level"] == {}
    words = rout_here("simulate", "duel", "--games", "2", "--ai", "blue=normal", "--ai", "red=normal")
    assert "every game was one level against itself: no level's record to give" in words.stdout
    assert "level normal:" not in words.stdout
