"""The battlefield: the map, the units, the overlays that show arcs and retreats, the
initiative track, the combat log, and the controls that turn clicks and keys into commands."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass

import pygame

from game import ai, query
from game.battle import ACTIVATION, RETREAT, Battle
from game.commands import Action, Command, Illegal
from game.rules.geometry import VECTORS, facing_toward, footprint
from game.scenario.model import Scenario
from game.ui import draw_battle, theme
from game.ui.art import Sprites, render_map, render_terrain
from game.ui.camera import Camera
from game.ui.view import BattleView
from game.ui.widgets import Button
from game.ui.words import describe, units_in

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
EDGE = 12  # pixels from the window edge that scroll the map


@dataclass
class LogLine:
    words: str
    ids: list[str]
    round: int


class BattleScreen:
    """One battle on screen. Human sides are played by mouse and keys; AI sides think in a
    worker process on a copy of the battle, so the window never waits on them."""

    def __init__(
        self,
        app,
        scenario: Scenario,
        seed: int = 1,
        options: dict | None = None,
        controllers: dict[str, str] | None = None,
        ai_level: str = "baseline",
        threaded: bool = True,
        speed_i: int = 1,
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
        self.view = BattleView.from_start(self.battle.events[0])
        self.log: list[LogLine] = []
        self.names = {u.id: display_name(u.id, u.side) for u in self.battle.world.units.values()}
        self.side_of = {u.id: u.side for u in self.battle.world.units.values()}
        self._feed(self.battle.events)
        self.sprites = Sprites()
        if scenario.path:
            self.map_surface, tile = render_map(scenario)
        else:
            tile = 32
            self.map_surface = render_terrain(scenario, tile)
        self._scaled: tuple[int, pygame.Surface] | None = None
        self.side_colour = {s: theme.SIDE_COLOURS[i % len(theme.SIDE_COLOURS)] for i, s in enumerate(scenario.sides)}
        self.side_shape = {s: theme.SIDE_SHAPES[i % len(theme.SIDE_SHAPES)] for i, s in enumerate(scenario.sides)}
        w, h = app.size
        self.camera = Camera(
            tile,
            scenario.terrain.width,
            scenario.terrain.height,
            w - theme.SIDE_PANEL,
            h - theme.TOP_BAR - theme.BOTTOM_BAR,
        )
        self._fit_zoom()
        self.threaded = threaded
        # The AI thinks in its own process: a thread would share the interpreter with the
        # window and could hold up a frame for tens of milliseconds on a big battle.
        self.pool = (
            ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) if threaded else None
        )
        if self.pool is not None:
            self.pool.submit(int)  # start the worker now, while the screen opens, not in a frame
        self.future: Future | None = None
        self.ai_wait = 0.0
        self.speed_i = speed_i
        self.mode = "move"
        self.selected: str | None = None
        self.inspect: str | None = None
        self.hover_sq: tuple[int, int] | None = None
        self.cursor: tuple[int, int] | None = None
        self.mouse = (0, 0)
        self.pending_path: tuple | None = None
        self.pending_facing = 0
        self.retreat_space: dict | None = None
        self.decision_key = -1
        self.legal: dict = {}
        self.log_scroll = 0
        self.hover_log: LogLine | None = None
        self.message = ""
        self.drag_from: tuple[int, int] | None = None
        self.dragged = False
        self.last_human_side: str | None = None
        self.handover_needed = False
        self.finished_at: float | None = None
        self.buttons: list[Button] = []
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

    def _feed(self, events: list[dict]) -> None:
        self.view.push(events)
        for e in events:
            words = describe(e, self.names)
            if words:
                self.log.append(LogLine(words, units_in(e), e["round"]))
        self.log_scroll = 0

    def human_turn(self) -> bool:
        b = self.battle
        return not b.over and self.view.idle and b.pending().controller == "human"

    def update(self, dt: float):
        self.view.update(dt, self.speed if self.speed_i < len(SPEEDS) else 100.0)
        self._edge_scroll(dt)
        b = self.battle
        if b.over:
            if self.view.idle:
                self.finished_at = (self.finished_at or 0.0) + dt
                if self.finished_at > 1.2:
                    from game.ui.result import ResultScreen

                    self._close()
                    return ResultScreen(self.app, self)
            return None
        if not self.view.idle:
            return None
        p = b.pending()
        if p.controller == "ai":
            return self._run_ai(dt)
        key = len(b.events)
        if key != self.decision_key:
            self._new_decision(p)
            self.decision_key = key
            if self.handover_needed:
                self.handover_needed = False
                from game.ui.handover import HandoverScreen

                return HandoverScreen(self.app, self, p.side or "")
        return None

    def _run_ai(self, dt: float):
        if self.future is None:
            self.ai_wait += dt
            if self.ai_wait < 0.12 / self.speed:
                return None
            self.ai_wait = 0.0
            level = self.ai_level if self.controllers.get(self.battle.pending().side or "") == "ai" else "baseline"
            if self.pool is None:
                self._apply(ai.decide(ai.thinking_copy(self.battle), level))
                return None
            self.future = self.pool.submit(_think_and_play, ai.thinking_copy(self.battle), level)
            return None
        if self.future.done():
            after, events = self.future.result()
            self.future = None
            # The worker played the command on an exact copy; take its state as the battle's
            # (but keep our terrain: it never changes, and it holds the movement tables built so far).
            self.battle.ctx.events.extend(events)
            after.ctx.events = self.battle.ctx.events
            after.ctx.terrain = self.battle.ctx.terrain
            self.battle = after
            self._feed(events)
            self.mode, self.pending_path, self.retreat_space = "move", None, None
        return None

    def _apply(self, cmd: Command) -> None:
        """Send a command; a refusal is shown to the player and changes nothing."""
        try:
            events = self.battle.apply(cmd)
        except Illegal as e:
            self.message = str(e)
            return
        self.message = ""
        self._feed(events)
        self.mode, self.pending_path, self.retreat_space = "move", None, None

    def _close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)

    def _new_decision(self, p) -> None:
        """Work out, once per decision, what the human may do: from the battle's query."""
        humans = [s for s, c in self.controllers.items() if c == "human"]
        if len(humans) > 1 and p.side != self.last_human_side:
            self.handover_needed = True
        self.last_human_side = p.side
        self.mode, self.pending_path, self.retreat_space = ("retreat" if p.kind == RETREAT else "move"), None, None
        if p.kind == ACTIVATION:
            if self.selected not in p.units:
                self.selected = p.unit
            self._legal_for(self.selected)
            u = self.battle.world[self.selected]
            self.camera_follow(u.pos)
            self.cursor = u.pos
        else:
            self.selected = p.unit
            self.legal = {}
            tgt = self.battle.world[p.target]
            self.camera_follow(tgt.pos)
            self.cursor = tgt.pos

    def _legal_for(self, uid: str | None) -> None:
        if uid is None:
            self.legal = {}
            return
        b = self.battle
        full = query.moves(b, uid)
        half = query.moves(b, uid, half=True)
        melee = query.attack_options(b, uid, "melee")
        missile = query.attack_options(b, uid, "missile")
        best: dict[str, query.AttackOption] = {}
        for o in melee:
            if o.target not in best or (o.chance, -o.cost) > (best[o.target].chance, -best[o.target].cost):
                best[o.target] = o
        here = {o.target: o for o in melee if o.cost == 0}
        shots = {o.target: o for o in missile if o.cost == 0}
        allowed = query.allowed_actions(b, uid)
        self.legal = {
            "unit": uid,
            "full": full,
            "half": half,
            "melee": best,
            "melee_here": here,
            "missile": shots,
            "withdraw": query.withdraw_squares(b, uid) if Action.WITHDRAW in allowed else {},
            "allowed": allowed,
        }

    def camera_follow(self, pos) -> None:
        cam = self.camera
        px, py = cam.to_screen(pos[0] + 0.5, pos[1] + 0.5)
        if not (cam.size * 2 <= px <= cam.view_w - cam.size * 2 and cam.size * 2 <= py <= cam.view_h - cam.size * 2):
            cam.centre_on(pos[0] + 0.5, pos[1] + 0.5)

    def _edge_scroll(self, dt: float) -> None:
        if not pygame.mouse.get_focused() or self.app.headless:
            return
        x, y = self.mouse
        w, h = self.app.size
        dx = -1 if x < EDGE else (1 if x > w - EDGE else 0)
        dy = -1 if y < EDGE else (1 if y > h - EDGE else 0)
        if dx or dy:
            self.camera.pan(dx * 600 * dt, dy * 600 * dt)

    # -- input ------------------------------------------------------------------------

    def map_rect(self) -> pygame.Rect:
        return pygame.Rect(0, theme.TOP_BAR, self.camera.view_w, self.camera.view_h)

    def log_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(
            w - theme.SIDE_PANEL, theme.TOP_BAR + 200, theme.SIDE_PANEL, h - theme.TOP_BAR - 200 - theme.BOTTOM_BAR
        )

    def square_at(self, pos) -> tuple[int, int] | None:
        r = self.map_rect()
        if not r.collidepoint(pos):
            return None
        sq = self.camera.to_square(pos[0] - r.x, pos[1] - r.y)
        return sq if self.battle.ctx.terrain.inside(sq) else None

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag_from is not None and any(event.buttons[1:3]):
                dx, dy = event.rel
                if abs(dx) + abs(dy) > 0:
                    self.dragged = True
                    self.camera.pan(-dx, -dy)
            self.hover_sq = self.square_at(event.pos)
            self.hover_log = self._log_line_at(event.pos)
            if self.mode == "facing" and self.hover_sq and self.pending_path:
                self._aim_facing(self.hover_sq)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button in (4, 5):
                return self._wheel(event.pos, 1 if event.button == 4 else -1)
            if event.button in (2, 3):
                self.drag_from, self.dragged = event.pos, False
                return None
            if event.button == 1:
                for b in self.buttons:
                    if b.hit(event.pos):
                        return b.action()
                sq = self.square_at(event.pos)
                if sq is not None:
                    self.cursor = sq
                    return self.click(sq)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            if event.button == 3 and not self.dragged:
                self.cancel()
            self.drag_from = None
        elif event.type == pygame.MOUSEWHEEL:
            return self._wheel(self.mouse, event.y)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
                self.shift_held = True
            return self.key(event.key, event.mod)
        elif event.type == pygame.KEYUP and event.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
            self.shift_held = False
        return None

    def _wheel(self, pos, step: int):
        if self.log_rect().collidepoint(pos):
            self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + step * 3))
        elif self.map_rect().collidepoint(pos):
            r = self.map_rect()
            self.camera.zoom_at(1 if step > 0 else -1, pos[0] - r.x, pos[1] - r.y)
        return None

    def key(self, k: int, mod: int = 0):
        if self.view.waiting_for_key:
            self.view.key()
            return None
        shift = mod & pygame.KMOD_SHIFT
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if k in arrows:
            dx, dy = arrows[k]
            if shift:
                self.camera.pan(dx * self.camera.size * 3, dy * self.camera.size * 3)
            else:
                cx, cy = self.cursor or (0, 0)
                t = self.battle.ctx.terrain
                self.cursor = (min(max(cx + dx, 0), t.width - 1), min(max(cy + dy, 0), t.height - 1))
                self.hover_sq = self.cursor
                self.camera_follow(self.cursor)
                if self.mode == "facing" and self.pending_path:
                    self._aim_facing(self.cursor)
            return None
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.mode == "facing":
                return self._confirm_move()
            if self.mode == "stand":
                return self._apply(Command("stand_up", self.selected or ""))
            if self.mode == "retreat" and self.battle.pending().kind == RETREAT and not self.battle.pending().spaces:
                p = self.battle.pending()
                return self._apply(Command("force_retreat", p.unit or "", target=p.target, to=None))
            if self.cursor is not None:
                return self.click(self.cursor)
            return None
        if k == pygame.K_ESCAPE:
            if self.mode in ("move", "retreat") and self.pending_path is None and self.retreat_space is None:
                return self._to_menu()
            self.cancel()
            return None
        if k == pygame.K_TAB:
            return self._cycle_target(-1 if shift else 1)
        if k in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS):
            self.camera.zoom_at(1, self.camera.view_w // 2, self.camera.view_h // 2)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_at(-1, self.camera.view_w // 2, self.camera.view_h // 2)
        elif k == pygame.K_SPACE:
            self.view.skip()
        elif k == pygame.K_PERIOD:
            self.speed_i = min(self.speed_i + 1, len(SPEEDS) - 1)
        elif k == pygame.K_COMMA:
            self.speed_i = max(self.speed_i - 1, 0)
        elif k == pygame.K_p:
            self.view.pause_on_steps = not self.view.pause_on_steps
        elif k == pygame.K_PAGEUP:
            self.log_scroll = min(len(self.log) - 1, self.log_scroll + 10)
        elif k == pygame.K_PAGEDOWN:
            self.log_scroll = max(0, self.log_scroll - 10)
        elif k == pygame.K_F11:
            self.app.toggle_fullscreen()
        elif self.human_turn():
            return self._action_key(k)
        return None

    def _action_key(self, k: int):
        p = self.battle.pending()
        if p.kind == RETREAT:
            if k == pygame.K_d:
                return self._apply(Command("decline_retreat", p.unit or "", target=p.target))
            if self.retreat_space is not None and k in (pygame.K_f, pygame.K_h):
                return self._force(follow=k == pygame.K_f)
            return None
        uid = self.selected or ""
        simple = {pygame.K_h: "hold", pygame.K_e: "hold", pygame.K_r: "rest", pygame.K_c: "set_vs_charge"}
        if k in simple:
            return self._apply(Command(simple[k], uid))
        modes = {
            pygame.K_m: "move",
            pygame.K_a: "attack",
            pygame.K_f: "fire",
            pygame.K_w: "withdraw",
            pygame.K_t: "turn",
            pygame.K_u: "stand",
        }
        if k in modes:
            self.set_mode(modes[k])
        return None

    def set_mode(self, mode: str) -> None:
        if mode == "stand" and Action.STAND_UP not in self.legal.get("allowed", ()):
            self.message = "only a prone creature stands up"
            return
        self.mode, self.pending_path = mode, None
        self.message = {
            "move": "click a square to move (full move); click a foe to attack",
            "attack": "click a foe in reach (after up to half a move)",
            "fire": "click a foe to shoot",
            "withdraw": "click a square to back away (half move, no free attacks)",
            "turn": "click a square to face it",
            "stand": "Enter: just stand; or click a square (half move) or a foe",
        }[mode]

    def cancel(self) -> None:
        if self.mode == "facing":
            self.mode, self.pending_path = "move", None
        elif self.retreat_space is not None:
            self.retreat_space = None
        elif self.mode not in ("move", "retreat"):
            self.mode = "move"
        self.message = ""

    def _to_menu(self):
        from game.ui.menu import MenuScreen

        self._close()
        return MenuScreen(self.app)

    def _cycle_target(self, step: int):
        targets = sorted(self.legal.get("melee", {}) or self.legal.get("missile", {}))
        if not targets:
            return None
        cur = self.battle.world.at(self.cursor) if self.cursor else None
        i = (targets.index(cur) + step) % len(targets) if cur in targets else 0
        self.cursor = self.battle.world[targets[i]].pos
        self.hover_sq = self.cursor
        self.camera_follow(self.cursor)
        return None

    def click(self, sq: tuple[int, int]):
        """A click (or Enter on the keyboard cursor) on a square of the map."""
        if not self.human_turn():
            who = self.battle.world.at(sq)
            self.inspect = who
            return None
        p = self.battle.pending()
        if p.kind == RETREAT:
            return self._click_retreat(p, sq)
        who = self.battle.world.at(sq)
        if who in p.units and who != self.selected and self.mode != "facing":
            self.selected = who
            self._legal_for(who)
            return None
        uid = self.selected or ""
        mode = self.mode
        if mode == "facing":
            self._aim_facing(sq)
            return self._confirm_move()
        if mode == "turn":
            u = self.battle.world[uid]
            return self._apply(Command("turn", uid, facing=facing_toward(u.pos, u.n, sq)))
        if mode == "stand":
            if who in self.legal["melee"] and self.legal["melee"][who].cost == 0:
                return self._apply(Command("stand_up", uid, target=who))
            if sq in self.legal["half"].costs and sq != self.battle.world[uid].pos:
                return self._apply(Command("stand_up", uid, path=tuple(self.legal["half"].path(sq))))
            return None
        if mode == "fire" or (
            mode == "move" and who in self.legal.get("missile", {}) and who not in self.legal["melee"]
        ):
            if who in self.legal.get("missile", {}):
                return self._apply(Command("fire", uid, target=who))
            self.message = "no shot at that square"
            return None
        if who in self.legal.get("melee", {}) and mode in ("move", "attack"):
            o = self.attack_choice(who)
            return self._apply(Command("attack", uid, path=o.path, target=who))
        if mode == "withdraw":
            if sq in self.legal["withdraw"]:
                return self._apply(Command("withdraw", uid, path=tuple(self.legal["half"].path(sq))))
            self.message = "a withdrawal must stay within half a move and lead away"
            return None
        if mode in ("move", "attack") and sq in self.legal.get("full", {}).costs if self.legal else False:
            u = self.battle.world[uid]
            if sq == u.pos:
                return None
            path = tuple(self.legal["full"].path(sq))
            self.pending_path = path
            a, b = path[-2], path[-1]
            self.pending_facing = VECTORS.index((b[0] - a[0], b[1] - a[1]))
            self.mode = "facing"
            self.message = "choose the facing: point with the mouse or arrows, click or Enter to confirm, Esc to cancel"
            return None
        return None

    def attack_choice(self, target: str) -> query.AttackOption:
        """Where a click attacks from: where the unit stands if it can; else, or with Shift held,
        the square with the best chance to hit (often a flank or the rear)."""
        shift = pygame.key.get_mods() & pygame.KMOD_SHIFT if not self.app.headless else self.shift_held
        if target in self.legal["melee_here"] and not shift:
            return self.legal["melee_here"][target]
        return self.legal["melee"][target]

    def _aim_facing(self, sq) -> None:
        end = self.pending_path[-1]
        if sq != end:
            self.pending_facing = facing_toward(end, self.battle.world[self.selected].n, sq)

    def _confirm_move(self):
        path, facing = self.pending_path, self.pending_facing
        self.pending_path = None
        self.mode = "move"
        return self._apply(Command("move", self.selected or "", path=path, facing=facing))

    def _click_retreat(self, p, sq):
        for s in p.spaces:
            if s["to"] == sq or sq in footprint(s["to"], self.battle.world[p.target].n):
                if s["follow_to"] is None:
                    return self._apply(
                        Command("force_retreat", p.unit or "", target=p.target, to=s["to"], follow=False)
                    )
                self.retreat_space = s
                self.message = "follow into the space it left [F], or hold your ground [H]?"
                return None
        self.message = "click one of the marked spaces, or decline [D]"
        return None

    def _force(self, follow: bool):
        p = self.battle.pending()
        s = self.retreat_space
        return self._apply(Command("force_retreat", p.unit or "", target=p.target, to=s["to"], follow=follow))

    def _log_line_at(self, pos) -> LogLine | None:
        r = self.log_rect()
        if not r.collidepoint(pos):
            return None
        for line, rect in getattr(self, "_log_rects", []):
            if rect.collidepoint(pos):
                return line
        return None

    def controllers_label(self, side: str | None) -> str:
        return f"{side} (you)" if sum(1 for c in self.controllers.values() if c == "human") == 1 else f"{side}"

    # -- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        draw_battle.draw(self, surface)


_worker_terrain: list = []  # the worker's own copy of the battlefield, kept between decisions


def _think_and_play(battle: Battle, level: str) -> tuple[Battle, list[dict]]:
    """In the worker: decide for the pending AI decision and play it on this copy of the battle,
    so neither the thinking nor the end of the round ever holds up a frame."""
    # Each decision arrives with a fresh copy of the same terrain; use the one kept from the
    # last decision, whose movement tables and AI maps are already built.
    if _worker_terrain and _worker_terrain[0] == battle.ctx.terrain:
        battle.ctx.terrain = _worker_terrain[0]
    else:
        _worker_terrain[:] = [battle.ctx.terrain]
    events = battle.apply(ai.decide(battle, level))
    return battle, events


def display_name(uid: str, side: str) -> str:
    """'red_orc_2' reads as 'Orc 2' in the log; the line's colour tells the side."""
    name = uid[len(side) + 1 :] if uid.startswith(side + "_") else uid
    return name.replace("_", " ").strip().capitalize() or uid
