"""The replay viewer: a played battle shown at any moment, as it was then (the board, facings, the
combat log up to that event, the initiative track, the retreat arrows of an end of round), played
back or stepped through by event, decision or round, forward and back, and taken over from any
moment as a new game.

The stage is an ordinary battle screen that is only drawn: its battle is the timeline's battle at
the last decision, its tokens that battle's world with the events since played onto them."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import pygame

from game.core import events as ev
from game.core.battle import RETREAT
from game.history.timeline import Timeline
from game.home.settings import VIEWER_SPEEDS
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import help_keys, theme
from game.ui.common.combat_log import LogLine
from game.ui.common.view import BattleView
from game.ui.common.widgets import Button, text, tooltip
from game.ui.common.words import describe, units_in
from game.ui.draw import draw_battle, minimap
from game.ui.navigation import Request, go
from game.ui.viewer import viewer_bar

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

SPEEDS = VIEWER_SPEEDS  # playback speeds, chosen with , and . (the last one chosen is remembered)
FORWARD = 200  # events: a step forward up to this many plays them on; further, the view is rebuilt
LOG_EVERY = 0.1  # seconds: in playback the log follows at most this often (its panel is redrawn each time)
GROW = 0.008  # seconds a frame gives the AI to replay more of a timeline still growing (a 60 Hz frame: 0.017)
HOLD = 0.8  # seconds (at speed 1) playback rests on a retreat choice, so its arrows are seen
STEPS = {  # key -> (what a step is, direction); Shift and Ctrl change an arrow's step
    pygame.K_RIGHT: ("event", 1),
    pygame.K_LEFT: ("event", -1),
    pygame.K_PAGEDOWN: ("round", 1),
    pygame.K_PAGEUP: ("round", -1),
}
ZOOM_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}


@dataclass
class ReplayView(BattleView):
    """The stage's view. Between two decisions (inside one command's events) it is never idle,
    so what waits on the decision (the retreat arrows) shows only at the decision itself."""

    between: bool = False

    @property
    def idle(self) -> bool:
        return self.current is None and not self.queue and not self.waiting_for_key and not self.between


@dataclass
class Source:
    """What a take-over needs besides the battle: the rule options, the seed, the AI's level."""

    seed: int
    options: dict[str, object]
    ai_level: str = "normal"
    threaded: bool = True


