"""Record or check the event logs of AI games on every shipped map and on the bench fields.

A refactor that changes no rule and no decision must leave every log byte-identical:

    python bench/golden_logs.py --record bench/golden_logs.json   # before the change
    python bench/golden_logs.py --check bench/golden_logs.json    # after it: exit 1 on any difference

bench/golden_logs.json holds today's dice (scheme 2); bench/golden_logs_dice1.json the same games
under dice scheme 1 (`--dice 1`), the scheme of saves from Rout 0.3, which must replay unchanged.

Each game is the map, a seed and one AI level for every side; its digest is the SHA-256 of
the JSON Lines event log, and another of the commands the AI gave (as JSON), so a change
that kept the log but not the commands shows too. About a minute on two cores.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_engine import field_scenario

from game import ai
from game.core.battle import Battle
from game.core.rules.dice import DICE, DICE_SCHEMES
from game.save.files import event_lines
from game.scenario.tiled import load_scenario

LEVELS = ("baseline", "normal", "hard")
MAP_SEEDS = (1, 2, 3)
FIELDS = {"field50": (50, (1, 2)), "field200": (200, (1,))}


def games() -> list[tuple[str, str, int]]:
    """(scenario, level, seed) for every game recorded."""
    out = []
    for path in sorted((ROOT / "maps").glob("*.tmx")):
        for level in LEVELS:
            for seed in MAP_SEEDS:
                out.append((path.name, level, seed))
    for name, (_, seeds) in FIELDS.items():
        for level in LEVELS:
            if name == "field200" and level != "baseline":
                continue  # the large field is there for the engine; the tactical AIs take minutes on it
            for seed in seeds:
                out.append((name, level, seed))
    return out


def play(game: tuple[str, str, int], dice: int = DICE) -> tuple[str, dict[str, str | int]]:
    name, level, seed = game
    scenario = field_scenario(FIELDS[name][0]) if name in FIELDS else load_scenario(ROOT / "maps" / name)
    battle = Battle(scenario, seed=seed, dice=dice)
    commands = []
    while not battle.over:
        cmd = ai.decide(battle, level)
        commands.append(cmd.to_json())
        battle.apply(cmd)
    log = event_lines(battle.events).encode()
    cmds = json.dumps(commands, separators=(",", ":")).encode()
    key = f"{name} {level} {seed}"
    return key, {
        "events": len(battle.events),
        "log_sha256": hashlib.sha256(log).hexdigest(),
        "commands_sha256": hashlib.sha256(cmds).hexdigest(),
    }


def run_all(jobs: int, dice: int = DICE) -> dict[str, dict[str, str | int]]:
    plan = games()
    # The longest games first, so the two workers finish together.
    plan.sort(key=lambda g: (g[0] not in FIELDS, g[0] != "battle.tmx", g[1] != "hard"))
    with ProcessPoolExecutor(jobs) as pool:
        return dict(sorted(pool.map(play, plan, [dice] * len(plan))))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--record", metavar="FILE", help="write the digests to FILE")
    what.add_argument("--check", metavar="FILE", help="compare with the digests in FILE")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--dice", type=int, choices=DICE_SCHEMES, default=DICE, help=f"the dice scheme (default {DICE})")
    args = ap.parse_args()
    result = run_all(args.jobs, args.dice)
    if args.record:
        Path(args.record).write_text(json.dumps(result, indent=1) + "\n")
        print(f"recorded {len(result)} games in {args.record}")
        return 0
    expected = json.loads(Path(args.check).read_text())
    differ = sorted(k for k in expected.keys() | result.keys() if expected.get(k) != result.get(k))
    for key in differ:
        print(f"differs: {key}: expected {expected.get(key)}, got {result.get(key)}")
    print(f"{len(result) - len(differ)} of {len(expected)} games identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
