"""The expert's playout dice (game/ai/playout_dice.py): each roll's kind and roller a stream of its
own, so two candidates' futures give every creature the same luck whatever was rolled before."""

from collections import Counter

from game.ai import expert
from game.ai.playout_dice import PlayoutDice
from game.core import events as ev
from game.core.commands import Action, Command
from tests.helpers import battle, unit


def _rolls(rng: PlayoutDice, whys: list[tuple[str, str]]) -> dict[tuple[str, str], list[tuple[int, ...]]]:
    out: dict[tuple[str, str], list[tuple[int, ...]]] = {}
    for why in whys:
        out.setdefault(why, []).append(rng.dice(1, 20, why))  # type: ignore[arg-type]
    return out


def test_a_creatures_rolls_do_not_depend_on_the_rolls_between():
    # The k-th attack roll of z is the same number, however many other dice fell before it.
    plain = _rolls(PlayoutDice(5), [("attack", "z"), ("attack", "z")])
    busy = _rolls(PlayoutDice(5), [("attack", "a"), ("damage", "a"), ("attack", "z"), ("save", "z"), ("attack", "z")])
    assert busy[("attack", "z")] == plain[("attack", "z")]


def test_streams_differ_by_seed_by_kind_and_by_roller():
    rolls = {
        what: [PlayoutDice(seed).dice(4, 20, what) for seed in range(5)]  # type: ignore[arg-type]
        for what in [("attack", "z"), ("damage", "z"), ("attack", "a")]
    }
    assert len({tuple(r) for r in rolls.values()}) == 3
    assert len(set(rolls[("attack", "z")])) == 5
    assert PlayoutDice(3).dice(4, 20, ("attack", "z")) == PlayoutDice(3).dice(4, 20, ("attack", "z"))


def test_a_copy_goes_on_with_the_same_streams_and_counts_its_draws():
    rng = PlayoutDice(11)
    rng.dice(2, 6, ("damage", "a"))
    twin = rng.copy()
    assert twin.draws == rng.draws == 2
    assert twin.dice(2, 6, ("damage", "a")) == rng.dice(2, 6, ("damage", "a"))


def test_the_dice_are_fair():
    # 60,000 d6 from many streams: each face within 3% of a sixth (about 7 standard errors).
    rng = PlayoutDice(2026)
    faces = Counter(v for i in range(6_000) for v in rng.dice(10, 6, ("attack", f"u{i}")))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(abs(n - 10_000) < 300 for n in faces.values())


def test_two_candidates_futures_give_the_foe_the_same_blow():
    # a strikes the orc in one future and holds in the other: with one stream for every die, the
    # orc's answer would roll a different number in each; with playout dice it rolls the same.
    units = [unit("a", "blue", "fighter1", (5, 6), "N"), unit("z", "red", "orc", (5, 5), "S")]
    b = battle(units, dice={"initiative a": 10, "initiative z": 1})
    answers = []
    for first in (Command(Action.ATTACK, "a", path=((5, 6),), target="z"), Command(Action.HOLD, "a")):
        trial = b.copy(rng=PlayoutDice(99))
        trial.apply(first)
        trial.apply(Command(Action.ATTACK, "z", path=((5, 5),), target="a"))
        answers.append([e.roll.rolls for e in trial.events if isinstance(e, ev.Attack) and e.id == "z"])
    assert answers[0] == answers[1] and answers[0]


def test_the_playouts_roll_playout_dice(monkeypatch):
    seen: list[type] = []
    real = expert.Battle.copy

    def copy(self, rng=None, log=()):
        seen.append(type(rng))
        return real(self, rng, log)

    monkeypatch.setattr(expert.Battle, "copy", copy)
    units = [unit("a", "blue", "fighter1", (5, 6), "N"), unit("z", "red", "orc", (5, 5), "S")]
    b = battle(units, dice={"initiative a": 10, "initiative z": 1})
    expert.playout(b, Command(Action.HOLD, "a"), 7, lambda t: Command(Action.HOLD, t.pending().unit or ""), set())
    assert seen and seen[0] is PlayoutDice
