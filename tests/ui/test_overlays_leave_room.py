"""Issue 37, item 8: the minimap covered the board's corner and the creatures there, and lesson
cards covered the top rows. Nothing the player must see stays under an overlay: the view leaves
room beside the card (a small map made smaller to fit), and the board scrolls out from under the
minimap."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.draw import draw_lesson, minimap
from tests.helpers import unit
from tests.ui.drive import on_board, settle

MAPS = Path(__file__).resolve().parents[2] / "maps"
LESSONS = sorted(p.name for p in MAPS.glob("lesson_*.tmx"))
WINDOWS = [((1280, 720), 1.0), ((1024, 600), 1.0), ((2048, 1200), 2.0)]


def _window(size, scale) -> App:
    a = App(size, headless=True)
    a.settings = a.settings.changed(ui_scale=scale)
    a.refit()
    return a


def _square(s: BattleScreen, sq) -> pygame.Rect:
    r, cam = s.map_rect(), s.camera
    x, y = cam.to_screen(*sq)
    return pygame.Rect(r.x + x, r.y + y, cam.size, cam.size)


@pytest.mark.parametrize(("size", "scale"), WINDOWS)
def test_the_boards_far_corner_and_its_creature_scroll_out_from_under_the_minimap(size, scale):
    a = _window(size, scale)
    units = [unit("a", "blue", "fighter1", (1, 1), "E"), unit("b", "red", "orc", (63, 63), "W")]
    s = on_board(a, units, dice={"initiative a": 10, "initiative b": 1}, width=64, height=64)
    settle(a, s)
    s.camera.pan(10**6, 10**6)  # as far toward the corner as the view goes
    a.step(0.016)
    box = minimap.rect(s)
    assert box is not None
    corner = _square(s, (63, 63))
    assert s.map_rect().contains(corner) and not corner.colliderect(box.inflate(6, 6))


@pytest.mark.parametrize("lesson", LESSONS)
@pytest.mark.parametrize(("size", "scale"), WINDOWS)
def test_a_lesson_card_leaves_the_board_in_view(lesson, size, scale):
    a = _window(size, scale)
    sc = load_scenario(MAPS / lesson)
    s = BattleScreen(a, sc, seed=sc.lesson.seed, controllers={"blue": "human", "red": "ai"}, threaded=False)
    a.show(s)
    a.step(0.016)
    a.step(0.016)
    card = draw_lesson.card_rect(s)
    assert card is not None, "the lesson opens on a card"
    cam, r = s.camera, s.map_rect()
    x, y = cam.to_screen(0, 0)
    board = pygame.Rect(r.x + x, r.y + y, cam.map_w * cam.size, cam.map_h * cam.size).clip(r)
    if cam.shows_all:
        assert not card.colliderect(board), (card, board)
    else:  # a map larger than its view: every row can be scrolled out from under the card
        for sq in ((0, 0), (cam.map_w - 1, 0), (0, cam.map_h - 1), (cam.map_w - 1, cam.map_h - 1)):
            cam.centre_on(sq[0] + 0.5, sq[1] + 0.5)
            assert not _square(s, sq).colliderect(card), sq
