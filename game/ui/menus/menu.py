"""The main menu: pick a scenario, a mode, your side and the rule options, then play."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

import pygame

from game.core.options import Rule, menu_rules
from game.core.rules.dice import DICE
from game.history.saved_battle import load_save
from game.home.bundled import MAPS
from game.home.settings import MODES, check
from game.levels import MENU_LEVELS, shown, words
from game.save.autosave import is_finished, list_saves, saves_folder
from game.save.progress import load_progress, progress_path
from game.save.savefile import SaveError
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import theme
from game.ui.common.draw_cache import DrawCache
from game.ui.common.widgets import Button, layout_row, text, wrap
from game.ui.menus import menu_keys, menu_list, menu_players
from game.ui.menus.entries import Entry, shipped_scenarios
from game.ui.menus.menu_details import draw_details
from game.ui.menus.menu_words import TIPS, SeedField, save_label
from game.ui.menus.resume import opened_screen
from game.ui.navigation import ToCampaigns, ToMenu, ToOnline, ToQuick, ToSaves, ToSettings, go
from game.ui.sandbox.sandbox import SandboxScreen

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

MODE_NAMES = {"solo": "Solo vs AI", "hotseat": "Hot-seat", "watch": "Watch AI vs AI"}


class MenuScreen:
    def __init__(self, app: App, entries: list[Entry] | None = None) -> None:
        self.app = app
        self.entries = entries if entries is not None else shipped_scenarios()
        last = app.settings  # the choices made the last time (game/home/settings.py)
        self.index = next((i for i, e in enumerate(self.entries) if e.path.name == last.scenario), 0)
        self.top = 0  # the first entry the list shows: it scrolls to keep the chosen one in sight
        self.mode = last.mode
        self.side_i = last.side
        self.options = {r.name: last.rule(r.name) for r in menu_rules()}  # None: the map's own
        self.ai_level = last.ai_level
        self.mouse = (0, 0)
        self.thumbs = DrawCache()
        self.newest_save = self._resumable()  # Continue opens it
        self.progress = load_progress()  # the lessons completed: ticked in the list
        self.new_player = not progress_path().exists()  # no lesson played yet: the way in is offered
        self.error = self.progress.problem  # why Continue could not open it, or the progress file be read
        self.seed = SeedField()
        self.players = menu_players.PlayersField(app)  # hot-seat names, typed after P

    @property
    def HELP(self) -> menu_keys.Sheet:  # F1 reads every screen's HELP
        """The menu's F1 sheet: its own key table (menu_keys.py)."""
        return menu_keys.sheet()

    @property
    def handover(self) -> bool:
        """Hot-seat: a screen between the players' turns; the settings screen sets it too."""
        return self.app.settings.handover

    @handover.setter
    def handover(self, on: bool) -> None:
        self.app.remember(handover=on)

    @property
    def entry(self) -> Entry:
        return self.entries[self.index]

    def _value(self, rule: Rule) -> object:
        if self.options.get(rule.name) is not None:
            return self.options[rule.name]
        sc = self.entry.scenario
        return sc.options.get(rule.name, rule.default) if sc else rule.default

    def _cycle(self, rule: Rule) -> None:
        self.options[rule.name] = _next(rule.choices(), self._value(rule))

    def start(self) -> Screen | None:
        scenario = self.entry.scenario if self.entries else None
        if scenario is None:
            return None
        sides = scenario.sides
        self.seed.end()
        lesson = scenario.lesson  # a lesson with a script: solo on its side, its seed and AI level
        if lesson is not None:
            humans = {lesson.player}
        else:  # watch: none
            humans = {"solo": {sides[self.side_i % len(sides)]}, "hotseat": set(sides)}.get(self.mode, set())
        controllers = {s: ("human" if s in humans else "ai") for s in sides}
        seed = lesson.seed if lesson is not None and not self.seed.chosen else self.seed.value
        return BattleScreen(
            self.app,
            scenario,
            seed=seed,
            dice=lesson.dice_for(seed) if lesson is not None else DICE,
            options={r.name: self._value(r) for r in menu_rules()},
            controllers=controllers,
            ai_level=lesson.opponent if lesson is not None else self.ai_level,
            threaded=not self.app.headless,
        )

    def sandbox(self) -> Screen | None:
        """The sandbox on the chosen map: its units to change, or to clear and place anew."""
        from game.scenario.sandbox_setup import map_kinds  # noqa: PLC0415  # read when asked for

        scenario = self.entry.scenario if self.entries else None
        if scenario is None:
            return None
        return SandboxScreen(self.app, scenario, map_kinds(scenario.path), seed=self.seed.value)

    def _resumable(self, after: Path | None = None) -> Path | None:
        """The newest save of a battle not over (older than `after`, if given), or None."""
        saves = [p for p in list_saves(saves_folder()) if not is_finished(p)]
        return next(iter(saves[saves.index(after) + 1 :] if after in saves else saves), None)

    def continue_saved(self) -> Screen | None:
        """The newest save of a battle not over, resumed where it was left; a save that cannot
        load says why here, and one of an ended battle (named otherwise) gives way to the next."""
        path = self.newest_save
        if path is None:
            return None
        try:
            battle, record = load_save(path)
        except SaveError as e:
            self.error = str(e)
            return None
        if battle.over:
            self.newest_save = self._resumable(after=path)
            self.error = f"{path.stem}: that battle is over (Saves, L, still lists it)"
            return None
        return opened_screen(self.app, battle, record, threaded=not self.app.headless)

    def settings(self) -> Screen:
        """The settings screen over the menu; Esc comes back here."""
        return go(self.app, ToSettings(self))

    def remember(self) -> None:
        """Write down the choices as they stand, for the next time the menu opens."""
        name = self.entry.path.name if self.entries else ""
        sides = len(self.entry.scenario.sides) if self.entries and self.entry.scenario else 1
        self.app.remember(
            mode=self.mode,
            side=self.side_i % sides,
            ai_level=self.ai_level,
            scenario=name if check("scenario", name) is None else "",
            **self.options,
        )

    def handle(self, event: pygame.event.Event) -> Screen | None:
        nxt = self._handle(event)
        self.remember()
        return nxt

    def _handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for b in self.buttons:
                if b.hit(event.pos):
                    return cast("Screen | None", b.action())
            for i, r in self._list_rects().items():
                if r.collidepoint(event.pos):
                    self.index = i
        elif event.type == pygame.MOUSEWHEEL and self.entries:
            self.index = min(max(self.index - event.y, 0), len(self.entries) - 1)
        elif event.type == pygame.KEYDOWN and self.players.typing:
            self.players.key(event)
        elif event.type == pygame.KEYDOWN and self.seed.typing:
            self.seed.key(event.key)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return None

    def _key(self, k: int) -> Screen | None:
        """A key of the menu's table (menu_keys.py) calls its method; a rule option's cycles it."""
        found = menu_keys.BY_KEY.get(k)
        rule = menu_keys.rule_keys().get(k)
        if found is not None and (self.entries or not found[1].needs_map):
            return cast("Screen | None", getattr(self, found[0])())
        if rule is not None and self.entries:
            self._cycle(rule)
        return None

    # -- what the keys and buttons do -------------------------------------------------------

    def quit(self) -> None:
        self.app.quit()

    def quick(self) -> Screen:
        return go(self.app, ToQuick())

    def campaigns(self) -> Screen:
        return go(self.app, ToCampaigns())

    def online(self) -> Screen:
        return go(self.app, ToOnline())

    def saves(self) -> Screen:
        return go(self.app, ToSaves())

    def first_lesson(self) -> Screen | None:
        """The course's first lesson, chosen and started (the way in for a new player)."""
        i = menu_list.first_lesson(self.entries)
        if i is None:
            return None
        self.index = i
        return self.start()

    def next_section(self) -> None:
        self.index = menu_list.next_section(self.entries, self.index)

    def choose_previous(self) -> None:
        self.index = (self.index - 1) % len(self.entries)

    def choose_next(self) -> None:
        self.index = (self.index + 1) % len(self.entries)

    def next_mode(self) -> None:
        self.mode = str(_next(MODES, self.mode))

    def next_side(self) -> None:
        self.side_i += 1

    def toggle_handover(self) -> None:
        self.handover = not self.handover

    def name_players(self) -> None:
        if self.mode == "hotseat":
            self.players.begin(len(self.entry.scenario.sides) if self.entry.scenario else 2)

    def next_ai_level(self) -> None:
        if self.mode != "hotseat":  # hot-seat has no AI side to set
            self.ai_level = str(_next(MENU_LEVELS, self.ai_level))

    def type_seed(self) -> None:
        self.seed.begin()

    def update(self, dt: float) -> Screen | None:
        return None

    def resize(self, w: int, h: int) -> None:
        """Nothing to fit: the menu lays itself out from the window's size as it draws."""

    def close(self) -> None:
        """The window closes on the menu: keep its choices."""
        self.remember()

    def _continue_button(self) -> Button:
        titles = {e.path.stem: e.scenario.title for e in self.entries if e.scenario is not None}
        label = f"Continue: {save_label(self.newest_save, titles)}" if self.newest_save else "Continue (no save yet)"
        return Button(label, "C", self.continue_saved, enabled=self.newest_save is not None)

    def _lines(self) -> list[str | int]:
        return menu_list.lines(self.entries)

    def _list_layout(self) -> menu_list.Layout:
        self.top, shown = menu_list.layout(self.entries, self.index, self.top, self.app.size[1])
        return shown

    def _list_rects(self) -> dict[int, pygame.Rect]:
        """Where each scenario line in sight sits, by its index in the list."""
        return {item: r for item, r in self._list_layout() if isinstance(item, int)}

    def _play_buttons(self, e: Entry, you: str) -> list[Button]:
        """Who plays what: the mode and its settings; a lesson's are its own (always played solo)."""
        lesson = e.scenario.lesson if e.scenario else None
        if lesson is not None:
            tip = "a lesson is played solo on its own side, against its own AI and seed"
            return [Button(f"Lesson: you play {lesson.player}", "", lambda: None, enabled=False, tip=tip)]
        mode = MODE_NAMES[self.mode]
        row1 = [Button(f"Mode: {mode}", "M", self.next_mode, tip=TIPS["mode"])]
        if self.mode == "solo":
            row1.append(Button(f"You play: {you}", "S", self.next_side, tip=TIPS["side"]))
        elif self.mode == "hotseat":
            label = f"Hand-over screen: {'on' if self.handover else 'off'}"
            toggle = Button(label, "H", self.toggle_handover, tip=TIPS["handover"])
            seats = len(e.scenario.sides) if e.scenario else 2
            row1 += [toggle, Button(self.players.label(seats), "P", self.name_players, tip=menu_players.TIP)]
        if self.mode != "hotseat":  # hot-seat has no AI side to set
            level = self.ai_level
            tip = f"{TIPS['ai']} {shown(level).capitalize()}: {words(level)}."
            row1.append(Button(f"AI: {shown(level)}", "4", self.next_ai_level, tip=tip))
        return row1

    @property
    def buttons(self) -> list[Button]:
        """The option and start buttons as they stand now, laid out."""
        w, h = self.app.size
        top = self._top_buttons()
        if not self.entries:
            last = [self._continue_button(), Button("Settings", "O", self.settings), Button("Quit", "Q", self.quit)]
            layout_row(last, pygame.Rect(40, h - 50, w - 80, 34))
            return [*top, *last]
        e = self.entry
        sides = e.scenario.sides if e.scenario else ["?"]
        you = sides[self.side_i % len(sides)]
        row1 = self._play_buttons(e, you)
        row1.append(Button(self.seed.label(), "5", self.type_seed, active=self.seed.typing, tip=TIPS["seed"]))
        row2 = [self._rule_button(r) for r in menu_rules()]
        row3 = [
            Button("Start", "Enter", self.start, enabled=e.scenario is not None),
            Button(
                "Sandbox",
                "B",
                self.sandbox,
                enabled=e.scenario is not None,
                tip="Set up any fight on this map, then step through it",
            ),
            self._continue_button(),
            Button("Settings", "O", self.settings),
            Button("Saves", "L", self.saves, tip="Every save and autosave: load, rename or delete"),
            Button("Quit", "Q", self.quit),
        ]
        layout_row(row1, pygame.Rect(40, h - 130, w - 80, 32))
        layout_row(row2, pygame.Rect(40, h - 90, w - 80, 32))
        layout_row(row3, pygame.Rect(40, h - 50, w - 80, 34))
        return [*top, *row1, *row2, *row3]

    def _top_buttons(self) -> list[Button]:
        """Right of the title: Quick battle, Play online and, for a new player, the way in."""
        top = [
            Button("Quick battle", "K", self.quick, tip=TIPS["quick"]),
            Button("Campaign", "A", self.campaigns, tip=TIPS["campaign"]),
            Button("Play online", "N", self.online, tip=TIPS["online"]),
        ]
        if self.new_player and menu_list.first_lesson(self.entries) is not None:
            top.append(Button("New to Rout? Start with the first lesson", "F", self.first_lesson, tip=TIPS["way_in"]))
        layout_row(top, pygame.Rect(0, 36, 0, 40))
        right = self.app.size[0] - 40
        for b in top:  # laid from the right, the first rightmost
            b.rect.right, right = right, right - b.rect.w - 6
        return top

    def _rule_button(self, rule: Rule) -> Button:
        """A rule option's button: its label and value; a click or its key cycles the value."""
        label = f"{rule.label}: {rule.shown(self._value(rule))}"
        return Button(label, str(rule.menu_key), lambda: self._cycle(rule), tip=rule.help)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL_BG)
        text(surface, "ROUT", (40, 24), 72, theme.TEXT, True)
        words = "battles under AD&D 2e Combat & Tactics: facing, retreats, fatigue, morale"
        text(surface, words, (44, 82), 22, theme.TEXT_DIM)
        if not self.entries:
            text(surface, f"No scenarios found: {MAPS} holds no maps.", (44, 140), 22, theme.TEXT_WARN)
            text(surface, "Reinstall Rout, or open a map of your own: rout play MAP.tmx", (44, 170), 20)
        menu_list.draw(surface, self.entries, self._list_layout(), self.index, self.progress.completed)
        if self.entries:
            draw_details(self.entry, self.thumbs, self.app.size, surface)
        if self.error:  # a save's refusal names its file and a command: wrapped, its last line where one line was
            lines = wrap(self.error, 18, self.app.size[0] - 480)
            for i, line in enumerate(lines):
                text(surface, line, (440, self.app.size[1] - 158 - 22 * (len(lines) - 1 - i)), 18, theme.TEXT_WARN)
        buttons = self.buttons
        for b in buttons:
            b.draw(surface, self.mouse)
        tip = next((b.tip for b in buttons if b.tip and b.rect.collidepoint(self.mouse)), "")
        if tip:
            self._draw_tip(surface, tip)

    def _draw_tip(self, surface: pygame.Surface, tip: str) -> None:
        """What the option under the pointer changes, in a box above the buttons."""
        w, h = self.app.size
        lines = wrap(tip, 18, w - 500)[:4]  # over the description, never over the list
        box = pygame.Rect(440, h - 140 - 20 * len(lines) - 10, w - 480, 20 * len(lines) + 10)
        pygame.draw.rect(surface, (10, 12, 18), box, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
        for i, line in enumerate(lines):
            text(surface, line, (box.x + 10, box.y + 5 + 20 * i), 18, theme.TEXT)


def _next(values: tuple[object, ...], current: object) -> object:
    """The value after current, round to the first."""
    return values[(values.index(current) + 1) % len(values)]


def opened(app: App, request: ToMenu) -> Screen:
    """The main menu (navigation.go's builder)."""
    return MenuScreen(app)
