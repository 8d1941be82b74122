"""What the screen shows: unit tokens rebuilt from the event log, animated one event at a time.

The view never decides a rule. It replays the battle's events, so what a watcher
sees is exactly what the log says happened; when idle it is checked against the
battle's own world.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from game.core import events as ev
from game.core.rules.conditions import BOOK, Condition
from game.core.rules.geometry import FACINGS, SIZE_SQUARES, VECTORS, Size
from game.core.world import World

# Seconds per event (or per step of a path) at speed 1.
DURATIONS = {
    "move": 0.11,
    "retreat": 0.4,
    "attack": 0.38,
    "death": 0.5,
    "knockdown": 0.3,
    "flee": 0.35,
    "withdraw": 0.3,
    "surrender": 0.35,
    "fled": 0.35,
    "end_step": 0.8,
    "round_start": 0.45,
    "first_strike": 0.5,
    "hazard": 0.4,
    "stand_up": 0.15,
    "turn": 0.06,
    "rally": 0.3,
}

# What floats over a creature that was not driven back, by the reason.
REFUSED = {
    "level": "too mighty",
    "size": "too big",
    "knocked_down": "down",
    "stood_fast": "stands fast",
    "already_retreated": "gave ground already",
}


# The conditions a token shows, by a letter or an icon: their records say which (game.core.rules.conditions).
TOKEN_CONDITIONS = frozenset(r.name for r in BOOK if r.mark or r.icon)


@dataclass
class Token:
    id: str
    side: str
    kind: str
    n: int
    x: float
    y: float
    facing: str
    hp: int
    hp_max: int
    hero: bool = False
    leader: bool = False
    prone: bool = False
    morale: str = "steady"
    life: str = "fighting"
    fatigue: str = "fresh"
    conditions: frozenset[Condition] = frozenset()  # the conditions it shows (hasted, held, charging, ...)
    alpha: float = 1.0
    lunge: tuple[float, float] = (0.0, 0.0)

    # Counts every change to any token, its making included: the board keeps its list of the
    # tokens' pictures while the count and the tokens shown stay (reading a hundred tokens whole
    # each frame to see whether one changed took a twentieth of the frame).
    changes: ClassVar[int] = 0

    def __setattr__(self, name: str, value: object) -> None:
        Token.changes += 1
        object.__setattr__(self, name, value)


@dataclass
class Floater:
    text: str
    x: float
    y: float
    colour: tuple[int, int, int]
    age: float = 0.0


@dataclass
class BattleView:
    tokens: dict[str, Token] = field(default_factory=dict)
    queue: deque[ev.Event] = field(default_factory=deque)
    current: ev.Event | None = None
    elapsed: float = 0.0
    floaters: list[Floater] = field(default_factory=list)
    banner: str = ""
    banner_left: float = 0.0
    step_banner: str = ""
    pause_on_steps: bool = False
    waiting_for_key: bool = False
    round: int = 0
    recent: list[str] = field(default_factory=list)  # ids in the event being shown
    heard: Callable[[ev.Event], None] | None = None  # told of each event as it begins: its sound

    @staticmethod
    def from_start(start: ev.Event) -> BattleView:
        """The tokens as the battle starts (its first event)."""
        assert isinstance(start, ev.BattleStart), start
        v = BattleView()
        for u in start.units:
            n = SIZE_SQUARES[Size(u.size)]
            tok = Token(
                u.id, u.side, u.kind, n, float(u.pos[0]), float(u.pos[1]), u.facing, u.hp, u.hp, u.hero, u.leader
            )
            tok.hp_max = u.hp_max or u.hp
            tok.prone = bool(u.prone)
            tok.fatigue = u.fatigue_state or ("fatigued" if u.force_marched else "fresh")
            tok.morale = u.morale_state or "steady"
            v.tokens[u.id] = tok
        return v

    def push(self, events: list[ev.Event]) -> None:
        self.queue.extend(events)

    @property
    def idle(self) -> bool:
        return self.current is None and not self.queue and not self.waiting_for_key

    def skip(self) -> None:
        """Finish every queued animation at once."""
        self.waiting_for_key = False
        if self.current is not None:
            self._finish(self.current)
            self.current = None
        while self.queue:
            self._finish(self.queue.popleft())
        self.banner_left = 0.0

    def key(self) -> None:
        self.waiting_for_key = False

    def update(self, dt: float, speed: float = 1.0) -> None:
        for f in self.floaters:
            f.age += dt
        self.floaters = [f for f in self.floaters if f.age < 1.1]
        self.banner_left = max(0.0, self.banner_left - dt * max(speed, 1.0))
        if self.waiting_for_key:
            return
        budget = dt * speed
        while budget > 0:
            if self.current is None:
                if not self.queue:
                    return
                self.current = self.queue.popleft()
                self.elapsed = 0.0
                self._begin(self.current)
                if self.waiting_for_key:
                    return
            length = self._length(self.current)
            take = min(budget, length - self.elapsed)
            self.elapsed += take
            budget -= take
            self._animate(self.current, self.elapsed / length if length else 1.0)
            if self.elapsed >= length:
                self._finish(self.current)
                self.current = None
                if self.waiting_for_key:
                    return

    # -- one event ------------------------------------------------------------------

    def _length(self, e: ev.Event) -> float:
        if isinstance(e, ev.Move):
            return DURATIONS["move"] * (len(e.path) - 1)
        return DURATIONS.get(e.type, 0.0)

    def _begin(self, e: ev.Event) -> None:
        self.recent = ev.involved(e)
        if self.heard is not None:
            self.heard(e)
        match e:
            case ev.RoundStart():
                self.round = e.round
                self._say(f"Round {e.round}")
            case ev.EndStep(step=step):
                self.step_banner = step
                self._say(f"End of round: {step}")
                if self.pause_on_steps:
                    self.waiting_for_key = True
            case ev.FirstStrike(reason=reason):
                self._say("First strike!" if reason == "size" else "First strike: reach!", 0.9)
            case ev.BattleEnd():
                self._say("Battle over")

    def _say(self, words: str, seconds: float = 1.1) -> None:
        self.banner = words
        self.banner_left = seconds

    def _animate(self, e: ev.Event, p: float) -> None:
        tok = self.tokens.get(getattr(e, "id", ""))
        if tok is None:
            return
        match e:
            case ev.Move(path=path):
                steps = len(path) - 1
                s = min(int(p * steps), steps - 1)
                f = p * steps - s
                (x0, y0), (x1, y1) = path[s], path[s + 1]
                tok.x, tok.y = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
                step = (x1 - x0, y1 - y0)
                if step in VECTORS and e.reason != "fell_back":
                    tok.facing = FACINGS[VECTORS.index(step)]
            case ev.Retreat():
                (x0, y0), (x1, y1) = e.from_, e.to
                tok.x, tok.y = x0 + (x1 - x0) * p, y0 + (y1 - y0) * p
                att = self.tokens.get(e.by)
                if e.followed and e.follow_to is not None and att is not None and p > 0.5:
                    q = (p - 0.5) * 2
                    fx, fy = e.follow_to
                    att.x, att.y = att.x + (fx - att.x) * q, att.y + (fy - att.y) * q
            case ev.Attack(kind="melee"):
                tgt = self.tokens.get(e.target)
                if tgt is not None:
                    dx, dy = tgt.x - tok.x, tgt.y - tok.y
                    d = max(abs(dx), abs(dy), 1e-6)
                    k = 0.3 * (1 - abs(2 * p - 1))
                    tok.lunge = (dx / d * k, dy / d * k)
            case ev.Death() | ev.Fled():
                tok.alpha = 1.0 - p
            case ev.Flee():
                tok.lunge = (0.0, -0.15 * (1 - abs(2 * p - 1)))

    def _finish(self, e: ev.Event) -> None:
        if isinstance(e, ev.RoundStart):
            self.round = e.round
        tok = self.tokens.get(getattr(e, "id", ""))
        if tok is None:
            return
        tok.lunge = (0.0, 0.0)
        match e:
            case ev.Move():
                tok.x, tok.y = map(float, e.path[-1])
                tok.facing = e.facing
            case ev.Turn():
                tok.facing = e.facing
            case ev.Retreat():
                self._finish_retreat(tok, e)
            case ev.Attack():
                target = self.tokens.get(e.target, tok)
                if e.hit:
                    self._float(target, f"-{e.damage}", (255, 80, 80))
                else:
                    self._float(target, "miss", (220, 220, 220))
            case ev.Damage():
                tok.hp = e.hp
            case ev.Death():
                tok.life, tok.alpha = "dead", 0.0
            case _:
                self._finish_state(tok, e)

    def _finish_retreat(self, tok: Token, e: ev.Retreat) -> None:
        tok.x, tok.y = map(float, e.to)
        if e.followed and e.follow_to is not None and e.by in self.tokens:
            att = self.tokens[e.by]
            att.x, att.y = map(float, e.follow_to)
        if e.hazard != "none":
            self._float(tok, e.hazard.upper() + "!", (255, 150, 40))

    def _finish_state(self, tok: Token, e: ev.Event) -> None:
        match e:
            case ev.Knockdown():
                tok.prone = True
                self._float(tok, "down!", (255, 220, 80))
            case ev.StandUp():
                tok.prone = False
            case ev.Fatigue() | ev.Recover():
                tok.fatigue = e.state
            case ev.Flee():
                tok.morale = "fleeing"
                self._float(tok, "flees!", (255, 200, 60))
            case ev.Withdraw():
                tok.morale = "withdrawing"
            case ev.Rally():
                tok.morale = "steady"
            case ev.Surrender():
                tok.life, tok.morale, tok.prone = "surrendered", "surrendered", False
                self._float(tok, "surrenders", (240, 240, 240))
            case ev.Fled():
                tok.life, tok.alpha = "fled", 0.0
            case ev.RetreatRefused(reason=reason):
                self._float(tok, REFUSED.get(reason, ""), (200, 230, 255))
            case ev.Condition():
                tok.conditions = tok.conditions | {e.condition} if e.started else tok.conditions - {e.condition}
            case ev.Heal():
                tok.hp = e.hp
                self._float(tok, f"+{e.amount}", (120, 240, 140))

    def _float(self, tok: Token, words: str, colour: tuple[int, int, int]) -> None:
        """A word rising from the token; one that starts while others still rise from it starts
        above them, so two misses read as two, not one drawn twice."""
        if words:
            x = tok.x + tok.n / 2
            young = sum(1 for f in self.floaters if f.x == x and f.age < 0.6 and abs(f.y - tok.y) < 2)
            self.floaters.append(Floater(words, x, tok.y - 0.45 * young, colour))

    def rewind(self, world: World, round_: int) -> None:
        """Drop every animation queued or playing and show the world as it is (after an undo)."""
        self.queue.clear()
        self.current = None
        self.waiting_for_key = False
        self.floaters.clear()
        self.banner_left = 0.0
        self.recent = []
        self.round = round_
        self.sync(world)

    def sync(self, world: World) -> list[str]:
        """Set every token from the battle's world; return the ids that disagreed (none, normally)."""
        wrong = []
        for uid, u in world.units.items():
            tok = self.tokens.get(uid)
            if tok is None:
                continue
            if (round(tok.x), round(tok.y)) != u.pos or tok.hp != u.hp or tok.life != u.life:
                wrong.append(uid)
            tok.x, tok.y = float(u.pos[0]), float(u.pos[1])
            tok.facing, tok.hp, tok.prone, tok.life = FACINGS[u.facing], u.hp, u.prone, u.life
            tok.morale = "surrendered" if u.life == "surrendered" else u.morale
            tok.alpha = 1.0 if u.life in ("fighting", "surrendered") else 0.0
            tok.fatigue = ("fresh", "fatigued", "exhausted")[u.fatigue_state]
            tok.conditions = frozenset(name for name, _ in u.conditions if name in TOKEN_CONDITIONS)
            tok.lunge = (0.0, 0.0)
        return wrong
