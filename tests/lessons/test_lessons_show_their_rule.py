"""Every shipped lesson shows its rule in every run, whatever the seed (issue 13: "Each lesson's
mechanic shows in every run"). Each lesson map with a script (maps/README.md, "Lesson scripts")
is played over 10 seeds as `rout simulate` plays it: the script's commands, the player's own
turns as the script gives them, the AI at the script's level for every other decision. Each run
must log an event fitting each of the script's `shows`, and no scripted command may be refused."""

from __future__ import annotations

from functools import cache

import pytest

from game.core.battle import Battle
from game.home.bundled import MAPS, TEACHING_ORDER
from game.play.lesson_run import LessonRun
from game.play.runner import play
from game.scenario.lesson import script_path
from game.scenario.tiled import load_scenario

pytestmark = pytest.mark.slow

SEEDS = range(1, 11)
SCRIPTED = [stem for stem in TEACHING_ORDER if script_path(MAPS / f"{stem}.tmx").is_file()]


@cache
def _runs(stem: str) -> tuple[tuple[int, LessonRun, Battle], ...]:
    scenario = load_scenario(MAPS / f"{stem}.tmx")
    lesson = scenario.lesson
    assert lesson is not None
    out = []
    for seed in SEEDS:
        run = LessonRun(lesson)
        battle = play(Battle(scenario, seed=seed), dict.fromkeys(scenario.sides, lesson.opponent), script=run)
        out.append((seed, run, battle))
    return tuple(out)


@pytest.mark.parametrize("stem", SCRIPTED)
def test_the_lesson_shows_its_rule_in_every_seed(stem):
    missed = {seed: [m.words() for m in run.missing(battle)] for seed, run, battle in _runs(stem)}
    assert not {s: m for s, m in missed.items() if m}, f"{stem}: not shown in these seeds"


@pytest.mark.parametrize("stem", SCRIPTED)
def test_the_lesson_the_window_plays_shows_its_rule(stem):
    """The window plays the script's own seed under the dice it was chosen with (`dice`)."""
    scenario = load_scenario(MAPS / f"{stem}.tmx")
    lesson = scenario.lesson
    assert lesson is not None
    run = LessonRun(lesson)
    battle = play(
        Battle(scenario, seed=lesson.seed, dice=lesson.dice), dict.fromkeys(scenario.sides, lesson.opponent), script=run
    )
    assert battle.over
    assert [m.words() for m in run.missing(battle)] == [] and run.skipped == []


@pytest.mark.parametrize("stem", SCRIPTED)
def test_no_scripted_command_is_refused(stem):
    refused = {seed: [f"{s.unit} {s.do.action}: {why}" for s, why in run.skipped] for seed, run, _ in _runs(stem)}
    assert not {s: r for s, r in refused.items() if r}, f"{stem}: steps refused"


@pytest.mark.parametrize("stem", SCRIPTED)
def test_the_lesson_opens_with_a_card_and_gives_the_player_a_turn(stem):
    lesson = load_scenario(MAPS / f"{stem}.tmx").lesson
    assert lesson is not None
    assert any(c.at == "start" for c in lesson.cards), "a card at the start says what the lesson is about"
    assert any(s.yours for s in lesson.steps), "the player does the thing at least once"
    assert any(c.on is not None or c.due is not None for c in lesson.cards), "a card explains what happened"


def test_every_lesson_of_the_menu_has_a_script():
    assert list(TEACHING_ORDER) == SCRIPTED
    assert sorted(p.stem for p in MAPS.glob("lesson_*.tmx")) == sorted(TEACHING_ORDER)
