"""A campaign's screen: its battles as a graph (where the company stands, what it won and lost,
what lies ahead) and the card of the next battle, or of the battle pointed at. Enter goes to the
camp before the next battle; once the campaign is over, back to the menu."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

import pygame

from game.campaign.keys import VICTORY
from game.campaign.spec import END
from game.ui.campaign import graph
from game.ui.campaign.briefing import card_lines
from game.ui.campaign.camp import CampScreen
from game.ui.campaign.run import Run
from game.ui.common import help_keys, spoken, theme
from game.ui.common.widgets import Button, layout_row, text, wrap
from game.ui.navigation import ToCampaign, ToMenu, go

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

CARD_W = 380
MIN_CARD_SIZE = 15  # a card's words are drawn no smaller than this, however long
SMALLEST_CUT = 8  # and no line more than this many points under its own size


class CampaignScreen:
    HELP = help_keys.CAMPAIGN  # F1

    def __init__(self, app: App, run: Run, message: str = "") -> None:
        self.app = app
        self.run = run
        self.mouse = (0, 0)
        self.message = message

    def camp(self) -> Screen | None:
        if self.run.battle is None:
            return self.menu()
        return CampScreen(self.app, self.run)

    def menu(self) -> Screen:
        return go(self.app, ToMenu())

    def graph_area(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(40, 130, w - self.card_w - 120, h - 250)

    @property
    def card_w(self) -> int:
        """The card's width: narrower on a narrow canvas, so the graph keeps room for its words."""
        return CARD_W if self.app.size[0] >= 1200 else CARD_W - 60

    def pointed(self) -> str | None:
        """The battle whose box the pointer is on."""
        for key, r in graph.boxes(self.run.spec, self.graph_area()).items():
            if r.collidepoint(self.mouse) and key != END:
                return key
        return None

    @property
    def buttons(self) -> list[Button]:
        w, h = self.app.size
        over = self.run.battle is None
        row = [
            Button("Back to the menu" if over else "To the camp", "Enter", self.camp),
            Button("Menu", "Esc", self.menu),
        ]
        layout_row(row, pygame.Rect(40, h - 56, w - 80, 36))
        return row

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    return cast("Screen | None", b.action())
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.camp()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.menu()
        return None

    def update(self, dt: float) -> Screen | None:
        return None

    def resize(self, w: int, h: int) -> None:
        """Nothing to fit: laid out from the window's size as it draws."""

    def close(self) -> None:
        """Nothing held: the campaign is saved between battles."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL_BG)
        run, state = self.run, self.run.state
        w, h = self.app.size
        text(surface, run.spec.title, (40, 24), 48, theme.TEXT, True)
        iron = ", ironman" if state.ironman else ""
        sub = f"{state.company.name}{iron}: day {state.day}, {spoken.counted('battle', len(state.fought))} fought, {state.company.crowns} crowns"
        text(surface, sub, (42, 76), 22, theme.TEXT_DIM)
        if self.message:
            text(surface, self.message, (42, 102), 18, theme.TEXT_WARN)
        draw_graph(surface, run, self.graph_area(), self.pointed())
        _legend(surface, self.graph_area())
        card = pygame.Rect(w - self.card_w - 40, 130, self.card_w, h - 210)
        draw_card(surface, card, card_lines(run, self.pointed()))
        for b in self.buttons:
            b.draw(surface, self.mouse)


def draw_graph(surface: pygame.Surface, run: Run, area: pygame.Rect, pointed: str | None) -> None:
    spec, state = run.spec, run.state
    boxes = graph.boxes(spec, area)
    followed = graph.taken(state)
    pal = theme.palette()
    for br in graph.branches(spec):
        if br.start in boxes and br.end in boxes:
            colour = pal.may if br.words == "won" else pal.refused if br.words == "lost" else theme.TEXT_DIM
            _arrow(surface, boxes[br.start], boxes[br.end], colour, br.words, (br.start, br.end) in followed)
    tallies = graph.tallies(state)
    for key, r in boxes.items():
        here = key == state.next and state.outcome is None
        fill = theme.BUTTON_ACTIVE if here else theme.BUTTON_HOVER if key == pointed else theme.BUTTON
        pygame.draw.rect(surface, fill, r, border_radius=8)
        edge = theme.HIGHLIGHT if here else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, r, 3 if here else 1, border_radius=8)
        title = "The end" if key == END else spec.battles[key].title
        # A long title: smaller, on a third line ("The Causeway over Harrow Gorge").
        size, most = next(((z, n) for z, n in ((18, 2), (16, 3)) if len(wrap(title, z, r.w - 12)) <= n), (16, 3))
        lines = wrap(title, size, r.w - 12)[:most]
        for i, line in enumerate(lines):
            y = r.centery - (size + 2) * len(lines) // 2 + (size + 2) * i
            text(surface, line, (r.centerx, y), size, theme.TEXT, True, "midtop")
        t = tallies.get(key)
        parts = ["the company is here"] if here else []
        if t is not None:
            # "lost 1" under a box was read as a member lost: the count is of battles fought there
            parts += [
                p for p in (f"won {_times(t.won)}" if t.won else "", f"lost {_times(t.lost)}" if t.lost else "") if p
            ]
        said = "; ".join(parts)
        if key == END and state.outcome is not None:
            said = f"campaign {'won' if state.outcome == VICTORY else 'lost'}"
        if said:
            text(
                surface,
                said,
                (r.centerx, r.bottom + 3),
                16,
                theme.HIGHLIGHT if here else theme.TEXT_DIM,
                anchor="midtop",
            )


def _arrow(  # one arrow: its two boxes, its colour and words, whether taken
    surface: pygame.Surface, a: pygame.Rect, b: pygame.Rect, colour: tuple[int, int, int], words: str, taken: bool
) -> None:
    """A branch from box a to box b, its words beside it; a battle that leads to itself gets a
    loop over its box. A branch the company followed is drawn thick."""
    width = 4 if taken else 2
    if a == b:
        loop = pygame.Rect(0, 0, 60, 40)
        loop.midbottom = (a.centerx + (-24 if words == "lost" else 24), a.y + 14)
        pygame.draw.arc(surface, colour, loop, 0, math.pi, width)
        text(surface, words, (loop.centerx, loop.y - 2), 16, colour, True, "midbottom")
        return
    start = (a.right, a.centery) if b.x > a.x else (a.centerx, a.bottom if b.y > a.y else a.y)
    end = (b.x, b.centery) if b.x > a.x else (b.right, b.centery)
    pygame.draw.line(surface, colour, start, end, width)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    tip = [
        end,
        (end[0] - 12 * math.cos(angle - 0.4), end[1] - 12 * math.sin(angle - 0.4)),
        (end[0] - 12 * math.cos(angle + 0.4), end[1] - 12 * math.sin(angle + 0.4)),
    ]
    pygame.draw.polygon(surface, colour, tip)
    # The words above the boxes' tops: the gap between two boxes is narrower than the words.
    mid = ((start[0] + end[0]) // 2, min(start[1], end[1]) - (a.h // 2 if start[1] == a.centery else 0) - 2)
    text(surface, words, mid, 16, colour, True, "midbottom")


def _legend(surface: pygame.Surface, area: pygame.Rect) -> None:
    words = (
        "The outlined box: the next battle. A thick arrow: a branch the company took. Point at a battle for its card."
    )
    for i, line in enumerate(wrap(words, 16, area.w)):
        text(surface, line, (area.x, area.bottom + 8 + 18 * i), 16, theme.TEXT_DIM)


def draw_card(surface: pygame.Surface, card: pygame.Rect, lines: list[tuple[str, int, bool]]) -> None:
    """A card: a panel of lines (words, size, bold), wrapped to its width. Lines too long for it
    are drawn smaller, down to a size still read with ease; then the longest (a story's opening)
    loses its end to an ellipsis, so the facts after it stay on the card (the Causeway's opening
    once pushed the pay and where the battle leads off its foot)."""
    pygame.draw.rect(surface, (30, 33, 40), card, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, card, 1, border_radius=10)
    width, room = card.w - 28, card.h - 22
    for smaller in range(0, SMALLEST_CUT + 1, 2):
        sized = _smaller(lines, smaller)
        fitted = [(wrap(words, size, width), size, bold) for words, size, bold in sized]
        if _height(fitted) <= room:
            break
    i = max(range(len(fitted)), key=lambda k: len(fitted[k][0]))
    words, size, bold = sized[i]
    kept = words.split()
    while _height(fitted) > room and len(kept) > 1:
        kept.pop()
        fitted[i] = (wrap(" ".join(kept) + " …", size, width), size, bold)
    y = card.y + 14
    for parts, size, bold in fitted:
        colour = theme.TEXT if bold or size >= 20 else theme.TEXT_DIM
        for part in parts:
            if y + size > card.bottom - 8:
                return
            text(surface, part, (card.x + 14, y), size, colour, bold)
            y += size + 4
        y += 8


def _smaller(lines: list[tuple[str, int, bool]], by: int) -> list[tuple[str, int, bool]]:
    return [(words, max(MIN_CARD_SIZE, size - by), bold) for words, size, bold in lines]


def _height(fitted: list[tuple[list[str], int, bool]]) -> int:
    return sum(len(parts) * (size + 4) + 8 for parts, size, _ in fitted)


def opened(app: App, request: ToCampaign) -> Screen:
    """The campaign's screen (navigation.go's builder)."""
    return CampaignScreen(app, request.run, request.message)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")
