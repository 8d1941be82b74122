"""Issue 22: the result screen's chart had an extra round on its x-axis (a battle ended at a
round's end was sampled twice) and no scale on its y-axis."""

from __future__ import annotations

from game.core.battle import Battle
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common.stats import strength_by_round
from game.ui.menus.result import ResultScreen
from tests.helpers import ScriptedRng, board, cmd, unit
from tests.ui.drive import app

UNITS = [unit("a", "blue", "fighter1", (2, 2), "E"), unit("o", "red", "orc", (8, 6), "W")]


def _ended_at_max_rounds():
    sc = board(UNITS, options={"max_rounds": 1})
    b = Battle(sc, seed=1, rng=ScriptedRng([10, 1]))
    b.apply(cmd("hold", "a"))
    b.apply(cmd("hold", "o"))
    assert b.over and b.events[-1].rounds == 1 and b.events[-1].reason == "max_rounds"
    return sc, b


def test_a_battle_ended_at_a_rounds_end_has_one_point_more_than_its_rounds():
    series = strength_by_round(_ended_at_max_rounds()[1].events)
    assert {side: len(v) for side, v in series.items()} == {"blue": 2, "red": 2}


def test_the_chart_labels_its_rounds_and_its_strength_scale():
    a = app()
    sc, b = _ended_at_max_rounds()
    r = ResultScreen(a, BattleScreen(a, sc, controllers={"blue": "human", "red": "ai"}, threaded=False, battle=b))
    rounds, scale = r.chart_labels()
    assert rounds == ["0", "1"]
    top = max(max(v) for v in r.series.values())
    assert scale == ["0", str(round(top / 2)), str(top)]
