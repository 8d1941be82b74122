"""Soak battles: AI against AI on every shipped map under every rule option, each event and the
world checked after every command (tests/contract.py). The gate in tests/test_soak.py plays a
few hundred short ones; bench/soak.py plays thousands."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game import ai
from game.core.battle import Battle
from game.home.bundled import MAPS
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario
from tests.contract import Contract, check_world

LEVEL_PAIRS = (("random", "random"), ("normal", "random"), ("random", "normal"), ("normal", "normal"))


@dataclass(frozen=True)
class Case:
    map: Path
    seed: int
    options: dict
    levels: tuple[str, ...]

    def __str__(self) -> str:
        opts = " ".join(f"--option {k}={v}" for k, v in self.options.items())
        ai_ = " ".join(f"--ai {s}={lv}" for s, lv in zip(scenario(self.map).sides, self.levels, strict=False))
        return f"rout simulate {self.map.name} --seed {self.seed} {ai_} {opts}"


@cache
def scenario(path: Path) -> Scenario:
    return load_scenario(path)


def _options(i: int, sides: list[str], rounds: int) -> dict:
    """The i-th mix of rule options: every value of every option comes round within a few cases."""
    side = sides[i % len(sides)]
    return {
        "morale_system": ("adnd2e", "ose")[i % 2],
        "initiative": ("individual", "group")[(i // 2) % 2],
        "knockdown_dice": (True, False)[(i // 4) % 2],
        "death_at_minus_10": (False, True)[(i // 3) % 2],
        "max_rounds": rounds,
        **({"surprised": side} if i % 5 == 1 else {}),
        **({"waiting": side} if i % 5 == 2 else {}),
        **({"foreign_environment": side} if i % 5 == 3 else {}),
    }


def plan(count: int, start: int = 0, rounds: int = 4) -> list[Case]:
    """count cases from the start-th on, round-robin over the shipped maps."""
    maps = sorted(MAPS.glob("*.tmx"))
    cases = []
    for i in range(start, start + count):
        path = maps[i % len(maps)]
        sides = scenario(path).sides
        pair = LEVEL_PAIRS[(i // len(maps)) % len(LEVEL_PAIRS)]
        levels = tuple(pair[j % 2] for j in range(len(sides)))
        cases.append(Case(path, i, _options(i // len(maps), sides, rounds), levels))
    return cases


def play_checked(case: Case, max_decisions: int = 20_000) -> tuple[int, Counter[str]]:
    """Play one case to its end, checking the contract after every command; the decisions made
    and how many events of each type the log holds."""
    sc = scenario(case.map)
    b = Battle(sc, seed=case.seed, options=case.options)
    levels = dict(zip(sc.sides, case.levels, strict=True))
    contract = Contract()
    for e in b.events:
        contract.event(e)
    check_world(b)
    decisions = 0
    while not b.over:
        assert decisions < max_decisions, f"{case}: the battle did not end"
        for e in b.apply(ai.decide(b, levels[b.pending().side or ""])):
            contract.event(e)
        check_world(b)
        decisions += 1
    return decisions, Counter(type(e).type for e in b.events)
