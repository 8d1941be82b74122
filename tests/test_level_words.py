"""What the menus say of each AI level is what was measured (issue 36: 'each level's line gives
its measured strength and thinking time, from the figures in bench/README.md')."""

from __future__ import annotations

import re
from pathlib import Path

from game.levels import LEVEL_SHORT, LEVEL_WORDS, LEVELS, MENU_LEVELS, short, words

BENCH = Path(__file__).resolve().parent.parent / "bench" / "README.md"


def _ladder() -> dict[tuple[str, str], str]:
    """(level, the level below) -> its measured Elo, as the ladder table gives it ("+330")."""
    text = BENCH.read_text(encoding="utf-8").split("### The ladder today", 1)[1].split("\n\n", 2)[1]
    rows = re.findall(r"^\| (\w+) against (\w+) \|[^\n]*?\| ([+-]\d+) \(", text, re.MULTILINE)
    return {(a, b): elo for a, b, elo in rows}


def test_every_level_has_words():
    assert set(LEVEL_WORDS) == set(LEVEL_SHORT) == set(LEVELS)


def test_each_levels_words_give_the_elo_measured_against_the_level_below():
    ladder = _ladder()
    assert len(ladder) >= 3
    for (level, below), elo in ladder.items():
        assert f"{elo} Elo" in LEVEL_WORDS[level] or f"({elo} Elo)" in LEVEL_WORDS[level], (level, elo)
        assert below in LEVEL_WORDS[level] and (elo in LEVEL_SHORT[level] or "about" in LEVEL_SHORT[level])


def test_the_menus_ai_button_says_what_the_chosen_level_measured():
    from game.ui.menus.menu import MenuScreen  # noqa: PLC0415  # pygame, for this one test
    from tests.ui.drive import app  # noqa: PLC0415

    screen = MenuScreen(app())
    seen = {}
    for _ in MENU_LEVELS:
        (ai,) = [b for b in screen.buttons if b.label.startswith("AI: ")]
        seen[screen.ai_level] = ai.tip
        screen.next_ai_level()
    assert set(seen) == set(MENU_LEVELS)
    for level, tip in seen.items():
        assert tip.endswith(f"{level.capitalize()}: {words(level)}.")


def test_an_expert_given_more_time_says_so():
    assert "thinks 0.5 s" in words("expert") and "thinks 2 s" in words("expert:think=2")
    assert "2 s" in short("expert:think=2") and short("expert") == LEVEL_SHORT["expert"]


def test_the_expert_stays_out_of_the_menus_until_it_measures_stronger_than_hard():
    # The expert stays out of the menus until it measures stronger than hard (bench/README.md).
    assert "expert" not in MENU_LEVELS and set(MENU_LEVELS) < set(LEVELS)
