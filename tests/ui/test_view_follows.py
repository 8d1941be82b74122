"""Issue 37, item 4: at 2x on the 64x64 three-side field the battle showed the creature acting
off screen, and N did not bring the view to it. The view keeps the creature chosen in sight when
the UI scale changes, N picks only the side's own creatures (a tie of initiative between sides
listed the others'), and the view follows the AI's moves, at every UI scale and field size."""

from __future__ import annotations

import pygame
import pytest

from game.core import events as ev
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.draw import minimap
from tests.helpers import unit
from tests.ui.drive import key, on_board, settle

SIZES = [(24, 16), (40, 30), (64, 64)]


def _window(scale: float = 1.0) -> App:
    a = App((2048, 1200), headless=True)
    a.settings = a.settings.changed(ui_scale=scale)
    a.refit()
    return a


def _seen(s: BattleScreen, uid: str) -> bool:
    """Whether the creature shows on the map's view, not under the minimap."""
    u = s.battle.world[uid]
    cam, r = s.camera, s.map_rect()
    x, y = cam.to_screen(u.pos[0], u.pos[1])
    box = pygame.Rect(r.x + x, r.y + y, cam.size * u.n, cam.size * u.n)
    mini = minimap.rect(s)
    return r.contains(box) and (mini is None or not box.colliderect(mini.inflate(6, 6)))


def _spread(a: App, width: int, height: int, controllers=None, script=(10, 1, 1)) -> BattleScreen:
    """Blue's archer on the west edge, low down, as a generated field's zone puts it; two foes
    to the east, within its long range (30 squares)."""
    ay = height * 5 // 9
    east = min(width - 3, 30)
    units = [
        unit("a", "blue", "archer", (2, ay), "E"),
        unit("r1", "red", "orc", (east, max(2, ay - 20)), "W"),
        unit("r2", "red", "orc", (east, min(height - 3, ay + 20)), "W"),
    ]
    s = on_board(a, units, list(script), controllers=controllers, width=width, height=height)
    settle(a, s)
    return s


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", [1.25, 1.5, 2.0])
def test_a_new_ui_scale_keeps_the_creature_acting_in_view(size, scale):
    a = _window()
    s = _spread(a, *size)
    assert s.selected == "a" and _seen(s, "a")
    a.settings = a.settings.changed(ui_scale=scale)  # as the settings screen changes it
    a.refit()
    a.step(0.016)
    assert _seen(s, "a"), (s.camera.x, s.camera.y, s.camera.view_w, s.camera.view_h)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_n_and_tab_bring_the_view_to_the_creature_and_its_target(size, scale):
    a = _window(scale)
    s = _spread(a, *size)
    s.camera.pan(10**6, -(10**6))  # the player looked far away
    a.step(0.016)
    key(a, pygame.K_n)
    assert s.selected == "a" and _seen(s, "a")
    key(a, pygame.K_f)
    key(a, pygame.K_TAB)
    target = s.battle.world.at(s.cursor)
    assert target in ("r1", "r2") and _seen(s, target)


def test_n_keeps_to_the_sides_creatures_when_initiative_ties_sides():
    """Three sides, every creature's initiative the same: the decision lists all three; blue's
    player may pick blue's alone (N went to green's, an AI creature, and the view with it)."""
    a = _window(2.0)
    units = [
        unit("b1", "blue", "fighter1", (2, 30), "E"),
        unit("b2", "blue", "fighter1", (2, 34), "E"),
        unit("g1", "green", "fighter1", (60, 2), "S"),
        unit("r1", "red", "fighter1", (60, 60), "N"),
    ]
    controllers = {"blue": "human", "green": "ai", "red": "ai"}
    s = on_board(a, units, [5, 5, 5, 5], controllers=controllers, width=64, height=64)
    settle(a, s)
    p = s.battle.pending()
    assert p.side == "blue" and {"g1", "r1"} <= set(p.units), "the tie lists the other sides' creatures"
    for _ in range(4):
        key(a, pygame.K_n)
        assert s.selected in ("b1", "b2") and _seen(s, s.selected)


@pytest.mark.parametrize(("size", "scale"), [((64, 64), 1.0), ((64, 64), 2.0), ((40, 30), 2.0)])
def test_the_view_follows_the_ais_move(size, scale):
    """Red's orc, far off, moves first: the view comes to it as the move is shown."""
    a = _window(scale)
    controllers = {"blue": "human", "red": "ai"}
    w, h = size
    units = [unit("a", "blue", "archer", (2, 2), "E"), unit("r", "red", "orc", (w - 3, h - 3), "W")]
    s = on_board(a, units, [1, 10], controllers=controllers, width=w, height=h)
    assert not _seen(s, "r"), "the board opens on blue, the orc out of view"
    for _ in range(400):
        a.step(0.016)
        e = s.view.current
        if isinstance(e, ev.Move) and e.id == "r":
            a.step(0.0)
            end = e.path[-1]
            cam = s.camera
            assert cam.in_clear(end[0] + 0.5, end[1] + 0.5), (end, cam.x, cam.y)
            return
    pytest.fail("the orc never moved")
