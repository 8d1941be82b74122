"""Undo, redo and the pause menu in the battle window, driven headless by keys and clicks:
a command is taken back only while no die has been rolled since, and no single key throws a
battle away."""

from __future__ import annotations

import pygame

from game.core.battle import Battle
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.modes import AttackMode, FacingMode, MoveMode
from game.ui.menus.menu import MenuScreen
from game.ui.menus.pause import CONFIRM_QUIT, HELP_PAGE, MENU, PauseScreen
from tests.helpers import as_json, board, unit
from tests.ui.drive import app, click, hover, key, screen_pos, settle

SOLO = {"blue": "human", "red": "ai"}
CTRL = pygame.KMOD_LCTRL


def group_battle(a, foe_at=(18, 5), seed: int = 1) -> BattleScreen:
    """Two blue fighters against an orc; group initiative, so after one fighter acts the other
    still waits: the player's decision again, with no AI move in between."""
    sc = board(
        [
            unit("blue_fighter", "blue", "fighter1", (4, 4), "E"),
            unit("blue_guard", "blue", "fighter1", (4, 7), "E"),
            unit("red_orc", "red", "orc", foe_at, "W", hp=60),
        ],
        width=20,
        height=10,
        options={"initiative": "group"},
    )
    s = BattleScreen(a, sc, controllers=SOLO, threaded=False, battle=Battle(sc, seed=seed, controllers=SOLO))
    s.speed_i = 4
    a.show(s)
    settle(a, s)
    return s


def pick(a, s: BattleScreen, uid: str) -> None:
    if s.selected != uid:
        click(a, screen_pos(s, s.battle.world[uid].pos))
    assert s.selected == uid


def undo_button(s: BattleScreen):
    return next(b for b in s.buttons if b.label == "Undo")


def test_ctrl_z_puts_the_unit_back_on_its_square_with_its_facing_and_the_same_unit_to_act():
    a = app()
    s = group_battle(a)
    pick(a, s, "blue_fighter")
    before = as_json(s.battle.events)
    log_before = [line.words for line in s.log]
    click(a, screen_pos(s, (6, 4)))
    assert isinstance(s.mode, FacingMode)
    click(a, screen_pos(s, (6, 5)))  # face south, and go
    settle(a, s)
    f = s.battle.world["blue_fighter"]
    assert f.pos == (6, 4) and f.facing == 4 and s.battle.pending().side == "blue"
    after = as_json(s.battle.events)
    assert undo_button(s).enabled

    key(a, pygame.K_z, CTRL)
    settle(a, s)
    f = s.battle.world["blue_fighter"]
    assert (f.pos, f.facing) == ((4, 4), 2)  # back on its square, facing east again
    assert as_json(s.battle.events) == before
    assert [line.words for line in s.log] == log_before  # the log panel lost the move's line
    assert s.selected == "blue_fighter" and "blue_fighter" in s.battle.pending().units
    assert isinstance(s.mode, MoveMode)
    tok = s.view.tokens["blue_fighter"]
    assert (tok.x, tok.y, tok.facing) == (4.0, 4.0, "E")  # the board shows it back too

    key(a, pygame.K_y, CTRL)
    settle(a, s)
    assert as_json(s.battle.events) == after  # redo: the same events, byte for byte
    assert s.battle.world["blue_fighter"].pos == (6, 4)


def test_the_undo_button_undoes_and_ctrl_shift_z_redoes():
    a = app()
    s = group_battle(a)
    pick(a, s, "blue_fighter")
    key(a, pygame.K_h)  # the fighter ends its turn; the guard is still to act
    settle(a, s)
    after = as_json(s.battle.events)
    click(a, undo_button(s).rect.center)
    settle(a, s)
    assert "blue_fighter" in s.battle.pending().units and len(s.battle.events) < len(after)
    assert s.message.startswith("Undone")
    key(a, pygame.K_z, CTRL | pygame.KMOD_LSHIFT)
    settle(a, s)
    assert as_json(s.battle.events) == after


