"""The tactical AIs (normal, hard): single decisions on small boards, flight, legality."""

import random
from pathlib import Path

import pytest

from game import ai
from game.ai.legal import legal_commands
from game.ai.measures import caution
from game.ai.spells import candidates as spell_candidates
from game.ai.tactics import View
from game.core import query, query_magic, query_quarter
from game.core.battle import RETREAT, Battle
from game.core.commands import Illegal
from game.core.query_swings import free_swings
from game.core.rules.geometry import footprint_distance
from game.core.terrain import Zone
from game.core.world import FLEEING, STEADY, SURRENDERED
from game.scenario.tiled import load_scenario
from tests.helpers import battle, board, cmd, run_round, unit

TACTICAL = ("normal", "hard", "expert:playouts=16")
# Every level, the expert on a budget of playouts: its choices repeat, and a test takes no time.
EVERY_LEVEL = [level if level != "expert" else "expert:playouts=4" for level in ai.LEVELS]


@pytest.mark.parametrize("level", TACTICAL)
def test_takes_a_free_rear_attack_over_a_front_one(level):
    # a acts first (d10 10 against 1); the orc faces east, away from where a stands.
    b = battle(
        [unit("a", "blue", "fighter1", (5, 8), "N"), unit("z", "red", "orc", (5, 5), "E")],
        dice={"initiative a": 10, "initiative z": 1},
    )
    assert b.pending().unit == "a"
    arcs = {o.arc for o in query.attack_options(b, "a")}
    assert {"front", "rear"} <= arcs  # both are on offer
    c = ai.decide(b, level)
    # A run of 3 squares to its rear is also a charge, at +2 more (docs/rules.md#charge).
    assert c.action in ("attack", "charge") and c.target == "z"
    assert c.path[-1] in query.arcs(b, "z")["rear"]


@pytest.mark.parametrize("level", TACTICAL)
def test_pushes_a_foe_into_a_pit(level):
    # a hits b (d20 20, d8 1 damage, knockdown d8 1); b holds; at the end of the round a may
    # force b back into one of its rear spaces, and the middle one is a pit.
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(
        units,
        dice={"initiative a": 10, "initiative b": 1, "attack a": 20, "damage a": 1, "knockdown a": 1},
        hazard={(6, 4): "pit"},
    )
    b.apply(cmd("attack", "a", target="b"))
    while not b.over and b.pending().kind != RETREAT:
        b.apply(cmd("hold", b.pending().unit))
    p = b.pending()
    assert p.kind == RETREAT and {s["to"] for s in p.spaces} == {(6, 3), (6, 4), (6, 5)}
    c = ai.decide(b, level)
    assert c.action == "force_retreat" and c.to == (6, 4)
    b.apply(c)  # legal


def _flee_board(level, seed):
    units = [
        unit("a", "blue", "fighter1", (10, 10), "E"),
        unit("x", "red", "orc", (12, 10), "W"),
        unit("y", "red", "hobgoblin", (11, 12), "N"),
    ]
    b = battle(units, width=24, height=24, dice={"initiative a": 10, "initiative x": 1, "initiative y": 1})
    b.world.update("a", morale=FLEEING)
    return b


@pytest.mark.parametrize("level", TACTICAL)
def test_a_fleeing_unit_never_closes_on_the_enemy(level):
    b = _flee_board(level, 1)
    checked = 0
    for _ in range(60):
        if b.over or not b.world["a"].alive:
            break
        p = b.pending()
        if p.unit == "a" and p.kind != RETREAT:
            a = b.world["a"]
            foes = [e for e in b.world.enemies_of(a) if e.steady]
            before = min(footprint_distance(a.pos, 1, e.pos, e.n) for e in foes)
            c = ai.decide(b, level)
            b.apply(c)
            a = b.world["a"]
            if a.alive:
                after = min(footprint_distance(a.pos, 1, e.pos, e.n) for e in foes)
                assert after >= before, (c, before, after)
                checked += 1
        else:
            b.apply(ai.decide(b, "baseline"))
    assert checked >= 3


@pytest.mark.parametrize("level", TACTICAL)
def test_a_cornered_intelligent_unit_surrenders_without_the_ai_looping(level):
    units = [
        unit("a", "blue", "fighter1", (0, 0), "SE"),
        unit("x", "red", "orc", (1, 0), "W"),
        unit("y", "red", "orc", (0, 1), "N"),
        unit("z", "red", "orc", (1, 1), "NW"),
    ]
    b = battle(units, dice={"initiative a": 10, "initiative x": 1, "initiative y": 1, "initiative z": 1})
    b.world.update("a", morale=FLEEING)
    for _ in range(20):
        if b.over or b.world["a"].life != "fighting":
            break
        p = b.pending()
        if p.side == "blue":
            b.apply(ai.decide(b, level))
        else:
            b.apply(cmd("hold", p.unit) if p.kind != RETREAT else cmd("decline_retreat", p.unit, target=p.target))
    assert b.world["a"].life == SURRENDERED


