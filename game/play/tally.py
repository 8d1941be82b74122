"""Many AI games added up: wins with their confidence intervals, rounds, and what befell each side,
as `rout simulate` prints them."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterable, Mapping
from typing import IO, TextIO, TypedDict

from game.play.game_result import GameResult, LessonResult

_RESULTS_HERE = "\0results"  # stands for the results list while the rest of the --json object is made


class LevelRecord(TypedDict):
    """One AI level's games in a run against another level (games a level plays itself are not counted)."""

    games: int
    wins: int
    draws: int
    win_rate: float
    win_ci: list[float]  # the Wilson interval of win_rate


def _result(g: GameResult) -> dict[str, object]:
    """What `--json` keeps of each game, and the report of a single game shows."""
    return {
        "seed": g["seed"],
        "winner": g["winner"],
        "rounds": g["rounds"],
        "reason": g["reason"],
        "levels": g["levels"],
    }


class Tally:
    """The results of a run of games between the same sides, added up one game at a time.

    Only the sums are kept, and the first game's result; with keep_results each game's result
    (for `--json`) goes to an unnamed temporary file, not to memory."""

    def __init__(self, sides: list[str], *, keep_results: bool = False) -> None:
        self.sides = sides
        self.n = 0
        self.first: dict[str, object] | None = None
        self.wins = dict.fromkeys(sides, 0)
        self.draws = 0
        self.totals: dict[str, dict[str, int]] = {s: {} for s in sides}  # per side: casualties, retreats, ...
        self.rounds = 0
        self._levels: dict[str, dict[str, int]] = {}
        self._results: IO[str] | None = None
        if keep_results:  # unnamed: the system removes it when it is closed, or the process ends however it ends
            self._results = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115

    @classmethod
    def of(cls, games: Iterable[GameResult], sides: list[str], *, keep_results: bool = False) -> Tally:
        t = cls(sides, keep_results=keep_results)
        for g in games:
            t.add(g)
        return t

    def add(self, g: GameResult) -> None:
        """Count one game's result."""
        self.n += 1
        if self.first is None:
            self.first = _result(g)
        if g["winner"] is None:
            self.draws += 1
        elif g["winner"] in self.wins:
            self.wins[g["winner"]] += 1
        self.rounds += g["rounds"]
        for s, counts in g["summary"].items():
            for k, v in counts.items():
                self.totals[s][k] = self.totals[s].get(k, 0) + v
        met = set(g["levels"].values())
        # A level counts a game only against another: a game every side plays at one level is won
        # by that level whoever wins, and would read as a 99% "win rate" that means nothing.
        for lv in met if len(met) > 1 else ():
            r = self._levels.setdefault(lv, {"games": 0, "wins": 0, "draws": 0})
            r["games"] += 1
            if g["winner"] is None:
                r["draws"] += 1
            elif g["levels"].get(g["winner"]) == lv:
                r["wins"] += 1
        if self._results is not None:
            self._results.write(json.dumps(_result(g), sort_keys=True) + "\n")

    @property
    def rounds_mean(self) -> float:
        return self.rounds / self.n if self.n else 0.0

    @property
    def win_ci(self) -> dict[str, list[float]]:
        return {s: list(wilson(self.wins[s], self.n)) for s in self.sides}

    @property
    def per_level(self) -> dict[str, LevelRecord]:
        """Per AI level: games played, wins, draws, the win rate and its Wilson interval."""
        out: dict[str, LevelRecord] = {}
        for lv in sorted(self._levels):
            r = self._levels[lv]
            rate, ci = r["wins"] / r["games"], list(wilson(r["wins"], r["games"]))
            out[lv] = LevelRecord(games=r["games"], wins=r["wins"], draws=r["draws"], win_rate=rate, win_ci=ci)
        return out

    def as_json(self, map_path: str, seed: int, levels: dict[str, str], swap: bool) -> dict[str, object]:
        """The object `--json` prints, without its "results" list (write_json streams that)."""
        out: dict[str, object] = {
            "map": map_path,
            "games": self.n,
            "seed": seed,
            "levels": levels,
            "wins": self.wins,
            "draws": self.draws,
            "rounds_mean": self.rounds_mean,
            "per_side": self.totals,
            "win_ci": self.win_ci,
            "swap": swap,
        }
        if levels or swap:
            out["per_level"] = self.per_level
        return out

    def write_json(
        self,
        out: TextIO,
        map_path: str,
        seed: int,
        levels: dict[str, str],
        swap: bool,
        more: Mapping[str, object] | None = None,
    ) -> None:
        """Print the `--json` object, one line, with every game's result read back as it goes;
        `more` adds fields (a sweep over generated maps adds its maps)."""
        fields = self.as_json(map_path, seed, levels, swap) | dict(more or {}) | {"results": _RESULTS_HERE}
        whole = json.dumps(fields, sort_keys=True)
        before, after = whole.split(json.dumps(_RESULTS_HERE))
        out.write(before + "[")
        if self._results is not None:
            self._results.seek(0)
            out.writelines((", " if i else "") + line.rstrip("\n") for i, line in enumerate(self._results))
        out.write("]" + after + "\n")


