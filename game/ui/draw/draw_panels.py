"""Drawing the battle screen's side panel: the unit, attack and move cards, and the log (the
initiative track across the top is game/ui/draw/draw_initiative.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import query
from game.core.battle import ACTIVATION
from game.core.query_swings import WHY, free_swings
from game.core.rules.conditions import RULES
from game.core.rules.creature import Kind
from game.core.rules.geometry import Pos
from game.core.rules.morale import ose_rating
from game.core.rules.tables import thac0
from game.core.systems.movement import effective_mv
from game.ui.battle.modes import ProvokeMode
from game.ui.common import theme
from game.ui.common.combat_log import log_layout
from game.ui.common.spoken import spell_list
from game.ui.common.widgets import text, wrap
from game.ui.draw import draw_review

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Sequence

    from game.ui.battle.legal import Legal
    from game.ui.battle.provoking import Provoking
    from game.ui.battle.state import BattleState


def _blit_layer(
    s: BattleState,
    surface: pygame.Surface,
    name: str,
    key: Hashable,
    at: pygame.Rect,
    paint: Callable[[pygame.Surface, pygame.Rect], None],
) -> None:
    """Blit the opaque layer showing `key` at `at`, painted (into the rectangle it is given) only
    when the key changes.

    The layer is one column wider than what is blitted. SDL copies rows whose ends all fall on
    16 bytes with streaming stores, which are several times slower where a row does not start on
    a 64-byte line (the panel's column at 1280 wide: the combat log took 0.36 ms against 0.04);
    the spare column sends every blit down the ordinary copy, quick wherever the panel is."""
    local = pygame.Rect(0, 0, at.w, at.h)

    def make() -> pygame.Surface:
        layer = pygame.Surface((at.w + 1, at.h)).convert()
        layer.fill(theme.PANEL_BG)
        paint(layer, local)
        return layer

    surface.blit(s.cache.get(name, (key, tuple(at), theme.palette().name), make), at, local)


def card_rows(s: BattleState, uid: str) -> list[str]:
    """A unit card's rows. Hit points, morale, standing and fatigue are the token's, as the board
    shows them: while the round's end plays out, the battle already holds its later steps (issue
    22: the fatigue step's card showed the morale step's results)."""
    u = s.battle.world[uid]
    k = u.kind
    tok = s.view.tokens.get(uid)
    hp, life, morale, prone = (tok.hp, tok.life, tok.morale, tok.prone) if tok else (u.hp, u.life, u.morale, u.prone)
    fatigue = tok.fatigue if tok else ("fresh", "fatigued", "exhausted")[u.fatigue_state]
    # the points are the battle's: shown once the board has caught up with it
    points = f" ({u.fatigue_points}/{u.fatigue_max})" if s.view.idle else ""
    state = life if life != "fighting" else ("prone, " if prone else "") + morale
    rows = [
        f"hp {hp}/{u.hp_max}   AC {k.ac}   THAC0 {thac0(k)}   MV {effective_mv(u)}/{k.mv}",
        f"size {k.size}   Dex {k.dex}   {'level ' + str(k.level) if k.cls != 'monster' else 'HD ' + str(k.hd)}",
        f"fatigue {fatigue}{points}",
        morale_words(k, s.battle.ctx.options.morale_system, state),
        "weapons: " + ", ".join(w.name + (" (can be set)" if w.settable else "") for w in k.weapons),
    ]
    # One line for every condition in its record's words, its rounds left beside those a token marks.
    shown = [RULES[name].card_words + (f" {n}" if RULES[name].mark else "") for name, n in u.conditions]
    if shown:
        rows.append("now: " + ", ".join(shown))
    if u.spells:
        rows.append(spells_left(u.spells))
    return rows


def _unit_card(s: BattleState, surface: pygame.Surface, area: pygame.Rect, uid: str) -> None:
    u = s.battle.world[uid]
    k = u.kind
    colour = s.side_colour[u.side]
    y = area.y + 8
    text(surface, s.session.names.get(uid, uid), (area.x + 10, y), 22, colour, True)
    y += 22
    text(
        surface,
        f"{k.name} — {u.side}" + (" — hero" if u.hero else "") + (" — leader" if u.leader else ""),
        (area.x + 10, y),
        17,
        theme.TEXT_DIM,
    )
    y += 20
    rows = card_rows(s, uid)
    for row in rows:
        for line in wrap(row, 18, area.w - 20):
            if y + 19 > area.bottom:
                return
            text(surface, line, (area.x + 10, y), 18)
            y += 19


def _attack_card(
    s: BattleState, surface: pygame.Surface, area: pygame.Rect, o: query.AttackOption, verb: str = "Attack"
) -> None:
    y = area.y + 8
    tgt = s.battle.world[o.target]
    text(
        surface,
        f"{verb} {s.session.names.get(o.target, tgt.kind.name)} ({o.kind})",
        (area.x + 10, y),
        21,
        theme.palette().target,
        True,
    )
    y += 22
    text(
        surface,
        f"from its {o.arc}: need {o.needed} on d20 {sum(m.value for m in o.modifiers):+d}",
        (area.x + 10, y),
        18,
    )
    y += 19
    text(
        surface,
        f"chance to hit {round(o.chance * 100)}%   knockdown {round(o.knockdown_chance * 100)}%",
        (area.x + 10, y),
        18,
        theme.HIGHLIGHT,
    )
    y += 19
    mods = ", ".join(f"{m.name.replace('_', ' ')} {m.value:+d}" for m in o.modifiers if m.value) or "no modifiers"
    for line in wrap(mods, 17, area.w - 20):
        text(surface, line, (area.x + 10, y), 17, theme.TEXT_DIM)
        y += 17
    if len(o.path) > 1:
        text(surface, f"moves {o.cost} first", (area.x + 10, y), 17, theme.TEXT_DIM)
        y += 17
    _swings(s, surface, area, y, o.path, charging=verb == "Charge")


def _swings(  # a card's place and the walk it proposes
    s: BattleState, surface: pygame.Surface, area: pygame.Rect, y: int, path: Sequence[Pos], charging: bool = False
) -> None:
    """The blows the walk would draw before the action, each with its chance to hit: what the
    card proposes causes these first (issue 13: a preview tells the whole truth)."""
    uid = s.pending().unit or ""
    key = (s.decision_key, len(s.battle.events), tuple(path), charging)
    swings = s.cache.get("swings", key, lambda: free_swings(s.battle, uid, path, charging)) if len(path) > 1 else []
    if not swings:
        text(surface, "no free blows at it on the way", (area.x + 10, y), 17, theme.TEXT_DIM)
        return
    for sw in swings:
        line = (
            f"first: {s.session.names.get(sw.enemy, sw.enemy)}, {WHY[sw.why]} {tuple(sw.at)}: {round(sw.chance * 100)}%"
        )
        for part in wrap(line, 17, area.w - 20):
            if y + 17 > area.bottom - 24:  # the card's last line may say what Shift+click does
                return
            text(surface, part, (area.x + 10, y), 17, theme.TEXT_WARN)
            y += 17


def _move_card(s: BattleState, surface: pygame.Surface, area: pygame.Rect, legal: Legal, sq: Pos) -> None:
    reach = legal.full
    path = reach.path(sq)
    cost = reach.costs[sq]
    half = sq in legal.half.costs
    y = area.y + 8
    text(surface, f"Move to {sq}", (area.x + 10, y), 21, theme.palette().reach_full, True)
    y += 22
    # squares as the log counts them ("moves 5"); the cost, in the move's own units, beside them
    steps = f"{len(path) - 1} square{'s' if len(path) != 2 else ''}, {cost} of its move"
    text(surface, f"{steps} ({'half move' if half else 'full move: no attack'})", (area.x + 10, y), 18)
    y += 20
    _swings(s, surface, area, y, path)


def draw_panel(s: BattleState, surface: pygame.Surface) -> None:
    """The card (what a click would do, or a unit) over the combat log. The log is an opaque
    layer over the panel's lower part, so only the card's part is cleared here."""
    w, h = s.app.size
    panel = pygame.Rect(w - theme.SIDE_PANEL, theme.TOP_BAR, theme.SIDE_PANEL, h - theme.TOP_BAR - theme.BOTTOM_BAR)
    card = pygame.Rect(panel.x, panel.y, panel.w, 200)
    b = s.battle
    hover_unit = b.world.at(s.hover_sq) if s.hover_sq else None
    shown = False
    if s.human_turn() and s.legal is not None and s.pending().kind == ACTIVATION:
        shown = _draw_choice_card(s, surface, card, s.legal, hover_unit, panel)
    fights = draw_review.fights_shown(s)
    if not shown and fights and hover_unit is None:
        draw_review.draw_card(s, surface, card, fights)
        shown = True
    if not shown:
        uid = hover_unit or s.inspect or s.selected
        _draw_unit_card(s, surface, card.clip(panel), uid if uid and uid in b.world.units else None)
    pygame.draw.line(surface, theme.PANEL_EDGE, panel.topleft, panel.bottomleft)
    pygame.draw.line(surface, theme.PANEL_EDGE, (panel.x, card.bottom), (panel.right, card.bottom))
    _draw_log(s, surface, s.log_rect())


def _draw_unit_card(s: BattleState, surface: pygame.Surface, card: pygame.Rect, uid: str | None) -> None:
    """A unit's card on the panel's background, kept while the unit is the same to the last value."""
    u = s.battle.world[uid] if uid is not None else None

    def paint(layer: pygame.Surface, area: pygame.Rect) -> None:
        if uid is not None:
            _unit_card(s, layer, area, uid)

    rows = tuple(card_rows(s, uid)) if uid is not None else ()
    _blit_layer(s, surface, "card", (uid, u, rows), card, paint)


def _draw_choice_card(
    s: BattleState, surface: pygame.Surface, card: pygame.Rect, legal: Legal, hover_unit: str | None, panel: pygame.Rect
) -> bool:
    """The card for what a click would do: the attack on the hovered foe, or the move to the hovered
    square (one picture while the pointer stays on the square); whether there was one. Where a click
    on a foe is no blow (an offer, a spell, a turn, a withdrawal) the foe's own card shows instead."""
    mode = s.mode
    options = legal.targets(mode.shoots, mode.charges)
    sq = s.hover_sq
    if hover_unit is None and sq in legal.full.costs and mode.walks:
        key = (s.decision_key, len(s.battle.events), id(legal), legal.unit, sq, theme.palette().name)
        _blit_layer(
            s, surface, "move_card", key, card.clip(panel), lambda layer, area: _move_card(s, layer, area, legal, sq)
        )
        return True
    surface.fill(theme.PANEL_BG, card.clip(panel))
    if hover_unit in options and mode.blows:
        o = (
            options[hover_unit]
            if mode.shoots or mode.charges or hover_unit in legal.missile and hover_unit not in legal.melee
            else legal.attack_from(hover_unit, s.shift())
        )
        _attack_card(s, surface, card, o, "Charge" if mode.charges else "Attack")
        best = legal.melee.get(hover_unit)
        if isinstance(mode, ProvokeMode) and hover_unit == mode.risk.chosen.target:
            _ask(surface, card, mode.risk)
        elif best is not None and o is not best and not mode.charges:
            text(
                surface,
                f"Shift+click: from its {best.arc}, {round(best.chance * 100)}% (moves {best.cost})",
                (card.x + 10, card.bottom - 22),
                17,
                theme.HIGHLIGHT,
            )
        return True
    return False


