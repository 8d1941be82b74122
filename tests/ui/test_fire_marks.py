"""Issue 37, item 6: Fire mode did not show who could be shot, and two of a newcomer's first shots
were refused after the click ("cannot see Orc 3"). Before any click, each foe in range and sight
is marked with its chance to hit, and each foe in range but out of sight is greyed under a
crossed eye; the marks are the battle's own answers, so every marked foe is a shot the battle
takes and every other foe one it refuses."""

from __future__ import annotations

import pygame
import pytest

from game.core.commands import Action, Command, Illegal
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import widgets
from game.ui.draw.shot_marks import marks
from tests.helpers import unit
from tests.ui.drive import app, key, on_board, settle

WALL = {(x, y): True for x in (5, 6) for y in range(7, 12)}


def _range_board(a) -> BattleScreen:
    """An archer (long range 30 squares); a wall cuts its sight of one orc."""
    units = [
        unit("a", "blue", "archer", (1, 5), "E"),
        unit("b", "red", "orc", (10, 5), "W"),  # short range, in sight
        unit("c", "red", "orc", (10, 10), "W"),  # in range, behind the wall
        unit("d", "red", "orc", (36, 5), "W"),  # beyond long range
        unit("e", "red", "orc", (24, 1), "W"),  # long range, in sight
    ]
    s = on_board(a, units, [10, 1, 1, 1, 1], width=40, height=12, blocks_sight=WALL, move_cost={sq: 0 for sq in WALL})
    settle(a, s)
    return s


def _words_drawn(a, s: BattleScreen, monkeypatch) -> set[str]:
    """Every word the next frame renders."""
    drawn: set[str] = set()
    real = widgets.rendered

    def spy(words, *args, **kw):
        drawn.add(words)
        return real(words, *args, **kw)

    monkeypatch.setattr(widgets, "rendered", spy)
    a.step(0.016)
    monkeypatch.setattr(widgets, "rendered", real)
    return drawn


def _token_pixels(a, s: BattleScreen, uid: str) -> list:
    u = s.battle.world[uid]
    r = s.map_rect()
    x, y = s.camera.to_screen(u.pos[0], u.pos[1])
    size = s.camera.size
    a.step(0.016)
    return [tuple(a.canvas.get_at((r.x + x + dx, r.y + y + dy))) for dx in range(2, size - 2, 3) for dy in (size // 2,)]


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_fire_mode_marks_each_shot_with_its_chance_and_greys_a_foe_out_of_sight_before_any_click(monkeypatch, scale):
    a = app() if scale == 1.0 else _scaled(scale)
    s = _range_board(a)
    s.camera.fit_map()  # every orc in view
    plain = _token_pixels(a, s, "c")
    key(a, pygame.K_f)
    assert s.hover_sq is None or s.battle.world.at(s.hover_sq) is None, "nothing pointed at, nothing clicked"
    legal = s.legal
    assert set(legal.missile) == {"b", "e"} and legal.unseen == ("c",)
    drawn = _words_drawn(a, s, monkeypatch)
    for t, o in legal.missile.items():
        assert f"{round(o.chance * 100)}%" in drawn, t
    assert _token_pixels(a, s, "c") != plain, "the orc behind the wall is greyed under a crossed eye"
    assert s.battle.world["d"].pos and "d" not in {m.uid for m in marks(s)}, "beyond range: no mark"


def _scaled(scale: float):
    from game.ui.app import App  # noqa: PLC0415

    a = App((2048, 1200), headless=True)
    a.settings = a.settings.changed(ui_scale=scale)
    a.refit()
    return a


def _accepted(s: BattleScreen, target: str) -> bool:
    b = s.battle.copy()
    try:
        b.apply(Command(Action.FIRE, "a", target=target))
    except Illegal:
        return False
    return True


def test_every_marked_foe_is_a_shot_the_battle_takes_and_every_other_foe_one_it_refuses():
    a = app()
    s = _range_board(a)
    key(a, pygame.K_f)
    shown = marks(s)
    shots = {m.uid for m in shown if m.chance is not None}
    unseen = {m.uid for m in shown if m.chance is None}
    foes = [u.id for u in s.battle.world.units.values() if u.side != "blue"]
    assert shots == {"b", "e"} and unseen == {"c"}
    for foe in foes:
        assert _accepted(s, foe) == (foe in shots), foe
    b = s.battle.copy()
    with pytest.raises(Illegal, match="cannot see"):
        b.apply(Command(Action.FIRE, "a", target="c"))
