"""The `normal` AI: a candidate-actions loop (Wesnoth's) that knows the rules it plays under.

For the pending decision it lists the commands worth considering from the battle's query
(`query.moves`, `query.attack_options`, the retreat spaces of `pending()`), gives each a score
and returns the best. Ties go to the candidate listed first; candidates are listed in sorted
order, so the choice is deterministic. Scoring, in short:

- attacks: expected damage (query's chance already counts flank +1, rear +2 and the lost
  shield), a kill weighted by the target's worth (leaders triple: losing one triggers morale
  checks), knockdown chance, a bonus for flank/rear arcs (no riposte, a likely forced retreat),
  for ganging up on a foe whose retreat spaces are blocked;
- every end square: foes left in our flank/rear arcs (the best facing is chosen), attacks of
  opportunity on the way, round-1 first strikes by bigger or longer-reach foes, the strike zone
  of foes that have not acted yet, allies beside us;
- the wounded, fatigued and the wounded leader hang back (`measures.caution`); fatigued units
  rest when no foe can reach them; set to receive a charge when a foe is about to charge;
  missiles when no foe is adjacent; a charge scores as the attack it ends in, less the AC it
  costs, and never runs into a weapon set against it (game/ai/charging.py);
- end of the round: push into a hazard, else a rear space, else a flank; no space at all is a
  save-or-fall, always taken; follow when the foe would otherwise slip out of reach and the
  follow square leaves us no more exposed.

Of the move squares only those that can still beat the best candidate found so far are scored
in full (game/ai/move_search.py, branch and bound on a penalty-free upper bound): the choice is
the one scoring every square gives.
"""

from __future__ import annotations

from game.ai.candidate import Candidate, Explanation
from game.ai.charging import charge_candidates, set_candidates
from game.ai.flight import flee, withdraw
from game.ai.measures import avg_melee, caution, worth
from game.ai.move_search import MoveSearch, score_position
from game.ai.quarter import offer_candidates
from game.ai.retreat_choice import retreat_candidates
from game.ai.spells import candidates as spell_candidates
from game.ai.tactics import View
from game.core import query
from game.core.battle import RETREAT, Battle
from game.core.commands import Action, Command, Illegal
from game.core.rules.geometry import FACINGS, FRONT
from game.core.systems.movement import effective_mv, half_move
from game.core.world import FLEEING, STEADY, WITHDRAWING, Unit

ATTACK_BASE = 2.0
EXPLAINED = 5  # candidates --explain lists per decision


def label(cmd: Command) -> str:
    parts: list[str] = [cmd.action]
    if cmd.spell:
        parts.append(cmd.spell)
    if cmd.at is not None:
        parts.append(f"at {list(cmd.at)}")
    if cmd.target:
        parts.append(cmd.target)
    if cmd.path:
        parts.append(f"via {list(cmd.path[-1])}")
    if cmd.to is not None:
        parts.append(f"to {list(cmd.to)}")
    if cmd.action == "force_retreat":
        parts.append("follow" if cmd.follow else "hold")
    if cmd.facing is not None:
        parts.append(FACINGS[cmd.facing])
    return " ".join(parts)


# -- retreats --------------------------------------------------------------------------


# -- activations -----------------------------------------------------------------------


def _kill_chance(o: query.AttackOption, u: Unit, t: Unit) -> float:
    """The chance the option fells t: its hits' damage spread evenly over their range (its outcome's)."""
    if not o.outcome.hit.hurts:
        return 0.0  # its weapon cannot hurt t
    lo, hi = o.outcome.hit.range
    if t.hp <= lo:
        frac = 1.0
    elif t.hp > hi:
        frac = 0.0
    else:
        frac = (hi - t.hp + 1) / (hi - lo + 1)
    w = u.kind.missile if o.kind == "missile" else None
    shots = w.rate if w is not None else 1
    return min(1.0, o.chance * frac * shots)


def score_attack(view: View, o: query.AttackOption, c: float) -> float:
    u = view.unit
    t = view.battle.world[o.target]
    tw = worth(t)
    s = ATTACK_BASE + o.expected_damage * (1.0 + 0.05 * tw) + 2.0 * tw * _kill_chance(o, u, t)
    s += 2.5 * o.knockdown_chance
    if o.kind == "melee":
        if o.arc == "rear":
            s += 1.0
        elif o.arc == "flank":
            s += 0.5
        if t.prone:
            s += 0.3
        # A foe that will not hit back this round can be forced to retreat, if the blow hurts it.
        if (o.arc != FRONT or o.target not in view.unacted) and o.outcome.claims_retreat:
            s += 0.5 * o.chance
        s += 0.4 * min(view.ganged(t), 3)
        if view.free_back_spaces(t) == 0 and o.outcome.claims_retreat:
            s += 0.5 * o.chance
    end = o.path[-1]
    s -= view.exposure(end, o.facing) * (1 + c)
    s -= sum(avg_melee(view.battle.world[e]) * 0.6 for e in view.aoo(o.path)) * (1 + c)
    s -= view.first_strike_risk(o.path)
    if o.kind == "missile":
        s -= 0.3 * view.strike_zone_risk(end)
    else:
        others = view.strike_zone_risk(end) - (0.5 * avg_melee(t) if o.target in view.unacted else 0.0)
        s -= 0.15 * max(0.0, others)
    s -= 0.001 * o.cost
    return s


def _safe_to_rest(view: View) -> bool:
    for e in view.threats:
        reach = e.kind.melee.reach_squares if e.kind.melee else 1
        if view.gap[e.id] <= effective_mv(e) + half_move(e) + reach:
            return False
    return True


