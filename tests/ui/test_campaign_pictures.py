"""The campaign's screens drawn headless as docs/img's pictures are (game/ui/campaign/shots.py):
at the least canvas every screen is laid out for (1024x600) and at UI scale 2, every word each
screen writes lies inside the canvas and no two of its buttons overlap; each screen lists its
keys for F1."""

from __future__ import annotations

import pygame
import pytest

from game.home.settings import Settings
from game.ui.app import App
from game.ui.campaign import camp_draw, campaign_screen, debrief, shots
from game.ui.campaign.shots import after_a_battle
from game.ui.common import widgets
from tests.command_line import ROOT

# As tools/campaign_pictures.py: the shipped story, its first battle won, three dead, one fled.
SALT_ROAD, SEED = ROOT / "campaigns" / "the_salt_road", 23


@pytest.fixture(params=[((1024, 600), 1.0), ((2048, 1200), 2.0)], ids=["1x", "2x"])
def screens(request):
    size, scale = request.param
    a = App(size, headless=True)
    a.settings = Settings(ui_scale=scale)
    a.refit()
    yield a, after_a_battle(a, SALT_ROAD, SEED)
    pygame.display.quit()


def drawn_boxes(a: App, modules) -> list[tuple[str, pygame.Rect]]:
    """Every word the modules write over one frame, with where it went."""
    said: list[tuple[str, pygame.Rect]] = []
    real = widgets.text

    def recorded(surface, words, *args, **kw):
        rect = real(surface, words, *args, **kw)
        said.append((words, rect))
        return rect

    for m in modules:
        m.text = recorded
    try:
        a.step(0.016)
    finally:
        for m in modules:
            m.text = real
    return said


@pytest.mark.parametrize("name", shots.SHOTS)
def test_every_word_lies_inside_the_canvas_and_buttons_do_not_overlap(screens, name):
    a, made = screens
    a.show(made[name])
    assert a.size[0] >= 1024 and a.size[1] >= 600
    canvas = pygame.Rect(0, 0, *a.size)
    said = drawn_boxes(a, (camp_draw, campaign_screen, debrief))
    assert len(said) > 10
    outside = [(w, r) for w, r in said if not canvas.contains(r)]
    assert outside == []
    buttons = [b.rect for b in a.screen.buttons]
    assert all(canvas.contains(r) for r in buttons)
    assert not any(r.colliderect(o) for i, r in enumerate(buttons) for o in buttons[i + 1 :])


@pytest.mark.parametrize("name", shots.SHOTS)
def test_each_screen_lists_its_keys(screens, name):
    _, made = screens
    sheet = made[name].HELP
    assert sheet and all(rows for _, rows in sheet)


def test_the_next_battles_card_shows_where_it_leads_inside_the_card(screens):
    """The Causeway's long opening once pushed 'If won: ... if lost: ...' off the card's foot, and
    str.capitalize wrote the battles it leads to in small letters ('a night at saltwell')."""
    a, made = screens
    screen = made["graph"]
    a.show(screen)
    said = drawn_boxes(a, (campaign_screen,))
    w, h = a.size
    card = pygame.Rect(w - screen.card_w - 40, 130, screen.card_w, h - 210)
    leads = [(words, r) for words, r in said if r.x >= card.x and words.startswith("If won")]
    assert leads, [words for words, _ in said]
    assert all(card.contains(r) for _, r in leads)
    assert "The Deserters' Bridge" in " ".join(words for words, r in said if r.x >= card.x)
