"""The battlefield: the map, the units, the overlays that show arcs and retreats, the
initiative track, the combat log, and the controls that turn clicks and keys into commands."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

import pygame

from game import ai, query
from game.battle import ACTIVATION, RETREAT, Battle, Pending
from game.commands import Command, Illegal
from game.events import Event
from game.rules.geometry import Pos
from game.scenario.model import Scenario
from game.systems.retreat import RetreatSpace
from game.ui.battle import battle_input, lesson_play, since
from game.ui.battle.ai_worker import AiWorker
from game.ui.battle.battle_input import SPEEDS
from game.ui.battle.legal import Legal
from game.ui.battle.lesson_play import LessonPlay
from game.ui.battle.modes import Aim, Click, Confirm, Hint, Input, Mode, MoveMode, OfferMode, Outcome, Turn
from game.ui.battle.retreat_mode import RetreatMode
from game.ui.battle.saving import autosave_at_round_end
from game.ui.common import help_keys, theme
from game.ui.common.art import Sprites, render_map, render_terrain
from game.ui.common.camera import Camera
from game.ui.common.combat_log import LogLine, display_name, log_layout
from game.ui.common.draw_cache import DrawCache
from game.ui.common.view import BattleView
from game.ui.common.widgets import Button
from game.ui.common.words import describe, units_in
from game.ui.draw import draw_bar, draw_battle
from game.ui.navigation import ToHandover, ToResult, go
from game.undo import History

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen


class BattleScreen:
    """One battle on screen. Human sides are played by mouse and keys; AI sides think in a
    worker process on a copy of the battle, so the window never waits on them."""

    def __init__(  # noqa: PLR0913  # a new battle's settings, keyword-only, each with a default
        self,
        app: App,
        scenario: Scenario,
        *,
        seed: int = 1,
        options: dict | None = None,
        controllers: dict[str, str] | None = None,
        ai_level: str = "baseline",
        threaded: bool = True,
        speed_i: int | None = None,
        battle: Battle | None = None,
    ) -> None:
        self.app = app
        self.scenario = scenario
        self.seed, self.options = seed, dict(options or {})
        self.controllers = {s: "ai" for s in scenario.sides}
        self.controllers.update(controllers or {})
        self.ai_level = ai_level
        self.battle = battle or Battle(scenario, seed=seed, options=self.options, controllers=self.controllers)
        self.battle.controllers.update(self.controllers)
        self.unshown: deque[tuple[int, LogLine]] = deque()  # (event number, line) not yet animated
        self.fed = 0  # events fed to the view so far
        self.played: list[Command] = []  # every command in order, human and AI: saves and crash logs replay them
        self.saved_at: int | None = None  # how many of them the last save by hand (or the one loaded) holds
        self.autosaves = True  # a save at every round's end (game/ui/battle/saving.py); off after a failed write
        self.view = BattleView.from_start(self.battle.events[0])
        self.view.pause_on_steps = app.settings.pause_on_steps
        self.log: list[LogLine] = []
        self.log_scroll = 0
        self.names = {u.id: display_name(u.id, u.side) for u in self.battle.world.units.values()}
        self.side_of = {u.id: u.side for u in self.battle.world.units.values()}
        self.history = History(self.names)  # the commands given, for undo and redo (game/undo.py)
        self.marks: dict[str, since.Mark] = {}  # each human side's last command, for its hand-over's recap
        self.feed(self.battle.events)
        self._set_up_art(scenario)
        self.threaded = threaded
        self.worker = AiWorker() if threaded else None
        self.ai_wait = 0.0
        self.speed_i = app.settings.speed_i if speed_i is None else speed_i  # None: the speed last chosen
        self._set_up_controls()
        self.lesson = LessonPlay.of(self)  # a lesson map's script (game/ui/battle/lesson_play.py)

    def _set_up_art(self, scenario: Scenario) -> None:
        """The map's picture, the sides' colours and marks, and a camera that shows the whole map."""
        self.sprites = Sprites()
        if scenario.path:
            self.map_surface, tile = render_map(scenario)
        else:
            tile = 32
            self.map_surface = render_terrain(scenario, tile)
        self.cache = DrawCache()
        self.side_colour = {s: theme.SIDE_COLOURS[i % len(theme.SIDE_COLOURS)] for i, s in enumerate(scenario.sides)}
        self.side_shape = {s: theme.SIDE_SHAPES[i % len(theme.SIDE_SHAPES)] for i, s in enumerate(scenario.sides)}
        w, h = self.app.size
        self.camera = Camera(
            tile,
            scenario.terrain.width,
            scenario.terrain.height,
            w - theme.SIDE_PANEL,
            h - theme.TOP_BAR - theme.BOTTOM_BAR,
        )
        self._fit_zoom()

    def _set_up_controls(self) -> None:
        self.mode: Mode = MoveMode()
        self.selected: str | None = None
        self.inspect: str | None = None
        self.hover_sq: Pos | None = None
        self.cursor: Pos | None = None
        self.mouse = (0, 0)
        self.decision_key = -1
        self.legal: Legal | None = None
        self.hover_log: LogLine | None = None
        self.message = ""
        self.drag_from: tuple[int, int] | None = None
        self.dragged = False
        self.last_human_side: str | None = None
        self.handover_needed = False
        self.finished_at: float | None = None
        self.shift_held = False

    # -- the loop ---------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_i]

    def _fit_zoom(self) -> None:
        """The largest zoom (no bigger than 1.5) at which the whole map fits, else 1."""
        cam = self.camera
        cam.zoom_i = 2
        for zi in (4, 3, 2):
            cam.zoom_i = zi
            if cam.map_w * cam.size <= cam.view_w and cam.map_h * cam.size <= cam.view_h:
                break
        cam.centre_on(cam.map_w / 2, cam.map_h / 2)

    def resize(self, w: int, h: int) -> None:
        self.camera.resize(w - theme.SIDE_PANEL, h - theme.TOP_BAR - theme.BOTTOM_BAR)

    def feed(self, events: list[Event]) -> None:
        """Show these events: animate them, and add each one's log line as its animation begins
        (the log never runs ahead of the board, paused at a step of the round's end or not)."""
        self.view.push(events)
        for e in events:
            words = describe(e, self.names)
            if words:
                self.unshown.append((self.fed, LogLine(words, units_in(e), e.round)))
            self.fed += 1
        self.reveal_log()

    def reveal_log(self, everything: bool = False) -> None:
        """Move to the log the lines of the events the view has begun to show (or all of them)."""
        begun = self.fed if everything else self.fed - len(self.view.queue)
        moved = False
        while self.unshown and self.unshown[0][0] < begun:
            self.log.append(self.unshown.popleft()[1])
            moved = True
        if moved:
            self.log_scroll = 0

    def human_turn(self) -> bool:
        b = self.battle
        free = self.lesson is None or self.lesson.lets_play(self)
        return not b.over and self.view.idle and b.pending().controller == "human" and free

    def update(self, dt: float) -> Screen | None:
        if self.lesson is not None and self.lesson.holds(self):
            return None  # a lesson's card is open: the battle waits until it is read
        lesson_play.animate(self, dt, self.speed if self.speed_i < len(SPEEDS) else 100.0)
        self.reveal_log()
        battle_input.edge_scroll(self, dt)
        b = self.battle
        if b.over:
            if self.view.idle:
                self.finished_at = (self.finished_at or 0.0) + dt
                if self.finished_at > 1.2:
                    self.close()
                    return go(self.app, ToResult(self))
            return None
        if not self.view.idle:
            return None
        p = b.pending()
        if self.lesson is not None and self.lesson.play_scripted(self):
            return None
        if p.controller == "ai":
            self._run_ai(dt)
            return None
        key = len(b.events)
        if key != self.decision_key:
            self._new_decision(p)
            self.decision_key = key
            if self.handover_needed and self.app.settings.handover:
                self.handover_needed = False
                return go(self.app, ToHandover(self, p.side or ""))
        return None

    def _run_ai(self, dt: float) -> None:
        if self.worker is not None and self.worker.busy:
            before = self.battle
            taken = self.worker.take(before)
            if taken is not None:
                # The worker played on a copy: this battle still stands before the command.
                side, draws = before.pending().side or "", before.ctx.rng.draws
                self.battle, events, cmd = taken
                self.history.record_ai(cmd, side, len(self.battle.events) - len(events), draws)
                self._took(cmd, events)
            return
        self.ai_wait += dt
        if self.ai_wait < 0.12 / self.speed:
            return
        self.ai_wait = 0.0
        level = self.ai_level if self.controllers.get(self.battle.pending().side or "") == "ai" else "baseline"
        if self.worker is None:
            self._apply(ai.decide(self.battle.copy(), level), human=False)
        else:
            self.worker.send(self.battle, level)

    def _apply(self, cmd: Command, human: bool = True) -> bool:
        """Send a command; a refusal is shown to the player and changes nothing."""
        b = self.battle
        side, count, draws = b.pending().side or "", len(b.events), b.ctx.rng.draws
        if human and self.lesson is not None and self.lesson.refuse(self, cmd):
            self.message = ""  # the lesson's card says why, beside the step's prompt
            return False
        try:
            events = self.history.apply(b, cmd) if human else b.apply(cmd)
        except Illegal as e:
            self.message = str(e)
            if self.lesson is not None:
                self.lesson.doing = None
            return False
        if not human:
            self.history.record_ai(cmd, side, count, draws)
        self.message = ""
        self._took(cmd, events)
        if human:
            since.note(self, side)
        return True

    def _took(self, cmd: Command, events: list[Event]) -> None:
        """A command the battle took: kept for saves, shown, and saved when it ended a round."""
        self.played.append(cmd)
        self.feed(events)
        self.mode = MoveMode()
        if self.lesson is not None:
            self.lesson.took(self)
        autosave_at_round_end(self, events)

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()

    def _new_decision(self, p: Pending) -> None:
        """Work out, once per decision, what the human may do: from the battle's query."""
        humans = [s for s, c in self.controllers.items() if c == "human"]
        if len(humans) > 1 and p.side != self.last_human_side:
            self.handover_needed = True
        self.last_human_side = p.side
        self.mode = RetreatMode() if p.kind == RETREAT else MoveMode()
        if p.kind == ACTIVATION:
            if self.selected not in p.units:
                self.selected = p.unit
            self.select(self.selected)
            u = self.battle.world[self.selected or ""]
            self.camera_follow(u.pos)
            self.cursor = u.pos
        else:
            self.selected = p.unit
            self.legal = None
            tgt = self.battle.world[p.target or ""]
            self.camera_follow(tgt.pos)
            self.cursor = tgt.pos
        if self.lesson is not None:
            self.lesson.focus(self)

    def select(self, uid: str | None) -> None:
        """Choose the unit to act (of those the decision allows) and ask what it may do."""
        self.selected = uid
        self.legal = Legal.of(self.battle, uid) if uid is not None else None

    def camera_follow(self, pos: Pos) -> None:
        cam = self.camera
        px, py = cam.to_screen(pos[0] + 0.5, pos[1] + 0.5)
        if not (cam.size * 2 <= px <= cam.view_w - cam.size * 2 and cam.size * 2 <= py <= cam.view_h - cam.size * 2):
            cam.centre_on(pos[0] + 0.5, pos[1] + 0.5)

    # -- where things are -------------------------------------------------------------

    def map_rect(self) -> pygame.Rect:
        return pygame.Rect(0, theme.TOP_BAR, self.camera.view_w, self.camera.view_h)

    def log_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(
            w - theme.SIDE_PANEL, theme.TOP_BAR + 200, theme.SIDE_PANEL, h - theme.TOP_BAR - 200 - theme.BOTTOM_BAR
        )

    def square_at(self, pos: tuple[int, int]) -> Pos | None:
        r = self.map_rect()
        if not r.collidepoint(pos):
            return None
        sq = self.camera.to_square(pos[0] - r.x, pos[1] - r.y)
        return sq if query.terrain(self.battle).inside(sq) else None

    def log_line_at(self, pos: tuple[int, int]) -> LogLine | None:
        r = self.log_rect()
        if not r.collidepoint(pos):
            return None
        return next(
            (line for line, rect, _ in log_layout(self.log, self.log_scroll, r) if rect.collidepoint(pos)), None
        )

    @property
    def buttons(self) -> list[Button]:
        """The bottom bar's buttons as they stand now, laid out."""
        return draw_bar.action_buttons(self)

    @property
    def retreat_space(self) -> RetreatSpace | None:
        """The retreat space the player picked, while choosing whether to follow."""
        return self.mode.space if isinstance(self.mode, RetreatMode) else None

    def shift(self) -> bool:
        """Whether Shift is held: attacks then come from the square with the best chance."""
        return bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) if not self.app.headless else self.shift_held

    HELP = help_keys.HELP  # F1

    def controllers_label(self, side: str | None) -> str:
        return f"{side} (you)" if sum(1 for c in self.controllers.values() if c == "human") == 1 else f"{side}"

    # -- input ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if self.lesson is not None and self.lesson.open is not None:
            return self.lesson.handle(self, event)
        return battle_input.handle(self, event)

    def _turn(self) -> Turn:
        return Turn(self.battle, self.selected or "", self.legal, self.shift())

    def send(self, event: Input) -> None:
        """Pass an input to the mode and follow its answer."""
        self._follow(self.mode.handle(event, self._turn()))

    def _follow(self, out: Outcome) -> None:
        if isinstance(out, Command):
            if not self._apply(out):
                self.mode = self.mode.refused(out)
        elif isinstance(out, Hint):
            self.message = out.text
        elif out is not None:
            self.mode = out
            self.message = out.hint()

    def aim(self, sq: Pos) -> None:
        """The pointer or cursor came onto a square: a mode that aims (the facing) follows it."""
        aimed = self.mode.handle(Aim(sq), self._turn())
        if isinstance(aimed, Mode):
            self.mode = aimed
            if isinstance(aimed, OfferMode):
                self.message = aimed.hint()  # who the offer would go to, and whether it must check

    def confirm(self) -> None:
        """Enter: what the mode makes of it, else a click on the keyboard cursor's square."""
        out = self.mode.handle(Confirm(), self._turn())
        if out is not None:
            self._follow(out)
        elif self.cursor is not None:
            self.click(self.cursor)

    def cancel(self) -> None:
        self.mode = self.mode.cancel() or self.mode
        self.message = ""

    def click(self, sq: Pos) -> None:
        """A click (or Enter on the keyboard cursor) on a square of the map."""
        if not self.human_turn():
            self.inspect = self.battle.world.at(sq)
            return
        p = self.battle.pending()
        who = self.battle.world.at(sq)
        if p.kind != RETREAT and who in p.units and who != self.selected and self.mode.lets_select:
            self.select(who)
            return
        self.send(Click(sq))

    # -- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        draw_battle.draw(self, surface)