def print_report(t: Tally, title: str, seed: int, by_level: bool, out: TextIO | None = None) -> None:
    """The lines `rout simulate` prints (to stdout, or out): the result or win rates, then each side's losses."""
    n, sides = t.n, t.sides
    if n == 1 and t.first is not None:
        g = t.first
        print(
            f"{title}: seed {g['seed']}: {g['winner'] or 'nobody'} wins ({g['reason']}) after {g['rounds']} rounds",
            file=out,
        )
    else:
        print(
            f"{title}: {n} games from seed {seed}: "
            + ", ".join(f"{s} {t.wins[s]}" for s in sides)
            + f", draws {t.draws}; mean {t.rounds_mean:.1f} rounds",
            file=out,
        )
        for s in sides:
            lo, hi = t.win_ci[s]
            print(f"  {s} win rate {t.wins[s] / n:.0%} (95% CI {lo:.0%}-{hi:.0%})", file=out)
        if by_level and not t.per_level:
            print("  every game was one level against itself: no level's record to give", file=out)
        if by_level:
            for lv, r in sorted(t.per_level.items()):
                lo, hi = r["win_ci"]
                print(
                    f"  level {lv}: {r['wins']}/{r['games']} wins, {r['win_rate']:.0%} (95% CI {lo:.0%}-{hi:.0%})"
                    f", {r['draws']} draws",
                    file=out,
                )
    for s in sides:
        c = t.totals[s]
        print(
            f"  {s}: casualties {c['casualties']}, retreats {c['retreats']}, knockdowns {c['knockdowns']}, "
            f"morale failures {c['morale_failures']}, fled {c['fled']}, surrendered {c['surrendered']}",
            file=out,
        )


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for k successes in n trials (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / den
    return (round(max(0.0, mid - half), 4), round(min(1.0, mid + half), 4))


class LessonTally:
    """For a lesson map, how many games showed the rule its script promises, and what the battle
    refused of the script (`rout simulate` says so under its report)."""

    def __init__(self) -> None:
        self.games = self.shown = 0
        self.missing: dict[str, int] = {}
        self.refused: list[str] = []

    def add(self, lesson: LessonResult | None) -> None:
        if lesson is None:
            return
        self.games += 1
        self.shown += bool(lesson["shown"])
        for m in lesson["missing"]:
            self.missing[m] = self.missing.get(m, 0) + 1
        self.refused += lesson["refused"]

    def report(self, out: TextIO | None = None) -> None:
        if not self.games:
            return
        print(f"  lesson script: its rule showed in {self.shown} of {self.games} games", file=out)
        for m, n in sorted(self.missing.items()):
            print(f"    not shown in {n}: {m}", file=out)
        if self.refused:
            print(f"    {len(self.refused)} scripted commands refused, the first: {self.refused[0]}", file=out)
