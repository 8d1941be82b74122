"""Each lesson map, played AI against AI, shows its mechanic in most games.

Every lesson is played over 8 seeds with the baseline AI on both sides
(game.play.runner.play on game.core.battle.Battle); its mechanic must appear in the
event log in at least 5 of them. The maps are staged for this by
tools/make_maps.py; maps/README.md says what each one teaches.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from game.core.battle import Battle
from game.play.runner import play
from game.scenario.tiled import load_scenario
from tests.helpers import as_json

MAPS = Path(__file__).resolve().parents[2] / "maps"
SEEDS = range(1, 9)
NEEDED = 5


@cache
def _logs(name: str) -> tuple[tuple[dict, ...], ...]:
    """The event logs of the lesson over SEEDS, played once per test session."""
    scenario = load_scenario(MAPS / name)
    logs = []
    for seed in SEEDS:
        battle = play(Battle(scenario, seed=seed))
        assert battle.over, f"{name} seed {seed} did not finish"
        logs.append(tuple(as_json(battle.events)))
    return tuple(logs)


def _events(name: str):
    return list(_logs(name))


def _count(name: str, shows) -> list[int]:
    """The seeds whose event log shows the mechanic."""
    return [seed for seed, events in zip(SEEDS, _events(name), strict=True) if shows(events)]


def _assert_shows(name: str, mechanic: str, shows) -> None:
    seeds = _count(name, shows)
    assert len(seeds) >= NEEDED, (
        f"{name}: {mechanic} showed in {len(seeds)} of {len(SEEDS)} seeds ({seeds}); needed {NEEDED}"
    )


def _any(events, type_: str, **fields) -> bool:
    return any(
        e["type"] == type_
        and all((e.get(k) in v) if isinstance(v, (set, frozenset)) else e.get(k) == v for k, v in fields.items())
        for e in events
    )


def test_lesson_retreat_rear_shows_a_retreat_into_a_rear_space():
    _assert_shows("lesson_retreat_rear.tmx", "retreat into a rear space", lambda ev: _any(ev, "retreat", space="rear"))


def test_lesson_retreat_flank_shows_a_retreat_into_a_flank_space():
    _assert_shows(
        "lesson_retreat_flank.tmx",
        "retreat into a flank space (rear walled)",
        lambda ev: _any(ev, "retreat", space="flank"),
    )


def test_lesson_surrounded_shows_save_or_knockdown_with_no_space():
    def shows(ev):
        return _any(ev, "knockdown", cause="no_retreat_space") or _any(
            ev, "retreat_refused", reason="stood_fast", detail="no_space"
        )

    _assert_shows("lesson_surrounded.tmx", "surrounded: stood fast or knocked down", shows)


def test_lesson_giant_shows_the_giant_refusing_to_retreat():
    _assert_shows(
        "lesson_giant.tmx",
        "retreat refused by level or size",
        lambda ev: _any(ev, "retreat_refused", id="red_stone_giant", reason={"level", "size"}),
    )


def test_lesson_hazards_shows_a_push_into_a_hazard_or_standing_fast():
    hazards = {"cliff", "fire", "pit"}

    def shows(ev):
        return _any(ev, "retreat", hazard=hazards) or _any(ev, "retreat_refused", reason="stood_fast", detail=hazards)

    _assert_shows("lesson_hazards.tmx", "pushed into a hazard, or stood fast at its edge", shows)
    # Across the seeds both outcomes, and more than one kind of hazard, show.
    logs = _events("lesson_hazards.tmx")
    assert any(_any(ev, "retreat", hazard=hazards) for ev in logs)
    assert any(_any(ev, "retreat_refused", reason="stood_fast", detail=hazards) for ev in logs)


def test_lesson_flanking_shows_flank_and_rear_attacks():
    _assert_shows(
        "lesson_flanking.tmx", "attacks from the flank or rear", lambda ev: _any(ev, "attack", arc={"flank", "rear"})
    )
    logs = _events("lesson_flanking.tmx")
    assert any(_any(ev, "attack", arc="flank") for ev in logs)
    assert any(_any(ev, "attack", arc="rear") for ev in logs)


def test_lesson_initiative_shows_simultaneous_action():
    def shows(ev):
        return any(e["type"] == "initiative" and any(len(group) > 1 for group in e["order"]) for e in ev)

    _assert_shows("lesson_initiative.tmx", "equal Dex acting simultaneously", shows)


def test_lesson_first_strike_shows_the_giant_striking_hambone_first():
    _assert_shows(
        "lesson_first_strike.tmx",
        "first-round reach/size strike on Hambone",
        lambda ev: _any(ev, "first_strike", id="red_stone_giant", against="hambone"),
    )


def test_lesson_fatigue_shows_fatigue_exhaustion_and_recovery():
    _assert_shows("lesson_fatigue.tmx", "fatigued", lambda ev: _any(ev, "fatigue", state="fatigued"))
    _assert_shows("lesson_fatigue.tmx", "exhausted", lambda ev: _any(ev, "fatigue", state="exhausted"))
    _assert_shows("lesson_fatigue.tmx", "recovery by resting", lambda ev: _any(ev, "recover"))


def test_lesson_morale_adnd2e_shows_a_failed_check_and_flight():
    _assert_shows(
        "lesson_morale_adnd2e.tmx",
        "adnd2e morale failed into flight",
        lambda ev: _any(ev, "morale_check", system="adnd2e", result="flee") and _any(ev, "flee"),
    )


def test_lesson_morale_ose_shows_a_failed_check_and_flight():
    _assert_shows(
        "lesson_morale_ose.tmx",
        "ose morale failed into flight",
        lambda ev: _any(ev, "morale_check", system="ose", result="flee") and _any(ev, "flee"),
    )


def test_lesson_force_march_column_starts_fatigued_and_ends_exhausted():
    name = "lesson_force_march.tmx"
    marched = {p.id for p in load_scenario(MAPS / name).units if p.force_marched}
    assert marched, "the column must be force-marched"
    _assert_shows(
        name,
        "force-marched unit exhausted",
        lambda ev: any(e["type"] == "fatigue" and e["id"] in marched and e["state"] == "exhausted" for e in ev),
    )
    # They start fatigued: the first fatigue event of a force-marched unit is never 'fresh'.
    for ev in _events(name):
        for uid in marched:
            first = next((e for e in ev if e["type"] == "fatigue" and e["id"] == uid), None)
            if first is not None:
                assert first["state"] in ("fatigued", "exhausted"), (uid, first)


@pytest.mark.parametrize("name", sorted(p.name for p in MAPS.glob("lesson_*.tmx")))
def test_every_lesson_says_what_to_watch(name):
    scenario = load_scenario(MAPS / name)
    assert scenario.title.startswith("Lesson: ")
    assert len(scenario.description) > 80
