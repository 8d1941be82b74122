"""A lesson's script followed through a battle: which scripted command is due, which of the
player's own turns is waiting, which narration cards the log has fired, and whether the
lesson's rule has shown yet. Headless: `game.play.runner.play` follows it for `rout simulate`, the
window for a player (game/scenario/lesson.py holds the script itself)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.battle import OVER, RETREAT, Battle, Pending
from game.core.commands import Command
from game.core.rules.capabilities import Action
from game.scenario.lesson import Card, Lesson, Match, Step


@dataclass(frozen=True)
class Fired:
    """A card to show, and the length of the log when it fired (the window shows it once the
    board has played that far)."""

    card: Card
    at: int


@dataclass
class LessonRun:
    lesson: Lesson
    read: int = 0  # the events already looked at
    seen: dict[Match, int] = field(default_factory=dict)  # each pattern fitted so far: the log length just after
    played: set[int] = field(default_factory=set)  # steps (by index) played at least once
    skipped: list[tuple[Step, str]] = field(default_factory=list)  # steps refused by the battle, and why
    fired: set[int] = field(default_factory=set)  # cards (by index) already shown

    def copy(self) -> LessonRun:
        """A copy to keep beside a snapshot of the battle (undo). It shares the script: steps,
        cards and patterns are told apart by identity, so a copy must hold the same ones."""
        return LessonRun(self.lesson, self.read, dict(self.seen), set(self.played), list(self.skipped), set(self.fired))

    # -- the log -------------------------------------------------------------------------

    def _patterns(self) -> set[Match]:
        pats = set(self.lesson.shows)
        pats |= {s.until for s in self.lesson.steps if s.until is not None}
        pats |= {c.on for c in self.lesson.cards if c.on is not None}
        return pats

    def _scan(self, battle: Battle) -> None:
        """Read the events logged since the last look, noting where each pattern first fits."""
        events = battle.events
        wanted = {p.type for p in self._patterns()}
        open_ = [p for p in self._patterns() if p not in self.seen]
        for i in range(self.read, len(events)):
            e = events[i]
            if e.type not in wanted:
                continue
            data = e.to_json()
            for p in open_:
                if p not in self.seen and p.fits(data):
                    self.seen[p] = i + 1
        self.read = len(events)

    def shown(self, battle: Battle) -> bool:
        """Whether every event the lesson promises to show has been logged."""
        self._scan(battle)
        return all(m in self.seen for m in self.lesson.shows)

    def missing(self, battle: Battle) -> list[Match]:
        self._scan(battle)
        return [m for m in self.lesson.shows if m not in self.seen]

    # -- cards ---------------------------------------------------------------------------

    def cards(self, battle: Battle) -> list[Fired]:
        """The cards fired since the last call, in the order of the log."""
        out: list[Fired] = []
        self._scan(battle)
        pending = battle.pending()
        for i, card in enumerate(self.lesson.cards):
            if i in self.fired:
                continue
            at = self._fires(card, pending, battle)
            if at is not None:
                self.fired.add(i)
                out.append(Fired(card, at))
        out.sort(key=lambda f: f.at)
        return out

    def _fires(self, card: Card, pending: Pending, battle: Battle) -> int | None:
        end = len(battle.events)
        if card.at == "start":
            return 0
        if card.at == "end":
            return end if pending.kind == OVER else None
        if card.on is not None:
            return self.seen.get(card.on)
        if card.due is not None and self._is_due(card.due.unit, card.due.kind, pending):
            return end
        return None

    # -- steps ---------------------------------------------------------------------------

    @staticmethod
    def _is_due(unit: str, kind: str, pending: Pending) -> bool:
        if pending.kind == OVER or pending.kind != kind:
            return False
        return unit == pending.unit if pending.kind == RETREAT else unit in pending.units

    def _finished(self, i: int, step: Step) -> bool:
        if step.until is not None:
            return step.until in self.seen
        return i in self.played or any(s is step for s, _ in self.skipped)

    def due(self, battle: Battle) -> Step | None:
        """The step the battle waits for now: a scripted command, or (with `yours`) the player's
        turn. Each creature's steps come in the script's order, those for its turns and those
        for its retreat choices each in their own line."""
        self._scan(battle)
        pending = battle.pending()
        if pending.kind == OVER:
            return None
        units = pending.units if pending.kind != RETREAT else [pending.unit]
        for uid in units:
            for i, step in enumerate(self.lesson.steps):
                if step.unit != uid or step.decision != pending.kind or self._finished(i, step):
                    continue
                if step.round <= battle.round:
                    return step
                break  # this creature's next step of this kind is not due yet
        return None

    def done(self, step: Step) -> None:
        """Mark a step played (its command, or the player's, went through)."""
        self.played.add(next(i for i, s in enumerate(self.lesson.steps) if s is step))

    def skip(self, step: Step, why: str) -> None:
        """A scripted command the battle refused: the script goes on without it."""
        self.skipped.append((step, why))

    def judge(self, step: Step, cmd: Command, battle: Battle) -> str:
        """Empty when the player's command does what the step asks, else what to say."""
        want, got = step.do.to_json(), cmd.to_json()
        for name in step.check:
            if name == "space":
                if self._space(battle, step.do) != self._space(battle, cmd):
                    return step.hint or f"Drive it into a {self._space(battle, step.do)} space."
            elif want.get(name) != got.get(name) or cmd.unit != step.unit:
                return step.hint or "That is not what this step asks; read the card again."
        return ""

    @staticmethod
    def _space(battle: Battle, cmd: Command) -> str | None:
        if cmd.action != Action.FORCE_RETREAT:
            return None
        return next((s["space"] for s in battle.pending().spaces if s["to"] == cmd.to), None)
