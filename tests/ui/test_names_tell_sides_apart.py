"""Issue 22, Major 3: both sides' units told apart in every text. The duel gives each side a
'fighter_2', a 'priest' and a 'hero': the log said "Fighter 2 charges Fighter 2"."""

from __future__ import annotations

from pathlib import Path

from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common.combat_log import display_names
from tests.ui.drive import app

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.tmx"


def test_a_name_two_sides_share_is_tagged_with_the_side_and_a_lone_one_is_left_plain():
    names = display_names([("red_fighter_2", "red"), ("blue_fighter_2", "blue"), ("red_orc_1", "red")])
    assert names == {"red_fighter_2": "Red Fighter 2", "blue_fighter_2": "Blue Fighter 2", "red_orc_1": "Orc 1"}


def test_every_unit_of_the_duel_has_a_name_of_its_own_in_the_log():
    a = app()
    s = BattleScreen(a, load_scenario(DUEL), seed=3, controllers={"blue": "ai", "red": "ai"}, threaded=False)
    s.speed_i = 4
    a.show(s)
    names = s.session.names
    assert len(set(names.values())) == len(names)
    for _ in range(2000):
        if any(len({s.session.side_of[u] for u in line.ids}) > 1 for line in s.log):
            break
        a.step(0.05)
    both = [line for line in s.log if len({s.session.side_of[u] for u in line.ids}) > 1]
    assert both, "no line of the log names units of both sides"
    for line in both:
        for uid in line.ids:
            assert names[uid] in line.words


def test_a_kind_keys_level_is_left_out_of_a_name_unless_two_of_a_side_would_share_it():
    """Issue 22: "Fighter1 2" showed the kind key 'fighter1'."""
    names = display_names(
        [("blue_fighter1_2", "blue"), ("blue_wizard5", "blue"), ("blue_orc1_1", "blue"), ("blue_orc2_1", "blue")]
    )
    assert names == {
        "blue_fighter1_2": "Fighter 2",
        "blue_wizard5": "Wizard",
        "blue_orc1_1": "Orc1 1",
        "blue_orc2_1": "Orc2 1",
    }
