"""What the tactical AIs know about a position, read from the battle's query and state.

One `View` is built per decision: who threatens which squares, how far every square is from
the enemy, which enemies may still act this round. The scoring functions read it; nothing
here changes the battle or rolls a die.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from game.ai.maps import FAR, enemy_distance, values_at
from game.ai.measures import avg_melee
from game.core import query
from game.core.battle import Battle
from game.core.rules.geometry import FLANK, FRONT, REAR, VECTORS, Pos, arc_of, facing_toward, footprint_distance, ring
from game.core.rules.initiative import first_strike_applies
from game.core.systems.movement import effective_mv, half_move
from game.core.systems.space import can_threaten
from game.core.world import STEADY, Unit

ARC_EXPOSURE = {FRONT: 0.0, FLANK: 1.0, REAR: 2.0}


def chebyshev(a: Pos, b: Pos) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# A foe that matters to this unit's decision: (foe, its average melee damage, its strike radius).
Near = tuple[Unit, float, int]
# The same foe seen from a square: (foe, damage, strike radius, gap, its square nearest to it).
Around = tuple[Unit, float, int, int, Pos]


@dataclass
class View:
    battle: Battle
    unit: Unit
    enemies: list[Unit]  # able enemies
    threats: list[Unit]  # enemies that can strike (steady, melee weapon)
    allies: list[Unit]
    threatened_by: dict[Pos, list[str]]  # square -> enemies whose attack squares hold it (AoO still unused)
    unacted: set[str]
    dist: np.ndarray  # enemy_distance map (x2 steps)
    big_strikers: list[tuple[Unit, set[Pos]]] = field(default_factory=list)  # round-1 first strikes
    boldness: float = 0.0  # 0: wary of foes' strike zones; 1: ignore them (stronger side, or late)
    line: float = 99.0  # how far our line stands from the enemy (median of allies' steps)
    near: list[Near] = field(default_factory=list)  # (foe, avg damage, strike radius) for foes that matter here
    quiet: int = 0  # whole rounds since the last melee blow: a stalemate to break
    gap: dict[str, int] = field(default_factory=dict)  # each able foe's gap from the unit as it stands
    _exposure_cache: dict[tuple[Pos, int, str | None], float] = field(default_factory=dict)
    _free_ring: dict[Pos, list[Pos]] = field(default_factory=dict)  # larger creatures: free squares around
    _free_dirs: dict[Pos, tuple[int, list[int]]] = field(default_factory=dict)  # one-square: (free, per direction)
    _near_at: dict[Pos, list[Around]] = field(default_factory=dict)
    _nearest_now: Unit | None = None
    _ally_adj: dict[Pos, int] | None = None
    _ganged: dict[str, int] = field(default_factory=dict)
    _free_back_of: dict[str, int] = field(default_factory=dict)

    @classmethod
    def build(cls, battle: Battle, u: Unit, need_dist: bool = True) -> View:
        w = battle.world
        enemies = [e for e in w.enemies_of(u) if e.able]
        # Each foe's gap from where we stand, worked out once: a decision asks it a dozen ways.
        gap = {e.id: footprint_distance(u.pos, u.n, e.pos, e.n) for e in enemies}
        threats = [e for e in enemies if can_threaten(e) and not e.prone]
        allies = [a for a in w.living() if a.side == u.side and a.id != u.id and a.able]
        threatened: dict[Pos, list[str]] = {}
        my_move = effective_mv(u)
        for e in threats:
            if query.used_attack_of_opportunity(battle, e.id):
                continue
            # Every square of our paths lies within my_move of us; a foe whose reach cannot
            # touch any of them threatens none.
            assert e.kind.melee is not None  # can_threaten: only armed creatures threaten
            if gap[e.id] > my_move + e.kind.melee.reach_squares + 1:
                continue
            for sq in query.attack_squares(battle, e.id):
                threatened.setdefault(sq, []).append(e.id)
        unacted = {e.id for e in enemies if not query.has_acted(battle, e.id)}
        dist = enemy_distance(battle, u) if need_dist else np.zeros((1, 1), dtype=np.int32)
        big = []
        if battle.round == 1:
            mw = u.kind.melee
            for e in threats:
                if e.id not in unacted:
                    continue
                ew = e.kind.melee
                if ew and first_strike_applies(u.kind, e.kind, mw.reach_ft if mw else 0, ew.reach_ft):
                    big.append((e, query.attack_squares(battle, e.id)))
        ours = u.hp + sum(a.hp for a in allies if a.steady)
        theirs = sum(e.hp for e in enemies if e.steady) or 1
        bold = 1.0 if ours >= 1.25 * theirs else 0.0
        # Waiting at the edge of the foe's reach is good early; after a few rounds it is a
        # stalemate, so wariness fades out from round 3 to round 6.
        bold = max(bold, min(1.0, max(0, battle.round - 2) / 4))
        line = 99.0
        if need_dist:
            steps = sorted(d / 2.0 for d in values_at(dist, [a.pos for a in allies if a.steady]))
            steps = [x for x in steps if x < FAR / 2]
            if steps:
                line = steps[len(steps) // 2]
        # Only foes that could matter to any square this unit may reach this activation.
        near: list[Near] = []
        for e in threats:
            radius = half_move(e) + (e.kind.melee.reach_squares if e.kind.melee else 1)
            if gap[e.id] <= my_move + radius + 1:
                near.append((e, avg_melee(e), radius))
        view = cls(battle, u, enemies, threats, allies, threatened, unacted, dist, big, bold, line, near)
        view.quiet = quiet_rounds(battle)
        view.gap = gap
        return view

    # -- squares ---------------------------------------------------------------------

    def steps_to_enemy(self, p: Pos) -> float:
        d = int(self.dist[p[1], p[0]])
        return 99.0 if d >= FAR else d / 2.0

    def around(self, p: Pos) -> list[Around]:
        """The foes that matter, seen from p: (foe, avg damage, strike radius, gap, its nearest square).
        Worked out once per square; facings, exposure and risks all read it."""
        got = self._near_at.get(p)
        if got is None:
            u = self.unit
            got = self._near_at[p] = []
            px, py = p
            for e, dmg, radius in self.near:
                if u.n == 1 and e.n == 1:  # the common case, without the general footprint maths
                    ex, ey = e.pos
                    gap = max(abs(ex - px), abs(ey - py))
                    got.append((e, dmg, radius, gap, e.pos))
                    continue
                gap = footprint_distance(p, u.n, e.pos, e.n)
                sq = e.pos if e.n == 1 else min(e.squares, key=lambda s: (chebyshev(s, p), s))
                got.append((e, dmg, radius, gap, sq))
        return got

    def strike_reach_mask(self) -> np.ndarray:
        """[y, x] True where some foe that matters is within a square of striking this unit
        (gap <= its strike radius + 1): the squares `around` would find hot, without
        working out `around` for each."""
        t = query.terrain(self.battle)
        mask = np.zeros((t.height, t.width), dtype=bool)
        n = self.unit.n
        for e, _, radius in self.near:
            g = radius + 1
            ex, ey = e.pos
            x0, y0 = max(0, ex - g - (n - 1)), max(0, ey - g - (n - 1))
            mask[y0 : max(0, ey + e.n + g), x0 : max(0, ex + e.n + g)] = True
        return mask

    def nearest_enemy(self, p: Pos) -> Unit | None:
        """The nearest foe to p among those near enough to matter (else among all)."""
        if not self.near:
            if self._nearest_now is None:
                every = self.threats or self.enemies
                if not every:
                    return None
                self._nearest_now = min(every, key=lambda e: (self.gap[e.id], e.id))
            return self._nearest_now
        return min(self.around(p), key=lambda a: (a[3], a[0].id))[0]

    def face_enemy(self, p: Pos) -> int | None:
        e = self.nearest_enemy(p)
        return None if e is None else facing_toward(p, self.unit.n, e.pos, e.n)

    def aoo(self, path: Iterable[Pos]) -> list[str]:
        """Enemies that would swing at this path as it leaves their squares (cheap provokers()); in
        round 1 not a big striker the path comes on to strike first (first_strike_risk counts it:
        systems/actions.strikes_first_ahead)."""
        steps = list(path)
        seen: list[str] = []
        for i, p in enumerate(steps[:-1]):
            for eid in self.threatened_by.get(p, ()):
                if eid not in seen and not self._strikes_first_ahead(eid, p, steps[i + 1 :]):
                    seen.append(eid)
        return seen

    def _strikes_first_ahead(self, eid: str, p: Pos, ahead: list[Pos]) -> bool:
        """Whether big striker eid strikes first further on: a square ahead in its reach, within 10 ft
        and nearer it than p (as first_strike_risk judges it)."""
        n = self.unit.n
        for e, sqs in self.big_strikers:
            if e.id == eid:
                near = footprint_distance(p, n, e.pos, e.n)
                return any(q in sqs and footprint_distance(q, n, e.pos, e.n) <= min(2, near - 1) for q in ahead)
        return False

    def first_strike_risk(self, path: Iterable[Pos]) -> float:
        """Round 1: walking into a big or long-reach enemy's reach gives it the first blow."""
        if not self.big_strikers:
            return 0.0
        risk = 0.0
        for e, sqs in self.big_strikers:
            for p in list(path)[1:]:
                if p in sqs and footprint_distance(p, self.unit.n, e.pos, e.n) <= 2:
                    risk += avg_melee(e) * 0.7
                    break
        return risk

    def exposure(self, p: Pos, facing: int, ignore: str | None = None) -> float:
        """Damage-weighted count of adjacent foes standing in our flank or rear arcs at p,
        plus a little for each foe that could still reach a free flank/rear square."""
        key = (p, facing, ignore)
        cached = self._exposure_cache.get(key)
        if cached is None:
            cached = self._exposure_cache[key] = self._exposure(p, facing, ignore)
        return cached

    def _exposure(self, p: Pos, facing: int | None, ignore: str | None) -> float:
        """exposure(); with facing None, the least any facing could give: every adjacent foe
        in front and the fewest free squares behind. Terms are added in the same order, so no
        facing's exposure comes out below it, even in floating point."""
        u = self.unit
        total = 0.0
        free_back = -1
        for e, dmg, radius, gap, sq in self.around(p):
            if e.id == ignore:
                continue
            if gap == 1:
                if facing is not None:
                    total += ARC_EXPOSURE[arc_of(sq, p, u.n, facing)] * dmg * 0.35
                total += 0.15 * dmg  # any adjacent foe can hit us
            elif gap <= radius:
                if free_back < 0:
                    free_back = self._least_free_back(p) if facing is None else self._free_back(p, facing)
                if free_back:
                    w = 0.12 if e.id in self.unacted else 0.05
                    total += w * dmg * min(free_back, 3) / 3
        return total

    def _free_back(self, p: Pos, facing: int) -> int:
        """Free, passable squares in our flank and rear arcs at p: room for a foe to get round us.
        The free squares around p are found once; each facing then only sorts them into arcs."""
        u = self.unit
        if u.n == 1:
            # By direction: a one-square creature's front is its facing and the two beside it.
            dirs = self._free_dirs.get(p)
            if dirs is None:
                by_dir = [0] * 8
                free = self._free_squares(p)
                for sq in free:
                    by_dir[VECTORS.index((sq[0] - p[0], sq[1] - p[1]))] += 1
                dirs = self._free_dirs[p] = (len(free), by_dir)
            count, by_dir = dirs
            return count - by_dir[(facing - 1) % 8] - by_dir[facing] - by_dir[(facing + 1) % 8]
        ring_free = self._free_ring.get(p)
        if ring_free is None:
            ring_free = self._free_ring[p] = self._free_squares(p)
        return sum(1 for sq in ring_free if arc_of(sq, p, u.n, facing) != FRONT)

    def _free_squares(self, p: Pos) -> list[Pos]:
        occ = self.battle.world.occupancy
        t = query.terrain(self.battle)
        return [sq for sq in ring(p, self.unit.n) if sq not in occ and t.passable(sq)]

    def _least_free_back(self, p: Pos) -> int:
        return min(self._free_back(p, f) for f in range(8))

    def strike_zone_risk(self, p: Pos) -> float:
        """Foes that have not acted yet and could attack p this round (half move + reach),
        scaled down by boldness."""
        if self.boldness >= 1.0:
            return 0.0
        risk = 0.0
        for e, dmg, radius, gap, _ in self.around(p):
            if e.id in self.unacted and gap <= radius:
                risk += dmg * 0.5
        return risk * (1.0 - self.boldness)

    def best_facing(self, p: Pos, ignore: str | None = None) -> tuple[int, float]:
        """The facing at p that leaves the fewest foes on our flanks and rear."""
        first = self.face_enemy(p)
        u = self.unit
        if not any(gap <= r for e, _, r, gap, _ in self.around(p) if e.id != ignore):
            return (first if first is not None else u.facing), 0.0
        order = ([first] if first is not None else []) + [f for f in range(8) if f != first]
        best_f, best_e = order[0], None
        for f in order:
            ex = self.exposure(p, f, ignore)
            if best_e is None:
                best_f, best_e = f, ex
                if ex <= self._exposure(p, None, ignore):
                    break  # no facing does better than the first: the others need not be tried
            elif ex < best_e - 1e-9:
                best_f, best_e = f, ex
        return best_f, best_e or 0.0

    def support(self, p: Pos) -> float:
        """Allies beside p cover our flanks."""
        if self.unit.n == 1:
            return min(self._allies_beside().get(p, 0), 3)
        n = sum(1 for a in self.allies if a.morale == STEADY and footprint_distance(p, self.unit.n, a.pos, a.n) == 1)
        return min(n, 3)

    def _allies_beside(self) -> dict[Pos, int]:
        """How many steady allies stand beside each square (a square is beside a creature when
        it is in the ring around its footprint), counted once a decision."""
        if self._ally_adj is None:  # Counter counts a list in C: a third of the time of a loop
            self._ally_adj = Counter([sq for a in self.allies if a.morale == STEADY for sq in ring(a.pos, a.n)])
        return self._ally_adj

    # -- targets ---------------------------------------------------------------------

    def ganged(self, t: Unit) -> int:
        """Our creatures already beside the foe (they block its retreat spaces)."""
        got = self._ganged.get(t.id)
        if got is None and t.n == 1:  # allies are able, so steady is morale STEADY: the support map's count
            got = self._ganged[t.id] = self._allies_beside().get(t.pos, 0)
        elif got is None:  # asked of each option at the foe: counted once a decision
            got = self._ganged[t.id] = sum(
                1 for a in self.allies if a.steady and footprint_distance(a.pos, a.n, t.pos, t.n) == 1
            )
        return got

    def free_back_spaces(self, t: Unit) -> int:
        """Free squares in the foe's flank and rear arcs, counted once a decision per foe."""
        got = self._free_back_of.get(t.id)
        if got is None:
            got = self._free_back_of[t.id] = self._count_free_back(t)
        return got

    def _count_free_back(self, t: Unit) -> int:
        arcs = query.arcs(self.battle, t.id)
        occ = self.battle.world.occupancy
        terrain = query.terrain(self.battle)
        return sum(1 for sq in arcs["rear"] + arcs["flank"] if terrain.passable(sq) and sq not in occ)


def quiet_rounds(battle: Battle) -> int:
    """Whole rounds since anyone struck a blow in melee (0 while the fighting goes on).

    Read from the battle's state, not its log, so a copy (look-ahead, the window's AI worker)
    decides exactly as the battle itself would."""
    last = query.last_melee_round(battle)
    if last == 0:
        return max(0, battle.round - 3)  # no melee yet: the armies are still closing
    return max(0, battle.round - last - 1)
