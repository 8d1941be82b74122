"""The battle screen's bottom bar: the buttons for the decision at hand, the status line, the
speed and the tip of the button under the pointer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.core.battle import ACTIVATION, RETREAT
from game.core.commands import Action
from game.core.systems.spells import SPELLS
from game.ui.battle import undo_control
from game.ui.battle.mode import Confirm, Press
from game.ui.battle.modes import (
    AttackMode,
    CastMode,
    ChargeMode,
    FacingMode,
    FireMode,
    MoveMode,
    OfferMode,
    StandMode,
    TurnMode,
    WithdrawMode,
)
from game.ui.common import theme
from game.ui.common.widgets import Button, layout_row, text, tooltip

if TYPE_CHECKING:
    from game.ui.battle.legal import Legal
    from game.ui.battle.state import BattleState


def action_buttons(s: BattleState) -> list[Button]:
    """The bottom bar's buttons for the decision at hand, laid out; each answers with the key it names."""
    b = s.battle
    human = s.human_turn()
    p = s.pending() if not b.over else None
    buttons: list[Button] = []
    spells: list[Button] = []
    if human and p is not None and p.kind == ACTIVATION and s.legal is not None:
        buttons = _activation_buttons(s, s.legal)
        spells = _spell_buttons(s.mode)
    elif human and p is not None and p.kind == RETREAT:
        buttons = [Button("Decline", "D", lambda: Press(pygame.K_d))]
        if not p.spaces:
            buttons.append(Button("Force: save or fall", "Enter", Confirm))
        if s.retreat_space is not None:
            follow = s.retreat_space["follow_to"] is not None
            buttons.append(Button("Follow", "F", lambda: Press(pygame.K_f), enabled=follow))
            buttons.append(Button("Hold ground", "H", lambda: Press(pygame.K_h)))
    w, h = s.app.size
    undo = undo_control.buttons(s)
    room = (min(b.rect.x for b in undo) if undo else w) - 14
    row = pygame.Rect(8, h - theme.BOTTOM_BAR + 8, room - 8, 28)
    layout_row(buttons, row)
    if buttons and buttons[-1].rect.right > room:
        # Too many for the bar with their keys: the keys move to the buttons' tips, Undo's too
        # (issue 22: at 1024x600 End turn and Undo touched).
        for btn in buttons + undo:
            if btn.key_hint:
                btn.tip = btn.tip or f"key: {btn.key_hint}"
                btn.key_hint = ""
        _right_aligned(undo, w - 8)
        room = (min(b.rect.x for b in undo) if undo else w) - 14
        layout_row(buttons, row, gap=4)
    # The spell picker has a row of its own just above the bar: a wizard's seven spells would
    # push the actions (and the picker itself) past Undo and off the screen.
    layout_row(spells, pygame.Rect(8, h - theme.BOTTOM_BAR - 34, w - 16, 28))
    return buttons + spells + undo


def shown_by(s: BattleState) -> tuple[object, ...]:
    """Everything `action_buttons` reads, as values: equal keys lay out equal buttons, so the
    bar's buttons are made again only when one of these changes (building and laying out the
    dozen every frame was a twelfth of the frame)."""
    b = s.battle
    p = s.pending() if not b.over else None
    human = s.human_turn()
    legal, mode, space = s.legal, s.mode, s.retreat_space
    asked: tuple[object, ...] = ()
    if human and p is not None and p.kind == ACTIVATION and legal is not None:
        asked = (
            legal.allowed,
            *map(bool, (legal.melee, legal.charge, legal.missile, legal.withdraw, legal.offer)),
            type(mode),
            (mode.spells[:9], mode.spell) if isinstance(mode, CastMode) else None,
        )
    elif human and p is not None and p.kind == RETREAT:
        asked = (RETREAT, bool(p.spaces), space is not None and space["follow_to"] is not None, space is None)
    undo = undo_control.shown_by(s)
    return (human, p.kind if p is not None else None, asked, undo, s.app.size)


def _right_aligned(buttons: list[Button], right: int) -> None:
    """Lay the buttons out again (their labels may have changed) against the bar's right edge."""
    if not buttons:
        return
    layout_row(buttons, pygame.Rect(0, buttons[0].rect.y, 0, 28))
    for b in reversed(buttons):
        b.rect.right = right
        right = b.rect.x - 6


