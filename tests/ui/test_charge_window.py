"""The window's charge (docs/rules.md#charge): the Charge button and key G, the mode that marks
the foes to charge and describes the run with its +2, the combat log's words, the unit card and
the token's charging mark."""

from __future__ import annotations

import pygame

from game.core import events as ev
from game.core.rules.conditions import rules_of
from game.core.rules.dice import Modifier, Roll
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.modes import ChargeMode
from game.ui.common.words import describe
from game.ui.draw.draw_tokens import _pictures as token_pictures
from game.ui.draw.draw_tokens import draw_tokens
from tests.helpers import as_json, unit
from tests.ui.drive import app, click, hover, key, on_board, screen_pos, settle


def _screen(a) -> BattleScreen:
    units = [unit("a", "blue", "fighter1", (1, 4), "E"), unit("b", "red", "orc", (8, 4), "W")]
    s = on_board(a, units, [10, 1], width=10, height=9)
    s.view.skip()
    a.step(0.0)
    return s


def test_the_charge_button_and_key_g_open_the_charge_mode_and_a_click_charges():
    a = app()
    s = _screen(a)
    button = next(btn for btn in s.buttons if btn.label == "Charge")
    assert button.enabled, "seven squares from the orc: a charge reaches it, an attack does not"
    assert not s.legal.melee and "b" in s.legal.charge
    key(a, pygame.K_g)
    assert isinstance(s.mode, ChargeMode)
    hover(a, screen_pos(s, (8, 4)))
    a.step(0.0)
    click(a, screen_pos(s, (8, 4)))
    blow = next(e for e in as_json(s.battle.events) if e["type"] == "attack" and e["id"] == "a")
    assert blow["purpose"] == "charge" and {"name": "charge", "value": 2} in blow["modifiers"]
    assert s.battle.world["a"].has("charging")


def test_the_combat_log_says_who_charges_and_who_meets_the_charge():
    names = {"o": "Orc 2", "f": "Fighter", "m": "Militia"}
    d20 = Roll("1d20", (12,), 2, 14)

    def attack(att: str, tgt: str, purpose: str) -> ev.Attack:
        mods = (Modifier("charge", 2),) if purpose == "charge" else (Modifier("target_charging", 2),)
        return ev.Attack(
            1,
            id=att,
            target=tgt,
            kind="melee",
            weapon="spear",
            arc="front",
            roll=d20,
            modifiers=mods,
            needed=14,
            hit=False,
            damage=0,
            purpose=purpose,
        )

    assert describe(attack("o", "f", "charge"), names).startswith(
        "Orc 2 charges Fighter (front): 1d20 12 +2 = 14 [charge +2]"
    )
    assert describe(attack("m", "o", "set_vs_charge"), names).startswith("Militia meets the charge of Orc 2")
    assert "AC 1 worse" in rules_of("charging").card_words


def _icons_drawn(s: BattleScreen, uid: str) -> list[str]:
    """The state icons the board draws on one creature's token, in the order drawn."""
    drawn: list[str] = []
    real = s.sprites.icon

    def spy(name: str, px: int) -> pygame.Surface:
        drawn.append(name)
        return real(name, px)

    others = {t: tok for t, tok in s.view.tokens.items() if t != uid}
    for t in others:
        del s.view.tokens[t]
    s.sprites.icon = spy
    token_pictures.clear()  # each token's picture is drawn once for its look: draw them afresh
    try:
        draw_tokens(s, pygame.Surface((1280, 720)), s.map_rect(), s.session.controllers)
    finally:
        del s.sprites.icon
        s.view.tokens.update(others)
    return drawn


def test_a_charging_creature_wears_the_charging_mark_until_the_charge_ends():
    """The charger is 'charging' until its next activation (docs/rules.md#charge), and its token
    shows it, as the unit card does: after the charge is played, and after the view is rebuilt
    from the battle (an undo); not before."""
    a = app()
    s = _screen(a)
    assert "charging" not in _icons_drawn(s, "a")
    key(a, pygame.K_g)
    hover(a, screen_pos(s, (8, 4)))
    click(a, screen_pos(s, (8, 4)))
    s.view.skip()
    a.step(0.0)
    assert s.battle.world["a"].has("charging")
    assert "charging" in _icons_drawn(s, "a") and "charging" not in _icons_drawn(s, "b")
    s.view.sync(s.battle.world)
    assert "charging" in _icons_drawn(s, "a")
    settle(a, s)  # the orc's turn and the end of the round: round 2 waits for the fighter
    assert s.battle.round == 2 and "charging" in _icons_drawn(s, "a")
    key(a, pygame.K_h)  # its next activation (it ends its turn): the charge is over
    s.view.skip()
    assert not s.battle.world["a"].has("charging") and "charging" not in _icons_drawn(s, "a")


def test_only_a_creature_whose_weapon_can_be_set_is_offered_set_vs_charge():
    """docs/rules.md#charge: 'only a creature whose melee weapon can be set may take the
    `set_vs_charge` action'. The fighter's long sword: the button is off and C sends nothing but
    says why; the militia's spear: the button is on and C sets it."""
    a = app()
    s = _screen(a)
    button = next(btn for btn in s.buttons if btn.label == "Set vs charge")
    assert not button.enabled
    key(a, pygame.K_c)
    assert "long sword cannot be set" in s.message and not s.battle.world["a"].has("set_vs_charge")
    assert s.battle.pending().unit == "a", "nothing was sent"
    a = app()
    units = [unit("a", "blue", "militia", (1, 4), "E"), unit("b", "red", "orc", (8, 4), "W")]
    s = on_board(a, units, [10, 1], width=10, height=9)
    s.view.skip()
    a.step(0.0)
    assert next(btn for btn in s.buttons if btn.label == "Set vs charge").enabled
    key(a, pygame.K_c)
    assert s.battle.world["a"].has("set_vs_charge")
