"""Offering quarter from the window: the button and key O, the foe picked with the mouse
(docs/rules.md#offering-surrender)."""

from __future__ import annotations

import pygame

from game.core.battle import Battle
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.modes import OfferMode
from game.ui.draw import draw_panels
from tests.helpers import as_json, board, unit
from tests.named_dice import NamedDice
from tests.ui.drive import app, click, hover, key, screen_pos, settle


def _screen(met: bool, foe_at=(6, 4), offered: bool = False):
    a = app()
    sc = board([unit("a", "blue", "fighter1", (2, 4), "E"), unit("o", "red", "orc", foe_at, "W")], width=12, height=9)
    b = Battle(sc, seed=1, rng=NamedDice({"initiative a": 10, "initiative o": 1}))
    if met:
        b.ctx.sides["red"].met.add("o")  # as if it had checked morale in an earlier round
    if offered:
        b.ctx.rs.offers["o"] = "blue"  # as if another of blue's creatures had offered it quarter this round
    s = BattleScreen(a, sc, controllers={"blue": "human", "red": "ai"}, threaded=False, battle=b)
    a.show(s)
    settle(a, s)
    return a, s


def test_key_o_then_a_click_on_the_foe_offers_quarter():
    a, s = _screen(met=True)
    assert next(b for b in s.buttons if b.label == "Offer surrender").enabled
    key(a, pygame.K_o)
    assert isinstance(s.mode, OfferMode)
    hover(a, screen_pos(s, (6, 4)))
    assert "must check" in s.message and "o" in s.message
    click(a, screen_pos(s, (6, 4)))
    offers = [e for e in as_json(s.battle.events) if e["type"] == "surrender_offered"]
    assert offers == [{"type": "surrender_offered", "round": 1, "id": "a", "target": "o"}]


def test_hovering_a_foe_that_met_no_trigger_says_the_offer_brings_no_check():
    a, s = _screen(met=False)
    key(a, pygame.K_o)
    hover(a, screen_pos(s, (6, 4)))
    assert "no check" in s.message


def test_hovering_a_foe_offered_quarter_this_round_says_another_offer_changes_nothing():
    """'Several offers to one foe in a round bring one check' (docs/rules.md#offering-surrender)."""
    a, s = _screen(met=True, offered=True)
    key(a, pygame.K_o)
    hover(a, screen_pos(s, (6, 4)))
    assert "offered quarter this round already" in s.message and "changes nothing" in s.message


def test_with_no_foe_within_6_squares_the_offer_button_is_off_and_key_o_says_why():
    """'an adjacent or visible enemy within 6 squares' (docs/rules.md#offering-surrender): with the only
    foe 8 squares off there is no one to offer quarter to, so the button is off, as Charge is with no foe
    to charge, and O says so instead of opening a mode with nothing to click."""
    a, s = _screen(met=True, foe_at=(10, 4))
    button = next(b for b in s.buttons if b.label == "Offer surrender")
    assert not button.enabled and not s.legal.offer
    key(a, pygame.K_o)
    assert not isinstance(s.mode, OfferMode) and "no foe to offer quarter to" in s.message


def test_a_foe_within_6_squares_turns_the_offer_button_on():
    _, s = _screen(met=True, foe_at=(8, 4))  # 6 squares off: the farthest an offer reaches
    assert s.legal.offer == ("o",)
    assert next(b for b in s.buttons if b.label == "Offer surrender").enabled


def test_pointing_at_a_foe_to_offer_quarter_shows_the_foe_not_an_attack(monkeypatch):
    """The card shows what a click would do: in the Offer mode a click on the foe offers quarter,
    so the card is the foe's own (its morale, its wounds), not the blow a click would strike
    in the Move mode."""
    a, s = _screen(met=True)
    said: list[str] = []
    real = draw_panels.text
    monkeypatch.setattr(
        draw_panels, "text", lambda surface, words, *args, **kw: said.append(words) or real(surface, words, *args, **kw)
    )
    hover(a, screen_pos(s, (6, 4)))
    assert any(w.startswith("Attack ") for w in said), said  # the Move mode: a click strikes
    key(a, pygame.K_o)
    said.clear()
    hover(a, screen_pos(s, (5, 4)))
    hover(a, screen_pos(s, (6, 4)))
    assert isinstance(s.mode, OfferMode) and said
    assert not any(w.startswith("Attack ") for w in said), said