@pytest.mark.parametrize("level", TACTICAL)
def test_a_fleeing_unit_takes_the_gap_not_the_dead_end(level):
    # A corridor along y=2 from x=1 to x=12 (a dead end at the east); a gap at x=9 runs
    # down to y=6, and along y=6 east to the exit at (13, 6). The enemy is at the west end.
    w, h = 14, 8
    open_sq = {(x, 2) for x in range(1, 13)} | {(9, y) for y in range(3, 7)} | {(x, 6) for x in range(9, 14)}
    walls = {(x, y): 0 for y in range(h) for x in range(w) if (x, y) not in open_sq}
    units = [unit("a", "blue", "fighter1", (6, 2), "E"), unit("x", "red", "orc", (2, 2), "E")]
    b = battle(
        units,
        width=w,
        height=h,
        dice={"initiative a": 10, "initiative x": 1},
        move_cost=walls,
        zones=(Zone("exit", 13, 6, 1, 1, "blue", "blue_exit"),),
    )
    b.world.update("a", morale=FLEEING)
    assert b.pending().unit == "a"
    c = ai.decide(b, level)
    assert c.action == "move"
    assert all(p[0] <= 9 or p[1] >= 3 for p in c.path), c.path  # never along the dead end
    b.apply(c)
    a = b.world["a"]
    assert a.life == "fled" or a.pos[1] >= 3


@pytest.mark.parametrize("mapname", ["skirmish.tmx", "test_arena.tmx"])
def test_every_level_gives_a_legal_command_on_random_positions(mapname):
    scenario = load_scenario(Path(__file__).resolve().parents[2] / "maps" / mapname)
    rnd = random.Random(5)
    for seed in range(1, 5):
        b = Battle(scenario, seed=seed)
        for _ in range(rnd.randrange(5, 120)):
            if b.over:
                break
            b.apply(ai.decide(b, "random"))
        for _ in range(8):
            if b.over:
                break
            for level in EVERY_LEVEL:
                trial = b.copy()
                c = ai.decide(trial, level)
                try:
                    trial.apply(c)
                except Illegal as e:  # pragma: no cover - the assertion names it
                    pytest.fail(f"{level} gave an illegal command {c}: {e}")
            b.apply(ai.decide(b, "normal"))


