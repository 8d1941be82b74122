"""Issue 22: the move card counted cost ("cost 6") where the log counts squares ("moves 5")."""

from __future__ import annotations

from game.ui.draw import draw_panels
from tests.helpers import unit
from tests.ui.drive import app, hover, on_board, screen_pos, settle


def test_the_move_card_counts_squares_as_the_log_does_and_gives_the_cost_beside_them(monkeypatch):
    a = app()
    s = on_board(
        a,
        [unit("a", "blue", "fighter1", (2, 2), "E"), unit("o", "red", "orc", (9, 8), "W")],
        dice={"initiative a": 10, "initiative o": 1},
    )
    settle(a, s)
    said: list[str] = []
    real = draw_panels.text
    monkeypatch.setattr(
        draw_panels, "text", lambda surface, words, *args, **kw: said.append(words) or real(surface, words, *args, **kw)
    )
    hover(a, screen_pos(s, (5, 2)))
    cost = s.legal.full.costs[(5, 2)]
    kind = "half move" if (5, 2) in s.legal.half.costs else "full move: no attack"
    assert f"3 squares, {cost} of its move ({kind})" in said, said
