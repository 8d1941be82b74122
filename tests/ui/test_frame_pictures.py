"""The battlefield's cached pictures (issue 23, "a frame near the floor"): each token drawn once
into one picture, the bottom bar and the minimap as one picture each, must put down exactly the
pixels that drawing their parts straight onto the frame did, and must follow what they show."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pygame

from game import ai
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import theme
from game.ui.common.camera import ZOOMS
from game.ui.draw import draw_battle, draw_tokens, minimap
from game.ui.draw.draw_bar import action_buttons
from game.ui.draw.draw_tokens import _body, _draw_facing, _draw_hp, _marks
from tests.ui.drive import app, settle

ROOT = Path(__file__).resolve().parents[2]


def _battle_screen():
    a = app()
    sc = load_scenario(ROOT / "maps" / "skirmish.tmx")
    s = BattleScreen(a, sc, seed=2, controllers={side: "human" for side in sc.sides}, threaded=False)
    a.show(s)
    b = s.battle
    while b.round < 3 and not b.over:  # blows struck: wounded creatures, marks on them
        s.feed(b.apply(ai.decide(b)))
    s.view.skip()
    settle(a, s)
    return a, s


def _varied(s) -> None:
    """Every mark a token can wear, on one token or another, beside plain ones."""
    looks = [
        {"prone": True, "hero": True, "leader": True},
        {"conditions": frozenset({"hasted", "blessed", "charging"}), "fatigue": "fatigued"},
        {"morale": "fleeing", "hp": 1},
        {"life": "surrendered"},
        {"alpha": 0.5},
        {"morale": "withdrawing", "fatigue": "exhausted", "prone": True, "leader": True},
    ]
    for tid, look in zip(sorted(s.view.tokens), looks, strict=False):
        s.view.tokens[tid] = replace(s.view.tokens[tid], **look)


def _parts_straight(s, surface, r, controllers) -> None:
    """The tokens as they were drawn before issue 23: part by part, straight onto the frame."""
    size = s.camera.size
    current = s.selected if s.human_turn() else None
    for tok in sorted(s.view.tokens.values(), key=lambda t: (t.y, t.x)):
        if tok.alpha <= 0.01:
            continue
        x, y = s.camera.to_screen(tok.x + tok.lunge[0], tok.y + tok.lunge[1])
        rect = pygame.Rect(r.x + x, r.y + y, size * tok.n, size * tok.n)
        if not rect.colliderect(r):
            continue
        base, body = _body(s, tok, rect)
        surface.blit(base, base.get_rect(center=rect.center))
        surface.blit(body, body.get_rect(center=rect.center))
        if tok.id == current or tok.id in s.view.recent and not s.view.idle:
            pygame.draw.rect(surface, theme.SELECT, rect.inflate(2, 2), 2, border_radius=4)
        if tok.life == "fighting" and tok.hp_max:
            _draw_hp(surface, tok, rect)
        if tok.life == "fighting" and tok.alpha >= 1:
            _draw_facing(surface, tok, rect)
        for img, at in _marks(s, tok, rect, controllers.get(tok.side) == "human"):
            surface.blit(img, at)


def _frame(a, s) -> np.ndarray:
    a.canvas.fill((0, 0, 0))
    s.draw(a.canvas)
    return pygame.surfarray.array3d(a.canvas).copy()


def test_a_token_drawn_as_one_picture_puts_down_the_pixels_its_parts_did(monkeypatch):
    a, s = _battle_screen()
    _varied(s)
    fast = _frame(a, s)
    monkeypatch.setattr(draw_battle, "draw_tokens", _parts_straight)
    straight = _frame(a, s)
    wounded = [t for t in s.view.tokens.values() if t.life == "fighting" and t.hp < t.hp_max]
    assert len(s.view.tokens) >= 10 and wounded
    assert np.array_equal(fast, straight), f"{np.count_nonzero((fast != straight).any(axis=2))} pixels differ"


def test_the_cached_pictures_follow_the_tokens_and_the_palette():
    a, s = _battle_screen()
    first = _frame(a, s)
    tid = next(t.id for t in s.view.tokens.values() if t.life == "fighting" and t.hp > 2)
    s.view.tokens[tid] = replace(s.view.tokens[tid], hp=1, hero=True)
    theme.use("deuteranopia" if theme.palette().name != "deuteranopia" else "standard")
    try:
        cached = _frame(a, s)
        s.cache.clear(keep=())
        draw_tokens._pictures.clear()
        fresh = _frame(a, s)
    finally:
        theme.use("standard")
    assert not np.array_equal(first, cached)
    assert np.array_equal(cached, fresh)


def test_the_bottom_bar_shows_the_button_under_the_pointer():
    a, s = _battle_screen()
    away = _frame(a, s)
    button = next(b for b in action_buttons(s) if b.enabled)
    s.mouse = button.rect.center
    over = _frame(a, s)
    inside = (slice(button.rect.x, button.rect.right), slice(button.rect.y, button.rect.bottom))
    assert not np.array_equal(away[inside], over[inside])
    s.cache.clear(keep=())
    assert np.array_equal(over, _frame(a, s))


def test_a_palette_change_shows_everywhere_at_once():
    # As the pause menu changes it: the palette, then the sides' colours. The track, the log, the
    # minimap and the tokens are kept pictures; the next frame must be the one drawn from nothing.
    a, s = _battle_screen()
    s.camera.zoom_i = len(ZOOMS) - 1  # the map larger than its view: the minimap shows
    s.camera.clamp()
    first = _frame(a, s)
    assert minimap.rect(s) is not None
    try:
        theme.use("tritanopia")
        s.side_colour = theme.side_colours(s.session.scenario.sides)
        cached = _frame(a, s)
        s.cache.clear(keep=())
        draw_tokens._pictures.clear()
        fresh = _frame(a, s)
    finally:
        theme.use("standard")
    assert not np.array_equal(first, cached)
    assert np.array_equal(cached, fresh), f"{np.count_nonzero((cached != fresh).any(axis=2))} pixels differ"


def test_a_fading_token_is_drawn_at_each_step_of_its_fade(monkeypatch):
    a, s = _battle_screen()
    tid = next(iter(sorted(s.view.tokens)))
    shown = []
    for alpha in (1.0, 0.999, 0.7, 0.7004, 0.3, 0.02):  # 0.7 and 0.7004 are the same step of 255
        s.view.tokens[tid] = replace(s.view.tokens[tid], alpha=alpha)
        fast = _frame(a, s)
        with monkeypatch.context() as m:
            m.setattr(draw_battle, "draw_tokens", _parts_straight)
            assert np.array_equal(fast, _frame(a, s)), f"alpha {alpha}"
        shown.append(fast)
    assert not np.array_equal(shown[0], shown[1]) and not np.array_equal(shown[2], shown[4])
