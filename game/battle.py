"""The round state machine: initiative, activations in order, the end of the round
(retreats, fatigue, morale, status), the next round. Commands in, events out."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.commands import Command, Illegal
from game.options import Options
from game.rules.creature import CreatureClass
from game.rules.dice import Rng
from game.rules.fatigue import FATIGUED, fatigue_points
from game.rules.geometry import FACINGS, Pos, footprint_distance
from game.scenario.model import Scenario
from game.systems import actions, fatigue, initiative, morale, retreat, status
from game.systems.attack import flush_deferred
from game.systems.context import Ctx, SideRecord
from game.systems.fatigue import exert
from game.systems.flight import in_exit
from game.systems.movement import effective_mv, half_move, path_cost
from game.world import FLEEING, STEADY, WITHDRAWING, Unit, World

ACTIVATION, RETREAT, OVER = "activation", "retreat", "over"


@dataclass
class Pending:
    """The decision the battle waits for."""

    kind: str  # activation, retreat or over
    side: str | None = None
    unit: str | None = None
    units: list[str] = field(default_factory=list)  # group initiative: any of these may act
    controller: str = "ai"
    target: str | None = None  # retreat: the foe that may be forced back
    spaces: list[dict] = field(default_factory=list)  # retreat: where it may be forced


def make_world(scenario: Scenario) -> World:
    units = {}
    for p in scenario.units:
        pts = fatigue_points(p.kind)
        hp = p.hp if p.hp is not None else p.kind.hp
        units[p.id] = Unit(
            id=p.id,
            side=p.side,
            kind=p.kind,
            pos=p.pos,
            facing=p.facing,
            hp=hp,
            hp_max=p.kind.hp,
            fatigue_max=pts,
            fatigue_points=pts,
            # 'they automatically begin the combat in a fatigued state rather than fresh' (seed 000)
            fatigue_state=FATIGUED if p.force_marched else 0,
            force_marched=p.force_marched,
            hero=p.hero,
            leader=p.leader,
            retainer=p.retainer,
        )
    return World(units)


class Battle:
    """One battle. The only door through which its state changes is `apply`."""

    def __init__(
        self,
        scenario: Scenario,
        seed: int = 0,
        options: dict | None = None,
        controllers: dict[str, str] | None = None,
        rng: Rng | None = None,
    ) -> None:
        opts = Options.build(scenario.sides, scenario.options, options or {})
        self.scenario = scenario
        self.seed = seed
        self.controllers = {s: "ai" for s in scenario.sides}
        self.controllers.update(controllers or {})
        for p in scenario.units:
            if p.controller:
                self.controllers.setdefault(p.side, p.controller)
        self.ctx = Ctx(make_world(scenario), scenario.terrain, rng or Rng(seed), opts)
        self.state = ACTIVATION
        self.steps: list[tuple[list[str], bool]] = []
        self.step_i = 0
        self.attacker_order: list[str] = []
        self.retreat_pairs: list[tuple[str, str]] = []
        self.winner: str | None = None
        w = self.ctx.world
        for side in scenario.sides:
            members = sorted((u for u in w.units.values() if u.side == side), key=lambda u: -u.kind.power)
            unique = len(members) == 1 or members[0].kind.power > members[1].kind.power
            self.ctx.sides[side] = SideRecord(
                len(members), sum(max(u.kind.power, 0.5) for u in members), members[0].id if unique else None
            )
        self.ctx.emit(
            "battle_start",
            scenario=scenario.title or scenario.path,
            seed=seed,
            options=opts.as_dict(),
            units=[self._describe(w[i]) for i in w.ids()],
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
    def events(self) -> list[dict]:
        return self.ctx.events

    @property
    def round(self) -> int:
        return self.ctx.round

    @property
    def over(self) -> bool:
        return self.state == OVER

    def copy(self) -> Battle:
        """A copy for look-ahead: same state and generator, an empty log."""
        b = Battle.__new__(Battle)
        b.__dict__.update(self.__dict__)
        b.ctx = self.ctx.copy()
        b.steps = [(list(ids), sim) for ids, sim in self.steps]
        b.retreat_pairs = list(self.retreat_pairs)
        b.controllers = dict(self.controllers)
        return b

    def controller_of(self, uid: str) -> str:
        """A creature that fails morale on a human player's side is taken over by the AI."""
        u = self.world[uid]
        if u.morale != STEADY:
            return "ai"
        return self.controllers.get(u.side, "ai")

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

    def _describe(self, u: Unit) -> dict:
        return {
            "id": u.id,
            "side": u.side,
            "kind": u.kind.key,
            "pos": list(u.pos),
            "facing": FACINGS[u.facing],
            "size": u.kind.size,
            "hp": u.hp,
            "dex": u.kind.dex,
            "mv": u.kind.mv,
            "level": u.kind.level if u.kind.cls != CreatureClass.MONSTER else u.kind.hd,
            "morale": u.kind.morale if self.ctx.options.morale_system != "ose" else u.kind.morale_ose,
            "hero": u.hero,
            "leader": u.leader,
            "fatigue": u.fatigue_max,
            "force_marched": u.force_marched,
        }

    def _start_round(self) -> None:
        ctx = self.ctx
        ctx.round += 1
        ctx.rs = type(ctx.rs)()
        ctx.emit("round_start")
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
                        self.retreat_pairs.pop(0)
                        continue
                    why = retreat.refusal(ctx, au, bu)
                    if why is not None:
                        ctx.emit("retreat_refused", id=b, by=a, reason=why)
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
        self.ctx.emit("end_step", step="retreats")
        self.state = RETREAT
        self.retreat_pairs = retreat.pairs(self.ctx, self.attacker_order)

    def _end_of_round(self) -> None:
        ctx = self.ctx
        ctx.emit("end_step", step="fatigue")
        fatigue.run(ctx)
        ctx.emit("end_step", step="morale")
        morale.run(ctx)
        ctx.emit("end_step", step="status")
        status.run(ctx)
        ctx.emit("round_end")
        if self._check_victory():
            return
        if ctx.round >= ctx.options.max_rounds:
            self._finish(None, "max_rounds")
            return
        self._start_round()

    def _check_victory(self) -> bool:
        """'A side is out when none of its creatures is able to fight' (RULES.md, Victory)."""
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
        self.ctx.emit("battle_end", winner=winner, reason=reason, rounds=self.ctx.round)

    # -- commands ----------------------------------------------------------------

    def apply(self, cmd: Command) -> list[dict]:
        """Carry out one command and everything that follows until the next decision."""
        start = len(self.ctx.events)
        if self.state == OVER:
            raise Illegal("the battle is over")
        if cmd.unit not in self.world.units:
            raise Illegal(f"there is no unit {cmd.unit!r}")
        if self.state == RETREAT:
            self._retreat_command(cmd)
        else:
            self._activation(cmd)
        self._advance()
        return self.ctx.events[start:]

    def _retreat_command(self, cmd: Command) -> None:
        p = self.pending()
        if cmd.action not in ("force_retreat", "decline_retreat"):
            raise Illegal(f"it is the end of the round: {p.unit} may force {p.target} back or decline")
        if cmd.unit != p.unit or cmd.target != p.target:
            raise Illegal(f"the retreat pending is {p.unit} against {p.target}")
        if cmd.action == "decline_retreat":
            self.ctx.emit("retreat_refused", id=p.target, by=p.unit, reason="declined")
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
            retreat.force(self.ctx, p.unit, p.target, cmd.to, cmd.follow)
        self.retreat_pairs.pop(0)

    def _activation(self, cmd: Command) -> None:
        ctx = self.ctx
        if cmd.action in ("force_retreat", "decline_retreat"):
            raise Illegal("retreats are forced at the end of the round, not now")
        ready = self._ready()
        if cmd.unit not in ready:
            raise Illegal(f"it is not {cmd.unit}'s turn; waiting for {', '.join(ready)}")
        u = self.world[cmd.unit]
        self._check_allowed(u, cmd)
        handler = getattr(self, "_do_" + cmd.action)
        handler(u, cmd)
        ctx.rs.acted.add(cmd.unit)
        if not self._ready():
            self._end_step()
        elif not self.steps[self.step_i][1]:
            ctx.rs.phase += 1  # group initiative: each creature's activation is a phase

    def _check_allowed(self, u: Unit, cmd: Command) -> None:
        a = cmd.action
        if u.prone and a not in ("stand_up", "rest", "hold"):
            raise Illegal(f"{u.id} is prone: it can stand up, rest or hold")
        if not u.prone and a == "stand_up":
            raise Illegal(f"{u.id} is not prone")
        if u.morale == FLEEING and a not in ("move", "hold", "turn", "stand_up"):
            raise Illegal(f"{u.id} is fleeing: it can only run")
        if u.morale == WITHDRAWING and a not in ("withdraw", "turn", "hold", "rest", "stand_up"):
            raise Illegal(f"{u.id} is withdrawing: it backs away and never attacks")
        if u.morale != STEADY and cmd.target is not None:
            raise Illegal(f"{u.id} is {u.morale} and never attacks")

    def _path(self, u: Unit, cmd: Command, budget: int) -> list[Pos]:
        path = list(cmd.path)
        if not path or path[0] != u.pos:
            path = [u.pos] + path
        if len(path) == 1:
            return path
        cost, why = path_cost(self.ctx, u, path, cmd.into_hazard, budget)
        if cost < 0:
            raise Illegal(f"{u.id} cannot take that path: {why}")
        return path

    def _target(self, u: Unit, cmd: Command) -> Unit:
        if cmd.target is None or cmd.target not in self.world.units:
            raise Illegal(f"no such target {cmd.target!r}")
        t = self.world[cmd.target]
        if t.side == u.side:
            raise Illegal(f"{t.id} is on {u.id}'s own side")
        if not t.alive:
            raise Illegal(f"{t.id} is no longer on the field")
        return t

    def _do_move(self, u: Unit, cmd: Command) -> None:
        path = self._path(u, cmd, effective_mv(u))
        ok = actions.walk(self.ctx, u.id, path, provoke=True)
        self._final_facing(u.id, cmd, ok)

    def _final_facing(self, uid: str, cmd: Command, ok: bool) -> None:
        u = self.world[uid]
        if ok and u.alive and cmd.facing is not None and cmd.facing != u.facing:
            self.world.update(uid, facing=cmd.facing)
            self.ctx.emit("turn", id=uid, facing=FACINGS[cmd.facing])

    def _check_melee_from(self, u: Unit, end: Pos, t: Unit) -> None:
        if u.kind.melee is None:
            raise Illegal(f"{u.id} has no melee weapon")
        # The unit as it will stand at the end of its path; its own old square never blocks it.
        if actions.melee_facing(self.ctx, replace(u, pos=end), end, t) is None:
            raise Illegal(f"{t.id} is out of {u.id}'s reach from {list(end)}")

    def _do_attack(self, u: Unit, cmd: Command) -> None:
        t = self._target(u, cmd)
        path = self._path(u, cmd, half_move(u))
        self._check_melee_from(u, path[-1], t)
        if actions.walk(self.ctx, u.id, path, provoke=True):
            actions.melee(self.ctx, u.id, t.id, cmd.facing, self.ctx.deferring)

    def _do_fire(self, u: Unit, cmd: Command) -> None:
        t = self._target(u, cmd)
        w = u.kind.missile
        if w is None:
            raise Illegal(f"{u.id} has no missile weapon")
        path = self._path(u, cmd, half_move(u))
        dist = footprint_distance(path[-1], u.n, t.pos, t.n)
        if dist > w.range[2]:
            raise Illegal(f"{t.id} is beyond long range ({dist} squares, {w.range[2]} at most)")
        if not actions.line_of_sight(self.ctx, u, t, path[-1]):
            raise Illegal(f"{u.id} cannot see {t.id}")
        if actions.walk(self.ctx, u.id, path, provoke=True):
            actions.fire(self.ctx, u.id, t.id, self.ctx.deferring)

    def _do_withdraw(self, u: Unit, cmd: Command) -> None:
        """'half move directly away from an adjacent enemy, provokes no attack of opportunity'."""
        path = self._path(u, cmd, half_move(u))
        end = path[-1]
        for e in self.world.enemies_of(u):
            before = footprint_distance(u.pos, u.n, e.pos, e.n)
            after = footprint_distance(end, u.n, e.pos, e.n)
            if after < before:
                raise Illegal(f"a withdrawal must lead away from the enemy; it closes on {e.id}")
        ok = actions.walk(self.ctx, u.id, path, provoke=False, keep_facing=True)
        self._final_facing(u.id, cmd, ok)

    def _do_turn(self, u: Unit, cmd: Command) -> None:
        if cmd.facing is None:
            raise Illegal("turn needs a facing")
        self._final_facing(u.id, cmd, True)

    def _do_stand_up(self, u: Unit, cmd: Command) -> None:
        """'Standing costs a half move'; the rest may be a half move or an attack."""
        if cmd.path and cmd.target:
            raise Illegal("after standing up there is time for a half move or an attack, not both")
        standing = replace(u, prone=False)
        # Check everything before anything changes: a refused command changes nothing.
        if cmd.target:
            if u.morale != STEADY:
                raise Illegal(f"{u.id} is {u.morale} and never attacks")
            t = self._target(standing, cmd)
            self._check_melee_from(standing, u.pos, t)
        path = self._path(standing, cmd, half_move(standing)) if cmd.path else [u.pos]
        self.world.update(u.id, prone=False)
        self.ctx.emit("stand_up", id=u.id)
        exert(self.ctx, u.id)
        if cmd.target:
            actions.melee(self.ctx, u.id, cmd.target, cmd.facing, self.ctx.deferring)
        elif len(path) > 1:
            ok = actions.walk(self.ctx, u.id, path, provoke=True)
            self._final_facing(u.id, cmd, ok)
        else:
            self._final_facing(u.id, cmd, True)

    def _do_set_vs_charge(self, u: Unit, cmd: Command) -> None:
        """Set to receive a charge: no move; +2 initiative next round (seed 002)."""
        self.world.update(u.id, conditions=u.conditions + (("set_vs_charge", 2),))
        self.ctx.emit("set_vs_charge", id=u.id)

    def _do_rest(self, u: Unit, cmd: Command) -> None:
        self.ctx.rs.rested.add(u.id)
        self.ctx.emit("rest", id=u.id)

    def _do_hold(self, u: Unit, cmd: Command) -> None:
        self.ctx.emit("hold", id=u.id)