def activation_candidates(battle: Battle, u: Unit, view: View | None = None, keep: int = 1) -> list[Candidate]:
    """The candidates for u's activation. Moves that cannot rank among the `keep` best are
    left out (see MoveSearch); all others are listed."""
    out, moves = activation_parts(battle, u, view or View.build(battle, u))
    if moves is None:
        return out
    moves.run(keep)
    return out + moves.candidates()


def activation_parts(battle: Battle, u: Unit, view: View) -> tuple[list[Candidate], MoveSearch | None]:
    """Every candidate but the moves, and the search that scores moves as far as asked."""
    out: list[Candidate] = []
    if not view.enemies:
        return [Candidate(0.0, Command(Action.HOLD, u.id), "no enemy")], None
    c = caution(u)
    ranged = u.kind.missile is not None
    adjacent = [e for e in view.threats if view.gap[e.id] == 1]
    if u.prone:
        here, f = score_position(view, u.pos, None, c, ranged)
        out.append(Candidate(here, Command(Action.STAND_UP, u.id, facing=f), "stand up"))
        for e in sorted(adjacent, key=lambda e: e.id):
            out += _stand_and_strike(battle, view, u, e, c)
        out.append(Candidate(here - 1.0 - (0 if u.fatigue_state else 1.0), Command(Action.REST, u.id), "rest prone"))
        return out, None
    full, half = query.full_and_half_moves(battle, u.id)  # moves and charges, attacks and shots
    for o in query.attack_options(battle, u.id, "melee", half):
        out.append(
            Candidate(
                score_attack(view, o, c),
                Command(Action.ATTACK, u.id, path=o.path, target=o.target),
                f"{o.arc} {o.chance:.2f}",
            )
        )
    if ranged and not adjacent:
        missile = u.kind.missile
        assert missile is not None  # ranged: it shoots
        for o in query.attack_options(battle, u.id, "missile", half):
            out.append(
                Candidate(
                    score_attack(view, o, c) + 0.5,
                    Command(Action.FIRE, u.id, path=o.path, target=o.target),
                    f"fire {o.chance:.2f}x{missile.rate}",
                )
            )
    out += spell_candidates(view, u, c)
    here, f_here = score_position(view, u.pos, None, c, ranged)
    stay_now = here + view.exposure(u.pos, f_here) * (1 + c) - view.exposure(u.pos, u.facing) * (1 + c)
    out.append(Candidate(stay_now - 0.05, Command(Action.HOLD, u.id), "hold"))
    if f_here != u.facing:
        out.append(Candidate(here, Command(Action.TURN, u.id, facing=f_here), "turn"))
    out += set_candidates(view, stay_now, bool(adjacent))
    out += offer_candidates(battle, u, stay_now)
    if u.fatigue_state > 0:
        if _safe_to_rest(view):
            out.append(Candidate(here + 2.5 + u.fatigue_state, Command(Action.REST, u.id), "rest (safe)"))
        else:
            out.append(Candidate(stay_now - 1.0, Command(Action.REST, u.id), "rest"))
    out += charge_candidates(view, c, full, score_attack)
    return out, MoveSearch(view, full, c, ranged, out)


def _stand_and_strike(battle: Battle, view: View, u: Unit, e: Unit, c: float) -> list[Candidate]:
    """Stand up and attack in place: the query lists no attacks while prone, so test the
    command on a copy (the battle refuses it if the foe is out of reach)."""
    trial = battle.copy()
    try:
        trial.apply(Command(Action.STAND_UP, u.id, target=e.id))
    except Illegal:
        return []
    return [
        Candidate(
            ATTACK_BASE
            + 0.5 * avg_melee(u)
            + 2.0 * (e.hp <= avg_melee(u)) * worth(e) * 0.3
            - view.exposure(u.pos, u.facing) * (1 + c),
            Command(Action.STAND_UP, u.id, target=e.id),
            "stand and strike",
        )
    ]


def best(cands: list[Candidate]) -> Candidate:
    top = cands[0]
    for cand in cands[1:]:
        if cand.score > top.score + 1e-9:
            top = cand
    return top


def ranked(cands: list[Candidate]) -> list[Candidate]:
    return [c for _, c in sorted(enumerate(cands), key=lambda ic: (-ic[1].score, ic[0]))]


def routed(battle: Battle, u: Unit, explain: Explanation | None) -> Command:
    """The move of a creature that is not steady: it flees or withdraws."""
    if u.morale == FLEEING:
        return flee(battle, u, explain)
    assert u.morale == WITHDRAWING, u.morale  # the only other state besides steady
    return withdraw(battle, u, explain)


def candidates(battle: Battle, keep: int = 1) -> list[Candidate]:
    p = battle.pending()
    if p.kind == RETREAT:
        return retreat_candidates(battle)
    u = battle.world[p.unit or ""]
    return activation_candidates(battle, u, keep=keep)


def decide(battle: Battle, explain: Explanation | None = None) -> Command:
    p = battle.pending()
    if p.kind != RETREAT:
        u = battle.world[p.unit or ""]
        if u.morale != STEADY:
            return routed(battle, u, explain)
    cands = candidates(battle, keep=1 if explain is None else EXPLAINED)
    if explain is not None:
        explain.append([(round(c.score, 3), f"{label(c.cmd)} [{c.note}]") for c in ranked(cands)[:EXPLAINED]])
    return best(cands).cmd