def test_legal_commands_lists_what_normal_chooses_in_a_retreat():
    units = [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")]
    b = battle(units, dice={"initiative a": 10, "initiative b": 1, "attack a": 20, "damage a": 1, "knockdown a": 1})
    b.apply(cmd("attack", "a", target="b"))
    while b.pending().kind != RETREAT:
        b.apply(cmd("hold", b.pending().unit))
    assert ai.decide(b, "normal") in legal_commands(b)


def test_explain_lists_the_top_candidates():
    b = battle(
        [unit("a", "blue", "fighter1", (5, 8), "N"), unit("z", "red", "orc", (5, 5), "E")],
        dice={"initiative a": 10, "initiative z": 1},
    )
    notes: list = []
    c = ai.decide(b, "normal", notes)
    assert notes and notes[-1] and all(isinstance(s, float) for s, _ in notes[-1])
    assert notes[-1][0][0] == max(s for s, _ in notes[-1])
    assert c.action in ("attack", "charge")
    assert any(what.startswith("charge z") for _, what in notes[-1]), "charges are explained like the others"


def test_an_attack_that_cannot_hurt_promises_no_damage_and_no_knockdown():
    """A plain sword's hit on a gargoyle does nothing (docs/rules.md#weapons-a-creature-cannot-hurt):
    the attack options, which the cards show and the AI scores, say so; a +1 sword's do not."""
    for kind, hurts in (("fighter3", False), ("fighter3_magic", True)):
        b = battle(
            [unit("a", "blue", kind, (5, 6), "N"), unit("g", "red", "gargoyle", (5, 5), "S")],
            dice={"initiative a": 10, "initiative g": 1},
        )
        o = next(o for o in query.attack_options(b, "a") if o.target == "g")
        assert o.chance > 0
        assert (o.expected_damage > 0, o.knockdown_chance > 0) == (hurts, hurts), kind


def test_the_ai_counts_the_swings_a_walk_draws_as_the_walk_draws_them():
    """docs/rules.md#first-strike-in-round-1: in round 1 a pike that will strike first at a
    swordsman coming on makes no attack of opportunity at him; one crossing its reach draws one.
    The AI's cheap count (View.aoo, and first_strike_risk for the first strike) agrees with the
    preview of the walk (query_swings.free_swings)."""
    b = battle(
        [unit("p", "red", "pikeman", (6, 4), "W"), unit("s", "blue", "fighter1", (1, 4), "E")], [1, 10], width=12
    )
    view = View.build(b, b.world["s"])
    straight = [(1, 4), (2, 4), (3, 4), (4, 4), (5, 4)]
    across = [(1, 4), (2, 4), (3, 4), (3, 5)]
    for path, swings in ((straight, [("p", "first_strike")]), (across, [("p", "attack_of_opportunity")])):
        assert [(w.enemy, w.why) for w in free_swings(b, "s", path)] == swings
        assert view.aoo(path) == [e for e, why in swings if why == "attack_of_opportunity"]
    assert view.first_strike_risk(straight) > 0 and view.first_strike_risk(across) == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_quarter_is_offered_to_a_foe_once_a_round(level):
    """'Several offers to one foe in a round bring one check' (docs/rules.md#offering-surrender): the
    first fighter's activation goes to an offer; the second does not throw its own away on another.
    A row of pits keeps the orc out of their reach, so an offer is the best they can do."""
    pits = {(5, y): "pit" for y in range(10)}
    for seed in range(20):
        units = [
            unit("a1", "blue", "fighter1", (2, 3), "E"),
            unit("a2", "blue", "fighter1", (2, 5), "E"),
            unit("o", "red", "orc", (6, 4), "W"),
        ]
        b = Battle(board(units, options={"surprised": "red"}, hazard=pits), seed=seed)
        run_round(b)  # the orc checks morale (surprised): it has met a trigger
        if b.world["o"].morale == STEADY and b.round == 2:
            break
    assert query_quarter.offer_surrender_chance(b, "o") >= 0.5
    decided = []
    while b.round == 2 and len(decided) < 2:
        p = b.pending()
        c = ai.decide(b, level) if p.side == "blue" else cmd("hold", p.unit)
        if p.side == "blue":
            decided.append(c)
        b.apply(c)
    first, second = decided
    assert (first.action, first.target) == ("offer_surrender", "o")
    assert second.action != "offer_surrender"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_caster_hurt_this_round_casts_nothing(level):
    """'A caster damaged earlier in the same round loses the spell it would cast (the slot is spent)'
    (docs/rules.md#magic): the orc beside the wizard acts first; missed, the wizard's magic missile
    finishes the wounded orc; hurt, it spends its turn otherwise and keeps the spell."""
    for blow, casts in ((2, True), (20, False)):
        units = [
            unit("w", "blue", "wizard3", (2, 4), "E"),
            unit("x", "red", "orc", (3, 4), "W"),
            unit("y", "red", "orc", (7, 4), "W", hp=1),
        ]
        dice = {"initiative x": 10, "initiative w": 5, "initiative y": 1, "attack x": blow, "damage x": 1}
        b = battle(units, dice={**dice, "knockdown x": 1})
        b.apply(cmd("attack", "x", target="w"))
        assert b.pending().unit == "w" and query_magic.spell_lost(b, "w") == (not casts)
        assert (ai.decide(b, level).action == "cast") == casts


def test_a_spell_cast_after_a_walk_past_a_foe_is_worth_less_by_the_blow_that_would_lose_it():
    """'A caster damaged ... on its half move' loses the spell (docs/rules.md#magic): burning hands
    at two orcs needs a walk out of a third orc's front, whose free blow may land. The same walk
    past an orc facing away draws no blow, and the cast is worth more by what the blow would lose."""

    def walked_cast(facing: str) -> float:
        units = [
            unit("w", "blue", "wizard3", (2, 4), "E"),
            unit("g", "red", "orc", (2, 3), facing),
            unit("x", "red", "orc", (7, 4), "W"),
            unit("y", "red", "orc", (7, 5), "W"),
        ]
        b = battle(units, dice={"initiative w": 10, "initiative g": 1, "initiative x": 1, "initiative y": 1})
        u = b.world["w"]
        cands = spell_candidates(View.build(b, u), u, caution(u))
        return max(c.score for c in cands if c.cmd.spell == "burning_hands" and c.cmd.path and len(c.cmd.path) == 5)

    assert walked_cast("S") < walked_cast("N") - 1.0
