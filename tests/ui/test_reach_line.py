"""A melee blow across a wall's corner is drawn (game/ui/draw/draw_reach.py): docs/rules.md,
"Reach and threatened squares": "Walls and trees do not block melee", so the board shows the
blow's line and says why it lands (issue 22: a set spear met a skeleton across a wall corner
with nothing on the board to say why)."""

from __future__ import annotations

import pytest

from game.core.terrain import Terrain
from game.ui.draw import draw_reach
from tests.helpers import unit
from tests.ui.drive import app, hover, on_board, screen_pos, settle

CORNER = {(5, 4): True, (4, 5): True}  # the two squares beside the diagonal from (4, 4) to (5, 5)


def pointed_at_the_foe(walls: dict) -> tuple:
    a = app()
    units = [unit("a", "blue", "fighter1", (4, 4), "SE"), unit("b", "red", "orc", (5, 5), "NW")]
    s = on_board(a, units, [10, 1], width=10, height=9, blocks_sight=walls)
    settle(a, s)
    assert s.human_turn() and s.battle.pending().side == "blue"
    hover(a, screen_pos(s, (5, 5)))
    assert draw_reach.blow_shown(s) == ("a", "b")  # a click strikes it from where the fighter stands
    return a, s


def test_a_blow_round_a_wall_corner_is_drawn_with_its_reason():
    a, s = pointed_at_the_foe(CORNER)
    a.window.fill((0, 0, 0))
    s.draw(a.window)
    box = draw_reach.draw_reach_line(s, a.window, s.map_rect())
    assert box is not None and s.map_rect().contains(box)
    mid = screen_pos(s, (4, 4))[0] + s.camera.size // 2, screen_pos(s, (4, 4))[1] + s.camera.size // 2
    near = {tuple(a.window.get_at((mid[0] + i, mid[1] + j)))[:3] for i in range(-2, 3) for j in range(-2, 3)}
    from game.ui.common import theme  # noqa: PLC0415

    assert theme.HIGHLIGHT in near, "the line crosses the corner between the two"


def test_a_blow_in_the_open_draws_no_such_line():
    a, s = pointed_at_the_foe({})
    assert draw_reach.draw_reach_line(s, a.window, s.map_rect()) is None


@pytest.mark.parametrize(
    ("walls", "a", "b", "across"),
    [
        ({(5, 4): True}, (4, 4), (5, 5), True),  # one wall beside the diagonal is its corner
        ({}, (4, 4), (5, 5), False),
        ({(5, 4): True}, (4, 4), (4, 6), False),  # the wall is off the line
        ({(5, 4): True}, (4, 4), (6, 4), True),  # a wall on a two-square reach's line
    ],
)
def test_across_walls(walls, a, b, across):
    t = Terrain.open_field(10, 10).with_squares(blocks_sight=walls)
    assert draw_reach.across_walls(t, a, 1, b, 1) is across