def test_an_attack_rolls_dice_so_it_cannot_be_undone_and_the_button_says_why():
    a = app()
    s = group_battle(a, foe_at=(5, 4))
    pick(a, s, "blue_fighter")
    click(a, screen_pos(s, (5, 4)))  # attack the orc where it stands
    settle(a, s)
    assert any(e["type"] == "attack" and e["id"] == "blue_fighter" for e in as_json(s.battle.events))
    assert s.battle.pending().side == "blue"  # the guard's turn: the player's decision
    button = undo_button(s)
    assert not button.enabled
    assert button.tip == "Cannot undo: Fighter's attack was rolled"
    hover(a, button.rect.center)  # the tooltip is drawn over the bar without error
    events = len(s.battle.events)
    key(a, pygame.K_z, CTRL)
    assert len(s.battle.events) == events
    assert s.message == "Cannot undo: Fighter's attack was rolled"


def test_esc_opens_the_pause_menu_and_resume_returns_to_the_same_activation():
    a = app()
    s = group_battle(a)
    pick(a, s, "blue_guard")
    pending = s.battle.pending()
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, PauseScreen) and a.screen.page == MENU
    events = len(s.battle.events)
    for _ in range(20):
        a.step(0.1)  # the battle stands still under the menu
    assert len(s.battle.events) == events
    key(a, pygame.K_ESCAPE)  # Resume
    assert a.screen is s
    assert s.battle.pending() == pending and s.selected == "blue_guard"


def test_quit_asks_first_no_keeps_the_battle_yes_returns_to_the_menu():
    a = app()
    s = group_battle(a)
    key(a, pygame.K_ESCAPE)
    pause = a.screen
    assert isinstance(pause, PauseScreen)
    key(a, pygame.K_q)
    assert pause.page == CONFIRM_QUIT
    key(a, pygame.K_n)  # No: the menu again, the battle kept
    assert a.screen is pause and pause.page == MENU
    quit_button = next(b for b, _ in pause.buttons if b.label == "Quit to menu")
    click(a, quit_button.rect.center)
    assert pause.page == CONFIRM_QUIT
    no = next(b for b, _ in pause.buttons if b.label == "No, keep playing")
    click(a, no.rect.center)
    key(a, pygame.K_ESCAPE)
    assert a.screen is s and not s.battle.over
    key(a, pygame.K_ESCAPE)
    key(a, pygame.K_q)
    yes = next(b for b, _ in a.screen.buttons if b.label == "Yes, quit")
    click(a, yes.rect.center)
    assert isinstance(a.screen, MenuScreen)


def test_the_help_page_lists_the_keys():
    a = app()
    group_battle(a)
    key(a, pygame.K_ESCAPE)
    pause = a.screen
    key(a, pygame.K_F1)
    assert pause.page == HELP_PAGE
    key(a, pygame.K_ESCAPE)  # back to the menu, not out of it
    assert a.screen is pause and pause.page == MENU


def test_esc_cancels_a_mode_before_it_pauses():
    a = app()
    s = group_battle(a)
    pick(a, s, "blue_fighter")
    key(a, pygame.K_a)
    assert isinstance(s.mode, AttackMode)
    key(a, pygame.K_ESCAPE)
    assert a.screen is s and isinstance(s.mode, MoveMode)
    click(a, screen_pos(s, (6, 4)))
    assert isinstance(s.mode, FacingMode)
    key(a, pygame.K_ESCAPE)  # the planned move is dropped; the unit stays
    assert a.screen is s and isinstance(s.mode, MoveMode) and s.battle.world["blue_fighter"].pos == (4, 4)
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, PauseScreen)


def test_closing_the_window_while_paused_still_quits():
    a = app()
    group_battle(a)
    key(a, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    a.step(0.016)
    assert not a.running


def test_the_undo_tooltip_sits_left_of_the_log_it_speaks_of():
    """Issue 22: the Undo button's tip ('Cannot undo: Fighter's attack was rolled') was drawn
    over the bottom of the log, where the line it names is."""
    from game.ui.draw import draw_bar  # noqa: PLC0415

    a = app()
    s = group_battle(a, foe_at=(5, 4))
    pick(a, s, "blue_fighter")
    click(a, screen_pos(s, (5, 4)))
    settle(a, s)
    button = undo_button(s)
    hover(a, button.rect.center)
    tip = draw_bar.draw_bottom(s, a.window)
    assert tip is not None and tip.bottom <= button.rect.top
    assert not tip.colliderect(s.log_rect()), f"the tip {tip} covers the log {s.log_rect()}"
