"""The end of the round explained on screen (game/ui/draw/draw_review.py): at the retreat step the pairs
are listed in the side panel and joined on the board, coloured by what they earned
(docs/rules.md#forced-retreats)."""

from __future__ import annotations

import pygame

from game.core.battle import RETREAT
from game.core.round_review import Fight
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import theme
from game.ui.draw import draw_review
from game.ui.draw.squares import sq_rect
from tests.helpers import battle, cmd, unit
from tests.test_round_review import four_fights
from tests.ui.drive import app, settle


def shown_at_the_retreat_step() -> tuple[BattleScreen, pygame.Surface]:
    a = app()
    b = four_fights()  # a and c hit the orc b; the halfling h hit the ogre o; x and y traded blows
    screen = BattleScreen(a, b.scenario, controllers={"blue": "human", "red": "human"}, threaded=False, battle=b)
    a.show(screen)
    settle(a, screen)
    assert b.pending().kind == RETREAT
    a.window.fill((0, 0, 0))
    screen.draw(a.window)
    return screen, a.window


def mid(screen: BattleScreen, one: str, two: str) -> tuple[int, int]:
    w, r = screen.battle.world, screen.map_rect()
    p = screen.camera.square_centre(r.topleft, w[one].pos)
    q = screen.camera.square_centre(r.topleft, w[two].pos)
    return (p[0] + q[0]) // 2, (p[1] + q[1]) // 2


def colours_near(surface: pygame.Surface, at: tuple[int, int], radius: int = 6) -> set[tuple[int, int, int]]:
    x0, y0 = at
    return {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(x0 - radius, x0 + radius + 1)
        for y in range(y0 - radius, y0 + radius + 1)
    }


def test_the_panel_lists_the_pair_choosing_now_the_one_refused_for_size_and_the_one_hit_back():
    screen, _ = shown_at_the_retreat_step()
    assert draw_review.fights_shown(screen) == [
        Fight("a", "b", "now"),
        Fight("c", "b", "waits"),
        Fight("h", "o", "refused", "size"),
        Fight("x", "y", "hit_back"),
    ]


def test_each_pair_is_joined_on_the_board_in_the_colour_of_its_verdict():
    screen, surface = shown_at_the_retreat_step()
    assert theme.palette().may in colours_near(surface, mid(screen, "a", "b"))
    assert theme.palette().refused in colours_near(surface, mid(screen, "h", "o"))
    assert theme.palette().nothing in colours_near(surface, mid(screen, "x", "y"))


def test_the_side_panel_card_says_it_in_the_verdicts_colours():
    screen, surface = shown_at_the_retreat_step()
    w, _ = screen.app.size
    card = pygame.Rect(w - theme.SIDE_PANEL, theme.TOP_BAR, theme.SIDE_PANEL, 200)
    found = {
        tuple(surface.get_at((x, y)))[:3] for x in range(card.x, card.right, 2) for y in range(card.y, card.bottom, 2)
    }
    assert {theme.palette().may, theme.palette().refused, theme.palette().nothing} <= found


def test_nothing_is_explained_before_the_end_of_the_round():
    a = app()
    b = battle(
        [unit("a", "blue", "fighter1", (4, 4), "E")] + [unit("b", "red", "orc", (5, 4), "W", hp=20)],
        script=[10, 1, 20, 3, 1],
    )
    screen = BattleScreen(a, b.scenario, controllers={"blue": "human", "red": "human"}, threaded=False, battle=b)
    a.show(screen)
    screen.feed(b.apply(cmd("attack", "a", target="b")))
    settle(a, screen)
    assert b.pending().unit == "b", "the orc still has its activation"
    assert draw_review.fights_shown(screen) == []


def test_the_tags_cover_neither_each_other_nor_a_creature():
    """Issue 22: 'hit back' was written over 'may push', and the tags over the tokens of the pairs
    they named. Every tag is placed off the other tags and off every creature on the board."""
    screen, surface = shown_at_the_retreat_step()
    r = screen.map_rect()
    boxes = draw_review.draw_tags(screen, surface, r, draw_review.fights_shown(screen))
    assert len(boxes) == 4  # may push (now), may push (waits), two sizes larger, hit back
    creatures = [
        sq_rect(screen.camera, r, u.pos, u.n) for u in screen.battle.world.units.values() if u.life == "fighting"
    ]
    for i, box in enumerate(boxes):
        assert r.contains(box)
        assert not any(box.colliderect(other) for other in boxes[i + 1 :]), "two tags overlap"
        assert not any(box.colliderect(c) for c in creatures), "a tag hides a creature"
