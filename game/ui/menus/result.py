"""The end of a battle: who won, what it cost each side, and each side's strength by round."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.core.events import BattleEnd
from game.play.runner import summary
from game.save.map_paths import is_quick_map
from game.ui.battle import players
from game.ui.battle.battle_screen import BattleScreen, ToResult
from game.ui.battle.saving import retire_autosaves, save_by_hand
from game.ui.common import help_keys, theme
from game.ui.common.after_battle import AfterBattle
from game.ui.common.stats import strength_by_round
from game.ui.common.widgets import Button, font, layout_row, text
from game.ui.menus import course
from game.ui.menus.menu import MenuScreen
from game.ui.navigation import ToQuick, go
from game.ui.viewer.takeover import viewer_of_played

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen


# Seconds the result ignores keys after it opens: Enter also confirms attacks and lesson cards, and
# one Enter too many threw the result away (issue 37). Counted in the frames' time (update's dt).
COLUMNS = ("casualties", "retreats", "knockdowns", "morale_failures", "fled", "surrendered")


class Cell(NamedTuple):
    """One cell of the table of losses, as drawn."""

    words: str
    size: int
    at: tuple[int, int]
    colour: tuple[int, int, int] = theme.TEXT
    bold: bool = False


class ResultScreen(AfterBattle):
    HELP = help_keys.RESULT  # F1

    def __init__(self, app: App, battle_screen: BattleScreen) -> None:
        self.app, self.bs = app, battle_screen
        b = battle_screen.battle
        end = b.events[-1]
        assert isinstance(end, BattleEnd)  # the result screen opens when the battle is over
        self.end = end
        self.summary = summary(b)
        self.series = strength_by_round(b.events)
        self.completed, self.message = course.completed_now(battle_screen)  # the message: where the
        # replay was saved, why it could not be, or what became of the lessons' progress file
        retired = retire_autosaves(battle_screen.session)  # Continue never offers this battle again
        self.message = self.message or retired
        self.next_path = course.next_lesson(battle_screen.session.scenario.path)
        self.course_words = course.progress_words() if battle_screen.session.scenario.lesson else ""
        # A quick battle's map is named by its digest (game/ui/quick/field.py): "again" is the same battle.
        self.quick = is_quick_map(battle_screen.session.scenario.path)

    def again(self) -> Screen:
        """The battle again: a quick battle the same (map, armies, seed), any other on the next seed."""
        bs = self.bs
        return BattleScreen(
            self.app,
            bs.session.scenario,
            seed=bs.session.seed + (0 if self.quick else 1),
            options=bs.session.options,
            controllers=bs.session.controllers,
            ai_level=bs.session.ai_level,
            threaded=bs.session.threaded,
        )

    def new_one(self) -> Screen:
        """A quick battle's setup, on a field not played yet."""
        return go(self.app, ToQuick(fresh=True))

    def watch(self) -> Screen:
        """The replay viewer on the battle just played; Esc comes back here."""
        return viewer_of_played(self.bs, back=lambda: self)

    def save(self) -> None:
        """Save the battle as a new file in the saves folder, never over another; say where."""
        self.message = save_by_hand(self.bs.session)

    def next_lesson(self) -> Screen | None:
        """The next lesson of the course, started as the menu would; a map that fails says why."""
        if self.next_path is None:
            return None
        made = course.lesson_screen(self.app, self.next_path)
        if isinstance(made, str):
            self.message = made
            return None
        return made

    def menu(self) -> Screen:
        return MenuScreen(self.app)

    def quit(self) -> None:
        self.app.quit()

    @property
    def buttons(self) -> list[Button]:
        """The buttons, placed for the window's size."""
        w, h = self.app.size
        buttons = [
            Button("Same battle again" if self.quick else "Play again", "A", self.again),
            *([Button("A new one", "G", self.new_one)] if self.quick else []),
            *([Button("Next lesson", "N", self.next_lesson)] if self.next_path else []),
            Button("Watch the replay", "W", self.watch),
            Button("Save the replay", "S", self.save, enabled=bool(self.bs.session.scenario.path)),
            Button("Menu", "Esc", self.menu),
            Button("Quit", "Q", self.quit),
        ]
        layout_row(buttons, pygame.Rect(w // 2 - 430, h - 60, 860, 34))
        return buttons

    def key(self, k: int) -> Screen | None:
        """A key: each names one thing to do, and Enter none (it confirms too much elsewhere)."""
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            again = "the same battle again" if self.quick else "again"
            self.message = f"A plays {again}" + (", N the next lesson" if self.next_path else "") + ", Esc the menu"
        elif k == pygame.K_a:
            return self.again()
        elif k == pygame.K_ESCAPE:
            return self.menu()
        elif k == pygame.K_q:
            self.quit()
        elif k == pygame.K_w:
            return self.watch()
        elif k == pygame.K_n:
            return self.next_lesson()
        elif k == pygame.K_g and self.quick:
            return self.new_one()
        elif k == pygame.K_s and self.bs.session.scenario.path:
            self.save()
        return None

    def resize(self, w: int, h: int) -> None:
        """Nothing to fit: the screen lays itself out from the window's size as it draws."""

    def close(self) -> None:
        """Nothing to release: the battle screen closed its AI worker when the battle ended."""

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(theme.PANEL_BG)
        winner = self.end.winner
        colour = self.bs.side_colour.get(winner, theme.TEXT) if winner else theme.TEXT
        title = f"{players.label(self.bs.session, winner)} wins" if winner else "A draw"
        text(surface, title, (w // 2, 40), 64, colour, True, "midtop")
        text(
            surface,
            f"{self.bs.session.scenario.title} — {self.end.rounds} rounds ({self.end.reason.replace('_', ' ')})",
            (w // 2, 100),
            24,
            theme.TEXT_DIM,
            anchor="midtop",
        )
        if self.bs.session.scenario.lesson is not None:
            done = "Lesson completed" if self.completed else "Lesson not completed: what it teaches was not shown"
            text(surface, f"{done} — {self.course_words}", (w // 2, 128), 20, course.TICK, anchor="midtop")
        y = self._table(surface, 160)
        self._chart(surface, pygame.Rect(80, y + 60, w - 160, h - y - 160))
        for b in self.buttons:
            b.draw(surface, self.mouse)
        if self.message:
            text(surface, self.message, (w // 2, h - 84), 18, theme.TEXT_DIM, anchor="midbottom")

    def table_cells(self, top: int = 160) -> list[Cell]:
        """The table of losses, cell by cell: each column's heading, then per side its name and
        its counts. The columns share out the canvas's width left over from their widest words,
        so the table fits the least canvas the game lays out (1024x600)."""
        w = self.app.size[0]
        labels = {side: players.label(self.bs.session, side) for side in self.summary}
        name_w = max((font(24, True).size(words)[0] for words in labels.values()), default=0)
        widths = [
            max(font(20).size(c.replace("_", " "))[0], *(font(24).size(str(n[c]))[0] for n in self.summary.values()))
            for c in COLUMNS
        ]
        margin, spare = 80, w - name_w - sum(widths)
        if (spare - 2 * margin) / len(COLUMNS) < 16:  # a narrow canvas: nearer its edges first
            margin = 24
        gap = min(60.0, max(8.0, (spare - 2 * margin) / len(COLUMNS)))
        xs, x = [], margin + name_w + gap
        for cw in widths:
            xs.append(round(x))
            x += cw + gap
        cells = [Cell(c.replace("_", " "), 20, (xs[i], top), theme.TEXT_DIM) for i, c in enumerate(COLUMNS)]
        y = top
        for side, counts in self.summary.items():
            y += 30
            cells.append(Cell(labels[side], 24, (margin, y), self.bs.side_colour[side], True))
            cells += [Cell(str(counts[c]), 24, (xs[i], y)) for i, c in enumerate(COLUMNS)]
        return cells

    def _table(self, surface: pygame.Surface, top: int) -> int:
        """Draw the table of losses; the y of its last row."""
        y = top
        for c in self.table_cells(top):
            y = text(surface, c.words, c.at, c.size, c.colour, c.bold).y
        return y

    def chart_labels(self) -> tuple[list[str], list[str]]:
        """The chart's x-axis (the start, then each round's end) and its y-axis scale (none, half
        and the most hit points either side had)."""
        n = max(len(v) for v in self.series.values())
        top = self._top()
        return [str(i) for i in range(n)], ["0", str(round(top / 2)), str(top)]

    def _top(self) -> int:
        return max((max(v) for v in self.series.values() if v), default=1) or 1

    def _chart(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """Each side's hit points still fighting, at the start and after each round."""
        pygame.draw.rect(surface, (30, 33, 40), r)
        text(surface, "strength (hit points still fighting) by round", (r.x + 8, r.y + 6), 18, theme.TEXT_DIM)
        rounds, scale = self.chart_labels()
        top, n = self._top(), len(rounds)
        left = r.x + 50  # room for the scale's numbers

        def at(i: int, v: float) -> tuple[float, float]:
            return left + i * (r.right - 20 - left) / max(1, n - 1), r.bottom - 20 - v * (r.h - 50) / top

        for words, v in zip(scale, (0, top / 2, top), strict=True):
            y = at(0, v)[1]
            pygame.draw.line(surface, (50, 54, 64), (left, y), (r.right - 20, y))
            text(surface, words, (left - 8, y), 17, theme.TEXT_DIM, anchor="midright")
        for side, values in self.series.items():
            if len(values) < 2:
                continue
            pts = [at(i, v) for i, v in enumerate(values)]
            pygame.draw.lines(surface, self.bs.side_colour[side], False, pts, 3)
            for p in pts:
                pygame.draw.circle(surface, self.bs.side_colour[side], p, 4)
        for i, words in enumerate(rounds):
            text(surface, words, (at(i, 0)[0], r.bottom - 18), 17, theme.TEXT_DIM, anchor="midtop")


def opened(app: App, request: ToResult) -> Screen:
    """The result of the battle on `request.battle` (navigation.go's builder)."""
    return ResultScreen(app, request.battle)
