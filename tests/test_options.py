"""Rule options are built once per battle: defaults, then the map's, then the caller's, each checked."""

from __future__ import annotations

import dataclasses
import re

import pytest

from game.core.options import OptionError, Options, declared
from tests.helpers import battle, unit


def test_later_layers_win_and_unset_options_keep_their_defaults():
    o = Options.build(["blue"], {"max_rounds": 5, "morale_system": "ose"}, {"max_rounds": 7})
    assert (o.max_rounds, o.morale_system, o.knockdown_dice) == (7, "ose", True)


@pytest.mark.parametrize(
    ("layer", "words"),
    [
        ({"max_rounds": 0}, "option max_rounds must be between 1 and 1000, not 0"),
        ({"knockdown_dice": 1}, "option knockdown_dice must be true or false (type bool), not int 1"),
        ({"surprised": "green"}, "option surprised names side 'green', which has no units"),
        ({"gravity": True}, "unknown rule option 'gravity'"),
    ],
)
def test_a_bad_option_is_refused_with_the_checks_one_line(layer, words):
    with pytest.raises(OptionError, match=re.escape(words)):
        Options.build(["blue", "red"], layer)


def test_options_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Options().max_rounds = 3  # type: ignore[misc]


def test_battle_start_lists_every_option_in_name_order():
    b = battle([unit("a", "blue", "fighter1", (1, 1)), unit("b", "red", "orc", (1, 2), "S")], options={"max_rounds": 4})
    logged = b.events[0].to_json()["options"]
    assert list(logged) == sorted(r.name for r in declared())
    assert logged["max_rounds"] == 4 and logged["morale_system"] == "adnd2e"