class ViewerScreen:
    """A timeline on screen. `back` gives the screen Esc returns to; without one, Esc quits."""

    HELP = help_keys.VIEWER  # F1

    def __init__(self, app: App, t: Timeline, source: Source, back: Callable[[], Screen] | None = None) -> None:
        self.app, self.t, self.source, self.back = app, t, source, back
        start = t.battle_at(0)
        self.taken_up_round = start.round  # a battle taken up under newer rules begins there
        self.stage = BattleScreen(app, start.scenario, seed=source.seed, threaded=False, battle=start)
        self.stage.view = ReplayView(tokens=BattleView.from_start(t.events[0]).tokens, heard=app.sound.play_for)
        self.stage.view.sync(start.world)  # a timeline may begin mid-battle (a hot-seat recap)
        self.lines: list[LogLine] = []
        self.line_count = [0]  # for each moment, how many lines its events have given
        _more_log_lines(t.events, self.stage.session.names, self.lines, self.line_count)
        self.cmd = 0  # the commands the stage's battle has had
        self.moment = t.first
        self.playing = False
        self.speed_i = app.settings.viewer_speed_i
        self.chunk_end = t.first  # where the events pushed for playback end
        self.hold = 0.0
        self.log_age = 0.0  # seconds since playback last brought the log up to date
        self.mouse = (0, 0)
        self.drag_from: tuple[int, int] | None = None
        self.next: Screen | None = None
        self.drawn = False  # a timeline still growing grows only once the first frame is up
        self.go(t.first)

    # -- the moment --------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_i]

    @property
    def battle_moment(self) -> int:
        """The moment of the stage's battle: the last decision at or before the moment shown."""
        return self.t.decisions[self.cmd]

    def go(self, moment: int) -> None:
        """Show the moment at once, as it was: stop playback, rebuild what differs."""
        t = self.t
        moment = max(t.first, min(t.length, moment))
        self.playing, self.hold, self.chunk_end = False, 0.0, moment
        v = self._view()
        if self.moment <= moment <= self.moment + FORWARD and v.current is None and not v.queue:
            v.push(t.events[self.moment : moment])  # a little forward: play the events on
        else:
            self._battle_to(t.command_at(moment))
            v.rewind(self.stage.battle.world, t.round_at(self.battle_moment))
            v.push(t.events[self.battle_moment : moment])
        keep_floaters = moment == self.moment + 1
        v.skip()
        if not keep_floaters:
            v.floaters.clear()
        self._shown(moment)

    def step(self, by: str, direction: int) -> None:
        self.go(self.t.step(self.moment, by, direction))

    def _view(self) -> ReplayView:
        assert isinstance(self.stage.view, ReplayView)
        return self.stage.view

    def _battle_to(self, c: int) -> None:
        """Put the stage's battle after `c` commands: the next command applied, else rebuilt."""
        if c == self.cmd + 1:
            self.stage.session.replay(self.t.commands[self.cmd])
        elif c != self.cmd:
            self.stage.session.seek(self.t.battle_at(c))
        self.cmd = c

    def _shown(self, moment: int) -> None:
        """The moment is on screen: its battle, the log up to it, the event just shown marked."""
        t, v = self.t, self._view()
        self._battle_to(t.command_at(moment))
        self.moment = moment
        v.between = moment != self.battle_moment
        v.round = t.round_at(moment)
        v.recent = ev.involved(t.events[moment - 1]) if moment > 0 else []
        self.stage.inspect = self._card_unit()
        n = self.line_count[moment]
        self.stage.log = self.lines[:n]
        self.stage.log_scroll = 0
        self.stage.hover_log = self.lines[n - 1] if n else None  # the current line, highlighted

    def _card_unit(self) -> str | None:
        """Whose card the panel shows: at a decision, the creature to act (or the foe that may be
        driven back); between decisions, the first creature in the event just shown."""
        v, b = self._view(), self.stage.battle
        if v.between or b.over:
            return v.recent[0] if v.recent else None
        p = b.pending()
        return p.target if p.kind == RETREAT else p.unit

    # -- playback ----------------------------------------------------------------------

    def toggle_play(self) -> None:
        if self.moment >= self.t.length and self.t.complete:
            self.go(self.t.first)
        self.playing = not self.playing

    def update(self, dt: float) -> Screen | None:
        if self.drawn and not self.t.complete and self.t.grow(time.perf_counter() + GROW):
            _more_log_lines(self.t.events, self.stage.session.names, self.lines, self.line_count)
        v = self._view()
        v.update(dt, self.speed)
        self.log_age += dt
        if self.moment < self.chunk_end:
            self._follow_playback()
        if self.playing and v.current is None and not v.queue:
            self._play_on(dt)
        nxt, self.next = self.next, None
        return nxt

    def _follow_playback(self) -> None:
        v = self._view()
        moment = self.chunk_end - len(v.queue) - (1 if v.current is not None else 0)
        if moment == self.moment:
            return
        self.moment = moment
        if self.log_age >= LOG_EVERY or moment == self.chunk_end:
            self.log_age = 0.0
            n = self.line_count[moment]
            self.stage.log = self.lines[:n]
            self.stage.hover_log = self.lines[n - 1] if n else None

    def _play_on(self, dt: float) -> None:
        """Playback: the rest of this command's events go to the view to animate, then the next
        command's; at a retreat choice it rests a moment so the arrows are seen."""
        t, v = self.t, self._view()
        if self.chunk_end == self.moment and self.moment != self.battle_moment:
            self._shown(self.moment)  # a command's events are all shown: its decision is reached
            b = self.stage.battle
            if not b.over and b.pending().kind == RETREAT:
                self.hold = HOLD
        if self.hold > 0:
            self.hold -= dt * self.speed
            return
        if self.moment >= t.length:
            self.playing = not t.complete  # playback waits for the AI where it still replays
            return
        c = t.command_at(self.moment)
        self.chunk_end = t.decisions[c + 1]
        v.between = True
        v.push(t.events[self.moment : self.chunk_end])

    # -- input -------------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        """The bar's buttons, laid out for the window's size."""
        bs = [
            viewer_bar.small_button("Pause" if self.playing else "Play", "Space", self.toggle_play, self.playing),
            viewer_bar.small_button("|< round", "PgUp or Ctrl+Left", lambda: self.step("round", -1)),
            viewer_bar.small_button("< turn", "Shift+Left", lambda: self.step("decision", -1)),
            viewer_bar.small_button("< event", "Left", lambda: self.step("event", -1)),
            viewer_bar.small_button("event >", "Right", lambda: self.step("event", 1)),
            viewer_bar.small_button("turn >", "Shift+Right", lambda: self.step("decision", 1)),
            viewer_bar.small_button("round >|", "PgDn or Ctrl+Right", lambda: self.step("round", 1)),
            viewer_bar.small_button("Take over", "T: a new game from this moment", self.take_over),
            viewer_bar.small_button("Back" if self.back else "Quit", "Esc", self.leave),
        ]
        _, h = self.app.size
        viewer_bar.layout(bs, pygame.Rect(8, h - theme.BOTTOM_BAR + 5, 0, 24))
        return bs

    def track(self) -> viewer_bar.Track:
        w, h = self.app.size
        return viewer_bar.Track(self.t, pygame.Rect(16, h - 32, w - 32, 28))

    def take_over(self) -> None:
        self.playing = False
        self.next = go(self.app, ToTakeOver(self))

    def leave(self) -> None:
        if self.back is None:
            self.app.quit()
        else:
            self.next = self.back()

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key, event.mod)
        elif event.type == pygame.MOUSEMOTION:
            self._pointer(event.pos, event.rel, any(event.buttons[1:3]))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
            self.drag_from = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            self.drag_from = None
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event.y)
        nxt, self.next = self.next, None
        return nxt

    def _key(self, k: int, mod: int) -> None:
        arrow = k in (pygame.K_LEFT, pygame.K_RIGHT)
        if arrow and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.step("round", 1 if k == pygame.K_RIGHT else -1)
        elif arrow and mod & pygame.KMOD_SHIFT:
            self.step("decision", 1 if k == pygame.K_RIGHT else -1)
        elif k in STEPS:
            self.step(*STEPS[k])
        elif k == pygame.K_HOME:
            self.go(self.t.first)
        elif k == pygame.K_END:
            self.go(self.t.length)
        elif k == pygame.K_SPACE:
            self.toggle_play()
        elif k in (pygame.K_PERIOD, pygame.K_COMMA):
            self.speed_i = max(0, min(len(SPEEDS) - 1, self.speed_i + (1 if k == pygame.K_PERIOD else -1)))
            self.app.remember(viewer_speed=self.speed)
        elif k in ZOOM_KEYS:  # as on the battle screen, about the map's centre
            cam = self.stage.camera
            cam.zoom_at(ZOOM_KEYS[k], cam.view_w // 2, cam.view_h // 2)
        elif k == pygame.K_z:  # the whole map, as on the battle screen
            self.stage.camera.fit_map()
        elif k == pygame.K_t:
            self.take_over()
        elif k == pygame.K_ESCAPE:
            self.leave()
        elif k == pygame.K_F11:
            self.app.toggle_fullscreen()

    def _pointer(self, pos: tuple[int, int], rel: tuple[int, int], dragging: bool) -> None:
        s = self.stage
        self.mouse = s.mouse = pos
        if dragging and self.drag_from is not None:
            s.camera.pan(-rel[0], -rel[1])
        s.hover_sq = s.square_at(pos)

    def _click(self, pos: tuple[int, int]) -> None:
        for b in self.buttons():
            if b.hit(pos):
                b.action()
                return
        tr = self.track()
        if tr.rect.inflate(0, 12).collidepoint(pos):
            self.go(tr.moment_at(pos[0]))
            return
        if minimap.click(self.stage, pos):
            return
        sq = self.stage.square_at(pos)
        if sq is not None:
            self.stage.inspect = self.stage.battle.world.at(sq)

    def _wheel(self, step: int) -> None:
        s = self.stage
        if s.map_rect().collidepoint(self.mouse):
            r = s.map_rect()
            s.camera.zoom_at(1 if step > 0 else -1, self.mouse[0] - r.x, self.mouse[1] - r.y)

    # -- the screen --------------------------------------------------------------------

    def resize(self, w: int, h: int) -> None:
        self.stage.resize(w, h)

    def close(self) -> None:
        """Nothing runs in the background: the stage thinks for no one."""

    def draw(self, surface: pygame.Surface) -> None:
        draw_battle.draw_field(self.stage, surface)
        w, h = self.app.size
        bar = pygame.Rect(0, h - theme.BOTTOM_BAR, w, theme.BOTTOM_BAR)
        pygame.draw.rect(surface, (16, 18, 24), bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
        buttons = self.buttons()
        for b in buttons:
            b.draw(surface, self.mouse)
        x = buttons[-1].rect.right + 14
        words = f"x{self.speed:g} [, .]   event {self.moment} of {self.t.length}"
        if not self.t.complete:
            words += " so far (replaying)"
        if self.t.earlier:  # a battle taken up under newer rules: its start is where that happened
            words += f"   rules changed in round {self.taken_up_round}: the rounds before as recorded"
        text(surface, words, (x, bar.y + 17), 17, theme.TEXT_DIM, anchor="midleft")
        viewer_bar.draw_legend(surface, w - 12, bar.y + 17)
        viewer_bar.draw_track(surface, self.track(), self.moment, self.stage.cache)
        tip = next((b.tip for b in buttons if b.tip and b.rect.collidepoint(self.mouse)), "")
        if tip:
            tooltip(surface, tip, (self.mouse[0], bar.y - 6))
        self.drawn = True


def _more_log_lines(events: list[ev.Event], names: dict[str, str], lines: list[LogLine], count: list[int]) -> None:
    """The log lines of the events not yet in `count` (for each moment, how many lines its events
    have given), added to `lines` and `count`."""
    for e in events[len(count) - 1 :]:
        words = describe(e, names)
        if words:
            lines.append(LogLine(words, units_in(e), e.round))
        count.append(len(lines))


@dataclass(frozen=True)
class ToTakeOver(Request):
    """Taking over from the moment the replay viewer `viewer` shows, as a new game (a request of
    game/ui/navigation.py, declared beside the screen it carries)."""

    ROOM: ClassVar[str] = "game.ui.viewer.takeover"
    viewer: ViewerScreen