def _ask(surface: pygame.Surface, card: pygame.Rect, risk: Provoking) -> None:
    """The question a provoking attack waits on, at the card's foot (issue 22)."""
    lines = wrap(risk.words(), 17, card.w - 20)
    y = card.bottom - 4 - 17 * len(lines)
    pygame.draw.rect(surface, theme.PANEL_BG, (card.x + 1, y - 2, card.w - 2, card.bottom - y))
    for line in lines:
        text(surface, line, (card.x + 10, y), 17, theme.TEXT_WARN)
        y += 17


def _draw_log(s: BattleState, surface: pygame.Surface, area: pygame.Rect) -> None:
    key = (len(s.log), s.log_scroll, id(s.hover_log))
    _blit_layer(s, surface, "log", key, area, lambda layer, local: _paint_log(s, layer, local))


def _paint_log(s: BattleState, surface: pygame.Surface, area: pygame.Rect) -> None:
    text(surface, "Combat log", (area.x + 10, area.y + 4), 19, theme.TEXT_DIM, True)
    for line, rect, parts in log_layout(s.log, s.log_scroll, area):
        if s.hover_log is line:
            pygame.draw.rect(surface, (50, 54, 66), rect)
        colour = theme.TEXT_WARN if line.words.startswith("—") or line.words.startswith("End of round") else theme.TEXT
        if line.ids and line.ids[0] in s.session.side_of:
            colour = _lighter(s.side_colour[s.session.side_of[line.ids[0]]])
        for i, part in enumerate(parts):
            text(surface, part, (area.x + 10 + (8 if i else 0), rect.y + 15 * i), 16, colour)
    if s.log_scroll:
        text(
            surface, f"{s.log_scroll} newer below", (area.right - 10, area.y + 4), 16, theme.TEXT_DIM, anchor="topright"
        )


def _lighter(c: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = (min(255, v + (255 - v) * 55 // 100) for v in c)
    return r, g, b


def morale_words(k: Kind, system: str, state: str) -> str:
    """The card's morale: the one rating the battle's rule checks, and its dice (issue 37: "morale 15
    / ose 9" named both systems' ratings and one by its rule book's initials)."""
    rating, dice = (ose_rating(k), "2d6") if system == "ose" else (k.morale, "2d10")
    return f"morale {rating} on {dice}: {state}"


def spells_left(spells: tuple[str, ...]) -> str:
    """The unit card's line of spells: each once, in the order memorised, with how many are left
    (seven names in full ran past the card's last line): '3 magic missiles, haste'."""
    return "spells left: " + spell_list(spells)
