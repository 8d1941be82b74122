"""Your army: the catalogue's kinds with their points, portrait and key numbers; add and remove
under a budget bar that refuses going over; named army lists saved and reused. Enter goes on to
the deployment, Esc back to the setup."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, cast

import pygame

from game.generate.make import Unplayable
from game.levels import shown
from game.pricing.table import read
from game.scenario.catalogue import descriptions, load
from game.ui.common import help_keys, theme
from game.ui.common.art import Sprites
from game.ui.common.spoken import army_words, kind_words
from game.ui.common.widgets import Button, font, layout_row, text, wrap
from game.ui.navigation import ToQuick, go
from game.ui.quick.army_lists import NAME_MAX, load_lists, store_list
from game.ui.quick.army_model import ArmyModel, key_numbers, points
from game.ui.quick.choices import QuickChoices, save_choices
from game.ui.quick.deploy import DeployScreen
from game.ui.quick.field import PLAYER, draft, room
from game.ui.quick.kind_card import card_lines, draw_card

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen


class ArmyScreen:
    HELP = help_keys.QUICK_ARMY  # F1

    def __init__(self, app: App, choices: QuickChoices) -> None:
        self.app = app
        self.choices = choices
        table = read()
        prices = {k: p.points for k, p in table.prices.items()} if table else {}
        self.model = ArmyModel(load(), prices, choices.points, room(choices))
        self.descriptions = descriptions()
        self.message = self.model.take(choices.army) or ("" if table else "No prices: `rout price` writes them")
        self.index = 0  # the kind chosen in the list
        self.top = 0  # the first kind the list shows
        self.mouse = (0, 0)
        self.naming: str | None = None  # the name being typed for a list to save
        self.lists = load_lists()
        self.list_i = -1  # the saved list last taken (L steps through them)
        self.sprites = Sprites()
        self.refused_at = 0.0  # how long ago a purchase was refused: the bar flashes

    @property
    def chosen(self) -> str:
        return self.model.offered[self.index]

    def add(self, key: str | None = None) -> None:
        if not self.model.offered:
            return
        why = self.model.add(key or self.chosen)
        self.message = why or ""
        self.refused_at = 1.0 if why else 0.0
        self._remember()

    def remove(self, key: str | None = None) -> None:
        if not self.model.offered:
            return
        self.model.remove(key or self.chosen)
        self.message = ""
        self._remember()

    def _remember(self) -> None:
        self.choices = replace(self.choices, army=self.model.army())
        save_choices(self.choices)

    def next_list(self) -> None:
        """Take the next saved army list (by name)."""
        self.lists = load_lists()
        if not self.lists:
            self.message = "No saved army lists yet: S saves this one under a name"
            return
        names = list(self.lists)
        self.list_i = (self.list_i + 1) % len(names)
        name = names[self.list_i]
        why = self.model.take(self.lists[name])
        self.message = f"{name}: {why}" if why else f"army list {name!r} taken"
        self._remember()

    def save_list(self) -> None:
        assert self.naming is not None
        self.message = store_list(self.naming, self.model.army())
        self.naming = None
        self.lists = load_lists()

    def deploy(self) -> Screen | None:
        if not self.model.counts:
            self.message = "Buy at least one creature first"
            return None
        self._remember()
        try:
            made = draft(self.choices, self.model.kinds_bought(), self.model.kinds, self.model.prices)
            return DeployScreen(self.app, self.choices, made, back=self)
        except (Unplayable, ValueError) as e:
            self.message = f"cannot make this field: {e}"
        except OSError as e:  # the data folder, where the field is drawn from, cannot be written
            self.message = f"cannot draw the field: {e.strerror or e}"
        return None

    def back(self) -> Screen:
        return go(self.app, ToQuick())

    def rows(self) -> int:
        return max(1, (self.app.size[1] - LIST_TOP - 80) // ROW_H)

    def row_rects(self) -> dict[int, pygame.Rect]:
        """Where each kind in sight sits, by its index in the list; the list scrolls to keep the
        chosen kind in sight."""
        n = self.rows()
        self.top = min(max(self.top, self.index - n + 1), self.index, max(0, len(self.model.offered) - n))
        w = list_width(self.app.size)
        shown = range(self.top, min(self.top + n, len(self.model.offered)))
        return {i: pygame.Rect(40, LIST_TOP + (i - self.top) * ROW_H, w, ROW_H - 6) for i in shown}

    @property
    def buttons(self) -> list[Button]:
        w, h = self.app.size
        row = [
            Button("Deploy", "Enter", self.deploy, enabled=bool(self.model.counts)),
            Button("Save list", "S", lambda: setattr(self, "naming", "")),
            Button("Saved lists", "L", self.next_list, enabled=bool(self.lists)),
            Button("Clear", "Del", self.clear),
            Button("Back", "Esc", self.back),
        ]
        layout_row(row, pygame.Rect(40, h - 54, w - 80, 36))
        return row

    def clear(self) -> None:
        self.model.counts.clear()
        self.message = ""
        self._remember()

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self._click(event.pos, event.button)
        elif event.type == pygame.MOUSEWHEEL:
            self.index = max(0, min(self.index - event.y, len(self.model.offered) - 1))
        elif event.type == pygame.KEYDOWN and self.naming is not None:
            self._type(event)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return None

    def _click(self, pos: tuple[int, int], button: int) -> Screen | None:
        self.mouse = pos
        if self.naming is None and button == 1:
            for b in self.buttons:
                if b.hit(pos):
                    return cast("Screen | None", b.action())
        for i, r in self.row_rects().items():
            if r.collidepoint(pos):
                self.index = i
                plus, minus = signs(r)
                if minus.collidepoint(pos) or button == 3:
                    self.remove()
                elif plus.collidepoint(pos):
                    self.add()
        for key, r in bought_rects(self).items():
            if r.collidepoint(pos):
                self.remove(key)
        return None

    def _type(self, event: pygame.event.Event) -> None:
        """A list's name being typed: Enter saves it, Esc gives up."""
        assert self.naming is not None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.save_list()
        elif event.key == pygame.K_ESCAPE:
            self.naming = None
        elif event.key == pygame.K_BACKSPACE:
            self.naming = self.naming[:-1]
        elif event.unicode and event.unicode.isprintable() and len(self.naming) < NAME_MAX:
            self.naming += event.unicode

    def _key(self, k: int) -> Screen | None:
        n = len(self.model.offered)
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.deploy()
        if k == pygame.K_ESCAPE:
            return self.back()
        if k in (pygame.K_UP, pygame.K_DOWN) and n:
            self.index = (self.index + (1 if k == pygame.K_DOWN else -1)) % n
        elif k in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.add()
        elif k in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.remove()
        elif k == pygame.K_s:
            self.naming = ""
        elif k == pygame.K_l:
            self.next_list()
        elif k in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.clear()
        return None

    def update(self, dt: float) -> Screen | None:
        self.refused_at = max(0.0, self.refused_at - dt)
        return None

    def resize(self, w: int, h: int) -> None:
        """Nothing to fit: laid out from the window's size as it draws."""

    def close(self) -> None:
        self._remember()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL_BG)
        draw_screen(self, surface)
        for b in self.buttons:
            b.draw(surface, self.mouse)
        if self.naming is not None:
            name_box(self, surface)
        elif self.message:
            colour = theme.TEXT_WARN if self.refused_at or "not" in self.message else theme.TEXT_DIM
            text(surface, self.message, (40, self.app.size[1] - 78), 20, colour, anchor="bottomleft")


