"""The round state machine: initiative, activations in order, the end of the round (its steps
in game/core/round_end.py's order), the next round. Commands in, events out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from game.core import activation, round_end
from game.core import events as ev
from game.core.commands import REFUSAL_MAX, Action, Command, Illegal, listing, shown_id, validate
from game.core.options import Options
from game.core.phases import Phase
from game.core.resumption import Resumption
from game.core.rules.capabilities import END_OF_ROUND
from game.core.rules.dice import DICE, Rng, battle_rng
from game.core.systems import actions, initiative, retreat, wait_choice
from game.core.systems.attack import flush_deferred
from game.core.systems.context import Ctx, SideRecord
from game.core.systems.flight import in_exit
from game.core.systems.retreat import RetreatSpace
from game.core.terrain import Terrain
from game.core.unit_info import unit_info
from game.core.world import FLEEING, STEADY, World
from game.core.world_setup import make_world
from game.scenario.model import Scenario

ACTIVATION, RETREAT, OVER = Phase.ACTIVATION, Phase.RETREAT, Phase.OVER


@dataclass
class Pending:
    """The decision the battle waits for."""

    kind: Phase
    side: str | None = None
    unit: str | None = None
    units: list[str] = field(default_factory=list)  # group initiative: any of these may act
    controller: str = "ai"
    target: str | None = None  # retreat: the foe that may be forced back
    spaces: list[RetreatSpace] = field(default_factory=list)  # retreat: where it may be forced


class Battle:
    """One battle. The only door through which its state changes is `apply`."""

    def __init__(
        self,
        scenario: Scenario,
        seed: int = 0,
        options: dict[str, object] | None = None,
        controllers: Mapping[str, str] | None = None,
        rng: Rng | None = None,
        dice: int = DICE,
    ) -> None:
        opts = Options.build(scenario.sides, scenario.options, options or {})
        self.scenario = scenario
        self.seed = seed
        self.dice = dice  # how the seed becomes the generator (game/core/rules/dice.py's battle_rng)
        self._controllers = {s: "ai" for s in scenario.sides}
        self._controllers.update(controllers or {})
        for p in scenario.units:
            if p.controller:
                self._controllers.setdefault(p.side, p.controller)
        self.ctx = Ctx(make_world(scenario, opts), scenario.terrain, rng or battle_rng(seed, dice), opts)
        self.state: Phase = ACTIVATION
        self.steps: list[tuple[list[str], bool]] = []
        self.step_i = 0
        self.attacker_order: list[str] = []
        self.retreat_pairs: list[tuple[str, str]] = []
        self.winner: str | None = None
        self.resumed: Resumption | None = None  # taken up from a save under older rules (game/core/battle_state.py)
        w = self.ctx.world
        for side in scenario.sides:
            members = sorted((u for u in w.units.values() if u.side == side), key=lambda u: -u.kind.power)
            unique = len(members) == 1 or members[0].kind.power > members[1].kind.power
            self.ctx.sides[side] = SideRecord(
                len(members), sum(max(u.kind.power, 0.5) for u in members), members[0].id if unique else None
            )
        self.ctx.emit(
            ev.BattleStart,
            format=ev.LOG_FORMAT if scenario.wait_choice else ev.FORMAT_WITHOUT_WAIT,  # a wait may come
            scenario=scenario.title or scenario.path,
            seed=seed,
            options=opts.as_dict(),
            units=tuple(unit_info(w[i], opts) for i in w.ids()),
            width=scenario.terrain.width,
            height=scenario.terrain.height,
        )
        self._start_round()
        self._advance()

    # -- reading -----------------------------------------------------------------

    @property
    def world(self) -> World:
        return self.ctx.world

    @property
    def events(self) -> list[ev.Event]:
        return self.ctx.events

    @property
    def round(self) -> int:
        return self.ctx.round

    @property
    def over(self) -> bool:
        return self.state == OVER

    @property
    def draws(self) -> int:
        """Raw draws the generator has made: an unchanged count proves no die was rolled (undo)."""
        return self.ctx.rng.draws

    @property
    def dice_state(self) -> tuple[int, int]:
        """The generator's position: its state and its count of draws (the network's digests)."""
        return self.ctx.rng.state, self.ctx.rng.draws

    @property
    def controllers(self) -> Mapping[str, str]:
        """Who plays each side, "human" or "ai": read-only, `hand_sides` changes it."""
        return MappingProxyType(self._controllers)

    def hand_sides(self, controllers: Mapping[str, str]) -> None:
        """Hand each side named to its controller, "human" or "ai"; the others keep theirs."""
        if any(who not in ("human", "ai") for who in controllers.values()):
            raise ValueError(f'each side is played by "human" or "ai": {dict(controllers)}')
        self._controllers.update(controllers)

    def copy(self, rng: Rng | None = None, log: Sequence[ev.Event] = ()) -> Battle:
        """A copy for look-ahead: same state and generator (or `rng`, if given), its log a new
        list of `log`'s events (empty by default: a look-ahead needs none)."""
        b = Battle.__new__(Battle)
        b.__dict__.update(self.__dict__)
        b.ctx = self.ctx.copy(rng)
        b.ctx.events = list(log)
        b.steps = [(list(ids), sim) for ids, sim in self.steps]
        b.retreat_pairs = list(self.retreat_pairs)
        b._controllers = dict(self._controllers)
        return b

    def take_log(self, later: Battle, length: int) -> list[ev.Event]:
        """This battle, kept from before `later` played on, takes over `later`'s log cut back to
        its first `length` events (undo): the same list, so whoever holds the log sees it cut.
        Return the events cut."""
        cut = later.ctx.events[length:]
        del later.ctx.events[length:]
        self.ctx.events = later.ctx.events
        return cut

    def adopt(self, played: Battle, events: list[ev.Event]) -> Battle:
        """This battle as a copy of it has played on elsewhere (the window's AI worker): the
        copy's state, this battle's log with the copy's new events, and this battle's terrain."""
        self.ctx.events.extend(events)
        played.ctx.events = self.ctx.events
        played.ctx.terrain = self.ctx.terrain  # the same field; this one has its tables built
        return played

    def reuse_terrain(self, terrain: Terrain) -> None:
        """Use an equal terrain object (the field never changes in battle) whose movement tables
        are already built, instead of this one, which a copy sent to another process rebuilds."""
        if terrain != self.ctx.terrain:
            raise ValueError("reuse_terrain needs the same battlefield")
        self.ctx.terrain = terrain

    def controller_of(self, uid: str) -> str:
        """A creature that fails morale on a human player's side is taken over by the AI."""
        u = self.world[uid]
        if u.morale != STEADY:
            return "ai"
        return self._controllers.get(u.side, "ai")

    def pending(self) -> Pending:
        if self.state == OVER:
            return Pending(OVER)
        if self.state == RETREAT:
            a, b = self.retreat_pairs[0]
            au, bu = self.world[a], self.world[b]
            return Pending(RETREAT, au.side, a, [a], self.controller_of(a), b, retreat.spaces(self.ctx, au, bu))
        ids = self._ready()
        u = self.world[ids[0]]
        return Pending(ACTIVATION, u.side, ids[0], ids, self.controller_of(ids[0]))

    # -- the round ---------------------------------------------------------------

    def _start_round(self) -> None:
        ctx = self.ctx
        ctx.round += 1
        # Deaths and departures after the last morale step (the status step's burning, a leader
        # surrendering in the morale step) are still to be seen by the next one.
        ctx.rs = type(ctx.rs)(slain=ctx.rs.slain, left=ctx.rs.left)
        ctx.emit(ev.RoundStart)
        units = [u for u in ctx.world.units.values() if u.able]
        order, side_order = initiative.roll_initiative(ctx, units)
        if side_order:
            self.steps = [([u.id for u in units if u.side == s], False) for s in side_order]
        else:
            self.steps = [(group, len(group) > 1) for group in order]
        self.attacker_order = [uid for ids, _ in self.steps for uid in ids]
        self.step_i = 0
        self.state = ACTIVATION

    def _can_act(self, uid: str) -> bool:
        u = self.world[uid]
        return u.able and uid not in self.ctx.rs.acted and uid not in self.ctx.rs.lost_action

    def _ready(self) -> list[str]:
        ids, _ = self.steps[self.step_i]
        return [uid for uid in ids if self._can_act(uid)]

    def _advance(self) -> None:
        """Run everything that needs no decision until one is pending or the battle ends."""
        ctx = self.ctx
        while True:
            if self._check_victory():
                return
            if self.state == ACTIVATION:
                while self.step_i < len(self.steps):
                    ready = self._ready()
                    # A fleeing creature standing in an exit at its turn leaves the field.
                    for uid in ready:
                        u = self.world[uid]
                        if u.morale == FLEEING and in_exit(ctx, u):
                            actions.leave_field(ctx, uid)
                    ready = self._ready()
                    if ready:
                        ctx.deferring = self.steps[self.step_i][1]
                        return
                    self._end_step()
                self._begin_retreats()
                continue
            if self.state == RETREAT:
                while self.retreat_pairs:
                    a, b = self.retreat_pairs[0]
                    au, bu = self.world[a], self.world[b]
                    if not retreat.still_open(ctx, au, bu):
                        first = ctx.rs.retreated.get(b)
                        if first is not None and au.able and bu.able:
                            # Said, not skipped in silence: the foe already gave ground to another.
                            ctx.emit(ev.RetreatRefused, id=b, by=a, reason="already_retreated", detail=first)
                        self.retreat_pairs.pop(0)
                        continue
                    why = retreat.refusal(ctx, au, bu)
                    if why is not None:
                        ctx.emit(ev.RetreatRefused, id=b, by=a, reason=why)
                        self.retreat_pairs.pop(0)
                        continue
                    return
                self._end_of_round()
                if self.state == OVER:
                    return
                continue
            return

    def _end_step(self) -> None:
        if self.steps[self.step_i][1]:
            flush_deferred(self.ctx)
        self.ctx.deferring = False
        self.step_i += 1
        self.ctx.rs.phase += 1

    def _begin_retreats(self) -> None:
        self.ctx.emit(ev.EndStep, step=round_end.STEPS[0].step)  # the step that waits for decisions
        self.state = RETREAT
        self.retreat_pairs = retreat.pairs(self.ctx, self.attacker_order)

    def _end_of_round(self) -> None:
        ctx = self.ctx
        for step in round_end.STEPS[1:]:  # after the forced retreats, the steps that need no decision
            ctx.emit(ev.EndStep, step=step.step)
            if step.run is not None:
                step.run(ctx)
        ctx.emit(ev.RoundEnd)
        if self._check_victory():
            return
        if ctx.round >= ctx.options.max_rounds:
            self._finish(None, "max_rounds")
            return
        self._start_round()

    def _check_victory(self) -> bool:
        """'A side is out when none of its creatures is able to fight' (docs/rules.md#victory)."""
        if self.state == OVER:
            return True
        standing = sorted({u.side for u in self.world.units.values() if u.able})
        if len(standing) > 1:
            return False
        if standing:
            self._finish(standing[0], "last_side_standing")
        else:
            self._finish(None, "mutual_destruction")
        return True

    def _finish(self, winner: str | None, reason: str) -> None:
        if self.ctx.deferred:
            flush_deferred(self.ctx)
        self.state = OVER
        self.winner = winner
        self.ctx.emit(ev.BattleEnd, winner=winner, reason=reason, rounds=self.ctx.round)

    # -- commands ----------------------------------------------------------------

    def apply(self, cmd: Command) -> list[ev.Event]:
        """Carry out one command and everything that follows until the next decision."""
        start = len(self.ctx.events)
        if self.state == OVER:
            raise Illegal("the battle is over")
        cmd = validate(cmd)  # ill-typed fields are refused before anything is read or changed
        if cmd.action == Action.WAIT:  # a side's choice as the battle starts, no creature's action
            wait_choice.choose(self.ctx, self.scenario.wait_choice, cmd.side or "")
            return self.ctx.events[start:]
        if cmd.unit not in self.world.units:
            raise Illegal(f"there is no unit {shown_id(cmd.unit)!r}")
        if self.state == RETREAT:
            self._retreat_command(cmd)
        else:
            self._activation(cmd)
        self._advance()
        return self.ctx.events[start:]

    def _retreat_command(self, cmd: Command) -> None:
        p = self.pending()
        if cmd.action not in END_OF_ROUND:
            raise Illegal(f"it is the end of the round: {p.unit} may force {p.target} back or decline")
        if cmd.unit != p.unit or cmd.target != p.target:
            raise Illegal(f"the retreat pending is {p.unit} against {p.target}")
        if cmd.action == Action.DECLINE_RETREAT:
            self.ctx.emit(ev.RetreatRefused, id=p.target or "", by=p.unit or "", reason="declined")
        else:
            if p.spaces:
                chosen = next((s for s in p.spaces if s["to"] == cmd.to), None)
                if chosen is None:
                    legal = ", ".join(str(list(s["to"])) for s in p.spaces)
                    raise Illegal(f"{p.target} can be forced into {legal}, not {cmd.to}")
                if cmd.follow and chosen["follow_to"] is None:
                    raise Illegal(f"{p.unit} cannot follow into that space")
            elif cmd.to is not None:
                raise Illegal(f"{p.target} has no space to retreat into: 'to' must be null")
            assert p.unit is not None and p.target is not None  # a pending retreat names both
            retreat.force(self.ctx, p.unit, p.target, cmd.to, cmd.follow)
        self.retreat_pairs.pop(0)

    def _not_your_turn(self, uid: str, ready: list[str]) -> str:
        """One line however many are waiting: a group's turn by its side, a few of its units named."""
        sides = {self.world[r].side for r in ready}
        head = f"it is not {shown_id(uid)}'s turn"
        if len(ready) > 1 and len(sides) == 1:
            head += f": it is {shown_id(sides.pop())}'s group's turn ("
            return head + listing(ready, REFUSAL_MAX - len(head) - 1) + ")"
        head += "; waiting for "
        return head + listing(ready, REFUSAL_MAX - len(head))

    def _activation(self, cmd: Command) -> None:
        ctx = self.ctx
        if cmd.action in END_OF_ROUND:
            raise Illegal("retreats are forced at the end of the round, not now")
        ready = self._ready()
        if cmd.unit not in ready:
            raise Illegal(self._not_your_turn(cmd.unit, ready))
        u = self.world[cmd.unit]
        activation.carry_out(ctx, u, cmd)
        ctx.rs.acted.add(cmd.unit)
        adjusted = initiative.waiting_adjustment(ctx, self.steps, self.step_i, self._can_act)
        if adjusted is not None:
            self.steps = adjusted
            self.attacker_order = [uid for ids, _ in self.steps for uid in ids]
        if not self._ready():
            self._end_step()
        elif not self.steps[self.step_i][1]:
            ctx.rs.phase += 1  # group initiative: each creature's activation is a phase