def _activation_buttons(s: BattleState, legal: Legal) -> list[Button]:
    may = legal.allowed  # the rules' table of what the unit's posture and morale allow
    mode = s.mode
    return [
        Button(
            "Move",
            "M",
            lambda: Press(pygame.K_m),
            enabled=Action.MOVE in may,
            active=isinstance(mode, (MoveMode, FacingMode)),
        ),
        Button(
            "Attack",
            "A",
            lambda: Press(pygame.K_a),
            enabled=Action.ATTACK in may and bool(legal.melee),
            active=isinstance(mode, AttackMode),
        ),
        Button(
            "Charge",
            "G",
            lambda: Press(pygame.K_g),
            enabled=Action.CHARGE in may and bool(legal.charge),
            active=isinstance(mode, ChargeMode),
        ),
        Button(
            "Fire",
            "F",
            lambda: Press(pygame.K_f),
            enabled=Action.FIRE in may and bool(legal.missile),
            active=isinstance(mode, FireMode),
        ),
        Button(
            "Withdraw",
            "W",
            lambda: Press(pygame.K_w),
            enabled=Action.WITHDRAW in may and bool(legal.withdraw),
            active=isinstance(mode, WithdrawMode),
        ),
        Button("Turn", "T", lambda: Press(pygame.K_t), enabled=Action.TURN in may, active=isinstance(mode, TurnMode)),
        Button(
            "Stand up",
            "U",
            lambda: Press(pygame.K_u),
            enabled=Action.STAND_UP in may,
            active=isinstance(mode, StandMode),
        ),
        Button("Set vs charge", "C", lambda: Press(pygame.K_c), enabled=Action.SET_VS_CHARGE in may),
        Button(
            "Offer surrender",
            "O",
            lambda: Press(pygame.K_o),
            enabled=Action.OFFER_SURRENDER in may and bool(legal.offer),
            active=isinstance(mode, OfferMode),
        ),
        Button("Cast", "K", lambda: Press(pygame.K_k), enabled=Action.CAST in may, active=isinstance(mode, CastMode)),
        Button("Rest", "R", lambda: Press(pygame.K_r), enabled=Action.REST in may),
        Button("End turn", "H", lambda: Press(pygame.K_h)),
    ]


def _press(key: int) -> Callable[[], Press]:
    return lambda: Press(key)


def _spell_buttons(mode: object) -> list[Button]:
    """The Cast mode's spell picker: one button per spell left, its number key beside it."""
    if not isinstance(mode, CastMode):
        return []
    return [
        Button(SPELLS[k].name, str(i + 1), _press(pygame.K_1 + i), active=k == mode.spell)
        for i, k in enumerate(mode.spells[:9])
    ]


def bottom_bar(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Rect:
    """Draw the empty bar along the bottom of a screen of this size; return where it is."""
    w, h = size
    bar = pygame.Rect(0, h - theme.BOTTOM_BAR, w, theme.BOTTOM_BAR)
    pygame.draw.rect(surface, (16, 18, 24), bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
    return bar


def draw_bottom(s: BattleState, surface: pygame.Surface) -> pygame.Rect | None:
    """The bottom bar: the buttons, the status line, the speed; the pointed button's tip (where
    it is drawn), left of the log, so a refusal never hides the log line it names.

    The bar is one opaque picture, drawn again only when a button, a line or the palette changes
    (its buttons and words drawn afresh were a seventh of a frame)."""
    w, h = s.app.size
    bar = pygame.Rect(0, h - theme.BOTTOM_BAR, w, theme.BOTTOM_BAR)
    shown = shown_by(s)
    buttons = s.cache.get("bar_buttons", shown, lambda: action_buttons(s))  # only read here
    speed = f"speed x{s.speed:g} [,/.]   skip [Space]   pause on steps [P]: {'on' if s.view.pause_on_steps else 'off'}"
    words = s.message or status(s)
    inside = [b for b in buttons if bar.contains(b.rect)]
    key = (
        bar.size,
        shown,  # the buttons, as equal keys lay them out equally
        tuple(i for i, b in enumerate(inside) if b.rect.collidepoint(s.mouse)),  # the one lit up
        words,
        bool(s.message),
        speed,
        theme.palette().name,
    )

    def paint() -> pygame.Surface:
        layer = pygame.Surface(bar.size).convert()
        bottom_bar(layer, bar.size)
        mouse = (s.mouse[0], s.mouse[1] - bar.y)
        for btn in inside:
            replace(btn, rect=btn.rect.move(0, -bar.y)).draw(layer, mouse)
        text(layer, words, (10, bar.h - 22), 18, theme.TEXT_WARN if s.message else theme.TEXT)
        text(layer, speed, (bar.w - 10, bar.h - 22), 16, theme.TEXT_DIM, anchor="topright")
        return layer

    surface.blit(s.cache.get("bottom_bar", key, paint), bar)
    for btn in buttons:
        if not bar.contains(btn.rect):  # the spell picker's row, above the bar
            btn.draw(surface, s.mouse)
    tip = next((b.tip for b in buttons if b.tip and b.rect.collidepoint(s.mouse)), "")
    return tooltip(surface, tip, (s.mouse[0], bar.y - 6), s.log_rect()) if tip else None


def status(s: BattleState) -> str:
    """Whose decision it is and what it asks."""
    b = s.battle
    if b.over:
        return "The battle is over."
    p = s.pending()
    if s.human_turn():
        u = b.world[p.unit] if p.unit else None
        # the name the log gives it (Militia 2), not its id (blue_militia_2)
        who = f"{s.controllers_label(p.side)}: {s.session.names.get(u.id, u.id)}, {u.kind.name}" if u else ""
        if p.kind == RETREAT:
            return f"{who} — force {s.session.names.get(p.target or '', p.target)} back? click a marked space"
        return f"{who} — your move"
    if not s.view.idle:
        return "showing what happened…" if not s.view.waiting_for_key else "paused at a step: any key goes on"
    if p.controller == "human":
        return _held_by_lesson(s, p.side or "")
    return f"{p.side} (AI) is acting…"


def _held_by_lesson(s: BattleState, side: str) -> str:
    """A player's decision the lesson holds back: a card to read first, or the script's own move
    (issue 22: a card at the player's retreat choice left 'blue (AI) is acting…' in the bar)."""
    if s.lesson is not None and s.lesson.open is not None:
        return f"{s.controllers_label(side)}: read the lesson's card, Enter goes on"
    return f"the lesson plays this move for {s.controllers_label(side)}…"