LIST_TOP, ROW_H, PORTRAIT = 128, 58, 48
BAR = pygame.Rect(40, 74, 0, 34)


NARROW = 960  # below this width, the army bought is one line under the title, not a column


def list_width(size: tuple[int, int]) -> int:
    return size[0] - 80 if size[0] < NARROW else max(560, size[0] - 440)


def signs(row: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The row's + and - buttons, at its right end."""
    plus = pygame.Rect(row.right - 44, row.y + 8, 36, row.h - 16)
    return plus, plus.move(-42, 0)


def bought_rects(s: ArmyScreen) -> dict[str, pygame.Rect]:
    """The army's lines on the right, by kind: a click removes one."""
    if s.app.size[0] < NARROW:
        return {}
    x = 40 + list_width(s.app.size) + 24
    w = s.app.size[0] - x - 40
    return {key: pygame.Rect(x, LIST_TOP + 34 + i * 30, w, 28) for i, key in enumerate(s.model.counts)}


def draw_screen(s: ArmyScreen, surface: pygame.Surface) -> None:
    text(surface, "Your army", (40, 18), 44, theme.TEXT, True)
    c = s.choices
    words = f"{c.width}x{c.height} {c.terrain} field, seed {c.seed}, {c.sides} sides, AI {shown(c.ai_level)}"
    if s.app.size[0] < NARROW:  # no room for the army's column: the army in one line instead
        bought = army_words((s.model.kinds[k], n) for k, n in s.model.counts.items()) or "nothing yet"
        words = f"Bought: {bought}"
    text(surface, cut(words, 20, s.app.size[0] - 310), (270, 32), 20, theme.TEXT_DIM)
    _budget_bar(s, surface)
    rects = s.row_rects()
    for i, r in rects.items():
        _kind_row(s, surface, i, r)
    if s.top > 0:
        text(surface, f"{s.top} more above", (44, LIST_TOP - 18), 16, theme.TEXT_DIM)
    below = len(s.model.offered) - s.top - len(rects)
    if below > 0:
        text(
            surface,
            f"{below} more below (arrows or wheel)",
            (44, LIST_TOP + len(rects) * ROW_H - 4),
            16,
            theme.TEXT_DIM,
        )
    _bought(s, surface)


def _budget_bar(s: ArmyScreen, surface: pygame.Surface) -> None:
    """Spent against the budget: full width is the budget; red for a moment after a refusal."""
    m = s.model
    bar = pygame.Rect(BAR.x, BAR.y, s.app.size[0] - 80, BAR.h)
    pygame.draw.rect(surface, (30, 33, 40), bar, border_radius=6)
    share = min(1.0, m.spent / m.budget) if m.budget else 0.0
    fill = bar.copy()
    fill.w = round(bar.w * share)
    colour = theme.TEXT_WARN if s.refused_at > 0 else theme.side_colour(PLAYER, (PLAYER,))
    if fill.w:
        pygame.draw.rect(surface, colour, fill, border_radius=6)
    pygame.draw.rect(surface, theme.PANEL_EDGE if not s.refused_at else (235, 235, 235), bar, 2, border_radius=6)
    words = f"{points(m.spent)} of {points(m.budget)} points spent, {points(m.left)} left"
    img_rect = text(surface, words, bar.center, 24, theme.TEXT, True, "center")
    pygame.draw.rect(surface, (10, 12, 18), img_rect.inflate(12, 4), border_radius=4)
    text(surface, words, bar.center, 24, theme.TEXT, True, "center")


def _kind_row(s: ArmyScreen, surface: pygame.Surface, i: int, r: pygame.Rect) -> None:
    """Portrait, name, points and how many are bought on the first line, the key numbers on the
    second, each cut short to leave the + and - buttons clear."""
    key = s.model.offered[i]
    kind = s.model.kinds[key]
    pygame.draw.rect(surface, theme.BUTTON_ACTIVE if i == s.index else theme.BUTTON, r, border_radius=6)
    portrait = pygame.Rect(r.x + 6, r.y + (r.h - PORTRAIT) // 2, PORTRAIT, PORTRAIT)
    pygame.draw.rect(surface, (24, 26, 32), portrait, border_radius=6)
    surface.blit(s.sprites.unit(key, "S", PORTRAIT - 4), portrait.move(2, 2))
    affordable = s.model.refusal(key) is None
    plus, minus = signs(r)
    left = r.x + PORTRAIT + 16
    held = s.model.counts.get(key, 0)
    count = text(surface, f"x{held}", (minus.x - 10, r.y + 6), 22, theme.HIGHLIGHT, True, "topright") if held else None
    price_right = (count.x if count else minus.x) - 12
    price = text(
        surface,
        f"{points(s.model.prices[key])} pts",
        (price_right, r.y + 6),
        22,
        theme.TEXT if affordable else theme.TEXT_DIM,
        True,
        "topright",
    )
    text(surface, cut(kind.name, 22, price.x - 12 - left, True), (left, r.y + 6), 22, theme.TEXT, True)
    text(surface, cut(key_numbers(kind), 17, minus.x - 10 - left), (left, r.y + 32), 17, theme.TEXT_DIM)
    for box, sign, on in ((plus, "+", affordable), (minus, "-", held > 0)):
        hover = box.collidepoint(s.mouse) and on
        pygame.draw.rect(surface, theme.BUTTON_HOVER if hover else theme.BUTTON, box, border_radius=5)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=5)
        text(surface, sign, box.center, 28, theme.TEXT if on else theme.TEXT_DIM, True, "center")


@lru_cache(maxsize=2048)  # the same rows are cut the same way frame after frame
def cut(words: str, size: int, width: int, bold: bool = False) -> str:
    """The words, cut short with an ellipsis to fit `width` pixels."""
    f = font(size, bold)
    if f.size(words)[0] <= width:
        return words
    while words and f.size(words + "…")[0] > width:
        words = words[:-1]
    return words.rstrip(" ,") + "…"


def _bought(s: ArmyScreen, surface: pygame.Surface) -> None:
    if s.app.size[0] < NARROW:
        return
    x = 40 + list_width(s.app.size) + 24
    m = s.model
    text(surface, f"Bought: {sum(m.counts.values())} creatures", (x, LIST_TOP), 22, theme.TEXT, True)
    rects = bought_rects(s)
    for key, r in rects.items():
        n = m.counts[key]
        if r.collidepoint(s.mouse):
            pygame.draw.rect(surface, theme.BUTTON_HOVER, r, border_radius=4)
        words = cut(kind_words(m.kinds[key], n), 20, r.w - 60)
        text(surface, words, (r.x + 6, r.centery), 20, theme.TEXT, anchor="midleft")
        text(surface, points(n * m.prices[key]), (r.right - 6, r.centery), 20, theme.TEXT_DIM, anchor="midright")
    y = LIST_TOP + 40 + 30 * len(rects)
    if not rects:
        text(surface, "nothing yet: + or Right buys the kind chosen", (x, y - 6), 18, theme.TEXT_DIM)
        y += 24
    text(surface, f"room: {m.squares()} of {m.room} squares of your zone", (x, y + 6), 18, theme.TEXT_DIM)
    names = ", ".join(s.lists) if s.lists else "none yet"
    width = s.app.size[0] - x - 40
    listed = wrap(f"Saved lists (L): {names}", 18, width)[:3]
    for i, line in enumerate(listed):
        text(surface, line, (x, y + 32 + 20 * i), 18, theme.TEXT_DIM)
    y += 32 + 20 * len(listed) + 16
    if not m.offered:
        return
    # the chosen kind in full, what it is before its numbers: its row cuts long spell lists short
    lines = card_lines(m.kinds[s.chosen], s.descriptions.get(s.chosen, ""))
    draw_card(surface, lines, (x, y), width, s.app.size[1] - 100)


def name_box(s: ArmyScreen, surface: pygame.Surface) -> None:
    """The name of the list being saved, typed in a box over the message line."""
    w, h = s.app.size
    box = pygame.Rect(40, h - 104, min(640, w - 80), 32)
    pygame.draw.rect(surface, (10, 12, 18), box, border_radius=6)
    pygame.draw.rect(surface, theme.HIGHLIGHT, box, 2, border_radius=6)
    text(
        surface,
        f"Name this army list: {s.naming}_   (Enter saves, Esc gives up)",
        (box.x + 10, box.centery),
        20,
        anchor="midleft",
    )
