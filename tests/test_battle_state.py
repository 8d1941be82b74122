"""A battle's state, saved and restored (issue 41, "a save keeps the battle's state as it stands"):
a battle restored from its state plays on exactly as the battle it was taken from, whatever the
moment; a state from an older Rout that lacks a field takes the fresh battle's value; a state this
map's battle cannot be in is refused in one line."""

from __future__ import annotations

import dataclasses
import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.battle import Battle
from game.core.battle_state import (
    BATTLE_KEPT,
    BATTLE_REBUILT,
    CTX_KEPT,
    CTX_REBUILT,
    UNIT_REBUILT,
    StateError,
    restored,
    state_of,
)
from game.core.commands import Command
from game.core.systems.context import Ctx
from game.core.world import Unit
from game.home.bundled import MAPS
from game.play.runner import apply_all, play
from game.save.files import event_lines
from game.scenario.tiled import load_scenario

# Maps whose battles between them reach every kind of moment: group initiative, spells and
# conditions, hazards and continuing damage, charges, morale broken, three sides.
GAMES = [
    ("skirmish.tmx", 3),
    ("lesson_magic.tmx", 5),
    ("lesson_hazards.tmx", 1006),
    ("lesson_charge.tmx", 2),
    ("lesson_poison.tmx", 4),
    ("melee3.tmx", 7),
    ("lesson_morale_ose.tmx", 9),
]


@cache
def _played(map_name: str, seed: int) -> tuple[Command, ...]:
    commands: list[Command] = []
    play(Battle(load_scenario(MAPS / map_name), seed=seed), {}, played=commands)
    return tuple(commands)


def _fresh(map_name: str, seed: int) -> Battle:
    return Battle(load_scenario(MAPS / map_name), seed=seed)


def _through_json(state: dict[str, object]) -> dict[str, object]:
    return json.loads(json.dumps(state))


def test_every_attribute_of_a_battle_is_kept_in_its_state_or_rebuilt_from_the_save():
    b = _fresh("skirmish.tmx", 1)
    assert set(vars(b)) == set(BATTLE_KEPT) | BATTLE_REBUILT
    assert {f.name for f in dataclasses.fields(Ctx)} == set(CTX_KEPT) | CTX_REBUILT
    assert {f.name for f in dataclasses.fields(Unit)} >= UNIT_REBUILT


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), cut=st.floats(0, 1))
def test_a_battle_restored_from_its_state_plays_on_as_the_battle_it_was_taken_from(game, cut):
    commands = _played(*game)
    k = round(cut * len(commands))
    taken = _fresh(*game)
    apply_all(taken, commands[:k])
    state = _through_json(state_of(taken))
    back = restored(_fresh(*game), state, list(taken.events))
    assert state_of(back) == state
    assert back.pending() == taken.pending()
    apply_all(taken, commands[k:])
    apply_all(back, commands[k:])
    assert event_lines(back.events) == event_lines(taken.events)
    assert back.over and back.winner == taken.winner


def test_a_field_an_older_state_lacks_keeps_the_fresh_battles_value_and_an_unknown_one_is_passed_over():
    taken = _fresh("skirmish.tmx", 3)
    apply_all(taken, _played("skirmish.tmx", 3)[:5])
    state = _through_json(state_of(taken))
    del state["trails"]
    uid = next(iter(state["units"]))
    del state["units"][uid]["rest_streak"]
    del state["rs"]["offers"]
    state["units"][uid]["a_field_from_a_newer_rout"] = 1
    state["something_new"] = {"x": 1}
    back = restored(_fresh("skirmish.tmx", 3), state, [])
    assert back.ctx.trails == {}
    assert back.world[uid].rest_streak == 0
    assert back.world[uid].hp == taken.world[uid].hp
    assert back.ctx.rs.offers == {}


def _state_with(change) -> dict[str, object]:
    taken = _fresh("skirmish.tmx", 3)
    apply_all(taken, _played("skirmish.tmx", 3)[:3])
    state = _through_json(state_of(taken))
    change(state)
    return state


def _first(state):
    return state["units"][next(iter(state["units"]))]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda s: s.update(format=2), "state: format 2 is not one this Rout reads (it reads 1)"),
        (lambda s: s["units"].update(ghost={}), 'state.units: the map has no creature "ghost"'),
        (lambda s: s["units"].pop(next(iter(s["units"]))), "is missing"),
        (lambda s: _first(s).update(hp="lots"), 'hp: expected a whole number, not "lots"'),
        (lambda s: _first(s).update(pos=[500, 2]), "puts it off the"),
        (lambda s: _first(s).update(morale="brave"), 'expected one of steady, withdrawing, fleeing, not "brave"'),
        (lambda s: _first(s).update(conditions=[["cursed", 2]]), 'not "cursed"'),
        (lambda s: s.update(dice=[1]), "state.dice: expected the generator's state"),
        (lambda s: s.update(step_i=99), "state.step_i: 99 is not one of the round's"),
        (lambda s: s.update(steps=[[["ghost"], False]]), 'state: the map has no creature "ghost"'),
        (lambda s: s.update(winner="purple"), 'state.winner: the map has no side "purple"'),
        (lambda s: s.update(deferred=[["ghost", "ghost", 3, False, False]]), 'state: the map has no creature "ghost"'),
        (lambda s: s.update(rs=[]), "state.rs: expected an object"),
    ],
)
def test_a_state_this_maps_battle_cannot_be_in_is_refused_in_one_line(change, said):
    with pytest.raises(StateError) as e:
        restored(_fresh("skirmish.tmx", 3), _state_with(change), [])
    assert said in str(e.value)
    assert "\n" not in str(e.value)
