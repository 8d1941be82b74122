"""`rout match A B`: two AI levels played against each other in pairs of games (docs/command-line.md;
bench/README.md, "Matches": how to read the report)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from game.cli import bounds
from game.cli.outputs import UsageError, progress_bar
from game.core.rules.dice import SEED_MAX
from game.levels import LEVELS, level_problem, repeatable
from game.match import EnginesDiffer

if TYPE_CHECKING:
    from game.match.games import MatchGame

PAIRS_MAX = 100_000
POOLS = ("all", "generated", "shipped")  # game/match/fields.py's, named here: the parser imports nothing heavy
_P = TypeVar("_P", bound=argparse.ArgumentParser)


def add_parser(sub: argparse._SubParsersAction[_P]) -> None:
    m = sub.add_parser("match", help="play two AI levels against each other in pairs of games, sides swapped")
    m.add_argument("a", metavar="LEVEL_A", help=f"one of {', '.join(LEVELS)}")
    m.add_argument("b", metavar="LEVEL_B", help="the level A is measured against")
    m.add_argument("--pairs", type=int, default=100, help="pairs of games (default 100; --sprt may stop sooner)")
    m.add_argument("--seed", type=bounds.seed, default=1, help="the first pair's seed: pair i has seed + i")
    m.add_argument("--fields", choices=POOLS, default="all", help="generated fields, shipped skirmishes, or both")
    m.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"), help="stop when a GSPRT decides")
    m.add_argument("--jobs", type=int, default=1, help="games in parallel (the results are the same for any number)")
    m.add_argument("--dask", metavar="ADDRESS", help="play the games on a Dask cluster (tcp://HOST:PORT)")
    m.add_argument("--against", metavar="CHECKOUT", help="level B is the AI of another checkout of Rout (a folder)")
    m.add_argument("--json", action="store_true", help="print the report as one JSON object")
    m.set_defaults(func=cmd_match)


def level(text: str) -> str:
    """A level as the command line names it, parameters and all (expert:playouts=200)."""
    problem = level_problem(text)
    if problem:
        raise UsageError(problem)
    return repeatable(text)


def cmd_match(args: argparse.Namespace) -> int:
    a, b = level(args.a), level(args.b)
    wrong = bounds.jobs(args.jobs) if args.dask is None else None
    if not 1 <= args.pairs <= PAIRS_MAX:
        wrong = f"--pairs must be from 1 to {PAIRS_MAX:,}, not {args.pairs}"
    if args.seed + args.pairs - 1 > SEED_MAX:
        wrong = f"--seed {args.seed} with --pairs {args.pairs} runs past the largest seed"
    if args.sprt is not None and not args.sprt[0] < args.sprt[1]:
        wrong = f"--sprt ELO0 ELO1 needs ELO0 below ELO1, not {args.sprt[0]:g} {args.sprt[1]:g}"
    if args.against is not None:
        wrong = wrong or _checkout_problem(args.against, args.dask)
    if wrong:
        raise UsageError(wrong)
    try:
        report = _match(args, a, b)
    except BrokenProcessPool:
        print("rout: a worker process was stopped before its game ended", file=sys.stderr)
        return 1
    except EnginesDiffer as e:  # the other checkout's engine saw another battle (match/against.py)
        print(f"rout: {e}", file=sys.stderr)
        return 1
    print(json.dumps(report, sort_keys=True) if args.json else _words(report))
    return 0


def _checkout_problem(path: str, dask: str | None) -> str | None:
    """What is wrong with --against CHECKOUT, or None."""
    if dask is not None:
        return "--against plays the other checkout on this machine; leave out --dask"
    if not (Path(path) / "game" / "ai").is_dir():
        return f"--against {path[:60]}: not a checkout of Rout (it has no game/ai folder)"
    return None


def _match(args: argparse.Namespace, a: str, b: str) -> dict[str, Any]:
    from game.match.games import played  # noqa: PLC0415  # the AI and the generator, imported as the match starts
    from game.match.stats import PairCounts, sprt_bounds, sprt_verdict  # noqa: PLC0415

    counts, unplayable, rounds, games_played = PairCounts(), 0, 0, 0
    verdict = None
    progress = progress_bar(2 * args.pairs)
    results = played(_games(args, a, b), jobs=args.jobs, dask=args.dask, on_done=progress)
    try:
        for first, second in _two_at_a_time(results):
            games_played += 2
            rounds += first.rounds + second.rounds
            if first.unplayable or second.unplayable:
                unplayable += 1
                continue
            counts.add(first.a_points + second.a_points)
            if args.sprt is not None:
                verdict = sprt_verdict(counts, *args.sprt)
                if verdict is not None:
                    break
    finally:
        results.close()  # --sprt decided: the games under way are not wanted
        if progress is not None:
            progress(None)
    elo, low, high = counts.elo()
    out: dict[str, Any] = {
        "a": a,
        "b": b if args.against is None else f"{b} of {args.against}",
        "fields": args.fields,
        "seed": args.seed,
        "pairs": counts.pairs,
        "unplayable_pairs": unplayable,
        "pentanomial": counts.counts,
        "points": counts.points,
        "score": counts.score,
        "elo": elo,
        "elo_95": [low, high],
        "rounds_mean": rounds / games_played if games_played else 0.0,
    }
    if args.sprt is not None:
        out["sprt"] = {
            "elo0": args.sprt[0],
            "elo1": args.sprt[1],
            "llr": counts.llr(*args.sprt),
            "bounds": list(sprt_bounds()),
            "verdict": verdict,
        }
    return out


def _games(args: argparse.Namespace, a: str, b: str) -> Iterator[MatchGame]:
    from game.match.games import pair_games  # noqa: PLC0415

    for pair in range(args.pairs):
        yield from pair_games(pair, args.seed, args.fields, a, b, args.against)


T = TypeVar("T")


def _two_at_a_time(items: Iterator[T]) -> Iterator[tuple[T, T]]:
    for first in items:
        yield first, next(items)


def _words(r: dict[str, Any]) -> str:
    n = r["pairs"]
    c = r["pentanomial"]
    lines = [
        f"{r['a']} against {r['b']}: {n} pairs ({2 * n} games) on {r['fields']} fields from seed {r['seed']}",
        (
            f"  {r['a']} scored {r['points']:g} of {2 * n} ({r['score']:.1%}): "
            f"Elo {r['elo']:+.0f} (95%: {r['elo_95'][0]:+.0f} to {r['elo_95'][1]:+.0f})"
        ),
        (
            f"  pairs {r['a']} won 2-0: {c[4]}, 1.5: {c[3]}, 1-1: {c[2]}, 0.5: {c[1]}, lost 0-2: {c[0]}"
            f"; mean {r['rounds_mean']:.1f} rounds a game"
        ),
    ]
    if r["unplayable_pairs"]:
        lines.append(f"  {r['unplayable_pairs']} pairs passed over: no playable field came of their spec")
    s = r.get("sprt")
    if s is not None:
        said = {
            "H1": f"{r['a']} is stronger by at least {s['elo1']:g} Elo (H1 accepted)",
            "H0": f"{r['a']} is not stronger by {s['elo1']:g}: at most {s['elo0']:g} (H0 accepted)",
            None: "undecided when the pairs ran out",
        }[s["verdict"]]
        lines.append(
            f"  SPRT [{s['elo0']:g}, {s['elo1']:g}]: LLR {s['llr']:.2f} "
            f"(bounds {s['bounds'][0]:.2f}, {s['bounds'][1]:.2f}): {said}"
        )
    return "\n".join(lines)


__all__ = ["add_parser", "cmd_match", "level"]
