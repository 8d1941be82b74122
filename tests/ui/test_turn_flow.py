"""Issue 22, "Turn flow" and "Big maps": N picks the next creature that may act, L lists the
side's creatures with who has acted, Shift+E ends the rest of the side's turn after a question,
Z fits the whole map, and a map larger than its view has a minimap that moves the view."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.events import Hold
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.draw import minimap, roster_panel
from tests.helpers import unit
from tests.ui.drive import app, click, key, on_board, settle

BATTLE = Path(__file__).resolve().parents[2] / "maps" / "battle.tmx"
GROUP = {"initiative": "group"}


def _three_blue(a, options=None, script=(1, 10), width=10, height=9) -> BattleScreen:
    units = [
        unit("a1", "blue", "fighter1", (1, 1), "E"),
        unit("a2", "blue", "fighter1", (1, 4), "E"),
        unit("a3", "blue", "fighter1", (1, 7), "E"),
        unit("b", "red", "orc", (width - 1, height - 1), "W"),
    ]
    s = on_board(a, units, list(script), options=options or {}, width=width, height=height)
    settle(a, s)
    return s


def _centre_seen(s: BattleScreen, uid: str) -> tuple[float, float]:
    cam, u = s.camera, s.battle.world[uid]
    return cam.to_screen(u.pos[0] + 0.5, u.pos[1] + 0.5)


def test_n_picks_the_next_creature_of_the_side_that_may_act_and_shift_n_the_one_before():
    """Group initiative: 'all its creatures act together', so the player picks which; N walks them."""
    a = app()
    s = _three_blue(a, GROUP)
    assert s.battle.pending().units == ["a1", "a2", "a3"] and s.selected == "a1"
    key(a, pygame.K_n)
    assert s.selected == "a2"
    key(a, pygame.K_n)
    key(a, pygame.K_n)
    assert s.selected == "a1", "N comes round to the first again"
    key(a, pygame.K_n, pygame.KMOD_SHIFT)
    assert s.selected == "a3"
    key(a, pygame.K_h)  # a3 holds: it has acted
    settle(a, s)
    key(a, pygame.K_n)
    key(a, pygame.K_n)
    assert s.selected in ("a1", "a2") and "a3" not in s.battle.pending().units


def test_the_roster_says_who_has_acted_and_a_click_on_a_row_picks_that_creature():
    a = app()
    s = _three_blue(a, GROUP)
    key(a, pygame.K_h)  # a1 holds
    settle(a, s)
    key(a, pygame.K_l)
    rows = {uid: state for uid, state, _ in roster_panel.rows(s)}
    assert rows == {"a1": "acted", "a2": "acting", "a3": "acting"}
    a3 = next(r for uid, _, r in roster_panel.rows(s) if uid == "a3")
    click(a, a3.center)
    assert s.selected == "a3"
    key(a, pygame.K_l)
    assert roster_panel.rows(s) == [], "L closes it again"


def test_shift_e_asks_first_and_on_yes_every_creature_left_of_the_side_holds_this_round():
    """Individual initiative (blue's creatures act between red's): after Shift+E and yes, each
    blue creature holds as its turn comes, with a log line each, until the round's end."""
    a = app()
    s = _three_blue(a, script=(9, 5, 1, 7))  # a1 9, a2 5, a3 1, b 7: a1, b, a2, a3
    assert s.selected == "a1"
    key(a, pygame.K_e, pygame.KMOD_SHIFT)
    assert s.question and "3 creatures" in s.question
    key(a, pygame.K_ESCAPE)
    assert s.question is None and s.ending is None and s.battle.pending().unit == "a1", "no: nothing ends"
    key(a, pygame.K_e, pygame.KMOD_SHIFT)
    click(a, (5, 100))
    assert s.question is None and s.ending is None, "a click answers no"
    key(a, pygame.K_e, pygame.KMOD_SHIFT)
    key(a, pygame.K_RETURN)
    for _ in range(400):
        if s.battle.round == 2:
            break
        a.step(0.05)
    held = [e.id for e in s.battle.events if isinstance(e, Hold)]
    assert held == ["a1", "a2", "a3"]
    settle(a, s)  # round 2: the player plays blue again
    assert s.battle.round == 2 and s.battle.pending().side == "blue" and s.human_turn()
    assert sum(isinstance(e, Hold) for e in s.battle.events) == 3


def test_z_fits_the_whole_map_and_a_map_larger_than_the_view_has_a_minimap_that_moves_it():
    """At 1024x600 the Two Fords do not fit at zoom 1 (issue 22: 'the map is cropped')."""
    a = App((1024, 600), headless=True)
    s = BattleScreen(a, load_scenario(BATTLE), seed=1, controllers={"blue": "human", "red": "ai"}, threaded=False)
    a.show(s)
    a.step(0.016)
    box = minimap.rect(s)
    assert box is not None and not s.camera.shows_all
    before = (s.camera.x, s.camera.y)
    click(a, (box.right - 3, box.bottom - 3))  # the map's far corner
    assert (s.camera.x, s.camera.y) != before and s.camera.x > before[0]
    key(a, pygame.K_z)
    assert s.camera.shows_all and minimap.rect(s) is None


def test_a_map_that_fits_has_no_minimap():
    a = app()
    s = _three_blue(a)
    assert s.camera.shows_all and minimap.rect(s) is None


def test_the_view_opens_on_every_creature_when_they_fit_at_three_quarters_or_more():
    a = app()
    s = _three_blue(a, width=36, height=20)  # too big at zoom 1, not at 0.75
    for uid in ("a1", "a2", "a3", "b"):
        x, y = _centre_seen(s, uid)
        assert 0 <= x < s.camera.view_w and 0 <= y < s.camera.view_h, uid
    assert s.camera.zoom == 0.75


def test_the_replay_viewer_fits_the_map_with_z_and_its_minimap_moves_the_view():
    """Issue 22: `rout replay` on battle.tmx opened on empty ground, with no way to see the whole map."""
    from game.ui.viewer.takeover import viewer_of_played  # noqa: PLC0415

    a = App((1024, 600), headless=True)
    played = BattleScreen(a, load_scenario(BATTLE), seed=1, controllers={"blue": "ai", "red": "ai"}, threaded=False)
    v = viewer_of_played(played)
    a.show(v)
    a.step(0.016)
    box = minimap.rect(v.stage)
    assert box is not None
    before = v.stage.camera.x
    click(a, (box.right - 3, box.centery))
    assert v.stage.camera.x > before
    key(a, pygame.K_z)
    assert v.stage.camera.shows_all and minimap.rect(v.stage) is None
