"""The end-of-round review (game/core/round_review.py) reads the round's log; the retreat step
(game/core/systems/retreat.py) reads the battle's record. Both judge a pair by the one rule,
game.core.rules.outcome.earns_retreat: over random melees they must name the same pairs, and the
review's pair to settle 'now' must be the one the battle asks about (docs/rules.md#forced-retreats)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.legal import legal_commands
from game.core.battle import RETREAT, Battle
from game.core.commands import Action
from game.core.round_review import review
from game.core.systems import retreat
from game.scenario import catalogue
from tests.helpers import board, unit

SMALL = sorted(k for k, v in catalogue.load().items() if v.squares == 1 and v.melee is not None)
FIGHTS = (Action.ATTACK, Action.CHARGE)


@st.composite
def melees(draw):
    """Two lines of small creatures face to face across a 6-wide field, so that most of them fight."""
    n = draw(st.integers(1, 4))
    units = [unit(f"b{i}", "blue", draw(st.sampled_from(SMALL)), (i + 1, 2), "S") for i in range(n)]
    units += [unit(f"r{i}", "red", draw(st.sampled_from(SMALL)), (i + 1, 3), "N") for i in range(n)]
    options = {"knockdown_dice": draw(st.booleans()), "initiative": draw(st.sampled_from(["individual", "group"]))}
    return board(units, width=6, height=6, options=options)


def agree(b: Battle) -> None:
    engine = set(retreat.pairs(b.ctx, b.attacker_order))
    fights = review(b)
    assert {(f.attacker, f.foe) for f in fights if f.may} == engine, [f.words() for f in fights]
    now = [(f.attacker, f.foe) for f in fights if f.verdict == "now"]
    p = b.pending()
    assert now == ([(p.unit, p.target)] if p.kind == RETREAT else [])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scn=melees(), seed=st.integers(0, 2**32 - 1), pick=st.randoms(use_true_random=False))
def test_the_review_and_the_retreat_step_name_the_same_pairs(scn, seed: int, pick: random.Random):
    fight(Battle(scn, seed=seed), pick, agree)


def fight(b: Battle, pick: random.Random, check) -> None:
    """Play up to 120 decisions, mostly blows when a blow is legal, checking before each."""
    for _ in range(120):
        if b.over:
            return
        check(b)
        options = legal_commands(b)
        blows = [c for c in options if c.action in FIGHTS]
        b.apply(pick.choice(blows if blows and pick.random() < 0.8 else options))


def test_the_random_melees_reach_every_kind_of_verdict():
    """The property above is not empty: its battles reach the retreat step, with pairs waiting, and trade blows."""
    seen: set[str] = set()

    def note(b: Battle) -> None:
        seen.update(f.verdict for f in review(b))

    for seed in range(30):  # hit_back is the rarest: about one melee in ten
        units = [unit(f"b{i}", "blue", "fighter1", (i + 1, 2), "S") for i in range(3)]
        units += [unit(f"r{i}", "red", "orc", (i + 1, 3), "N") for i in range(3)]
        fight(Battle(board(units, width=6, height=6), seed=seed), random.Random(seed), note)
    assert {"now", "waits", "hit_back", "unhurt"} <= seen, seen
