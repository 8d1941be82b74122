"""Many AI games added up: wins with their confidence intervals, rounds, and what befell each side,
as `rout simulate` prints them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tally:
    """The results of a run of games between the same sides."""

    games: list[dict]
    sides: list[str]
    wins: dict[str, int]
    draws: int
    totals: dict[str, dict[str, int]]  # per side: casualties, retreats, knockdowns, ...
    rounds_mean: float
    win_ci: dict[str, list[float]]
    per_level: dict[str, dict]

    @classmethod
    def of(cls, games: list[dict], sides: list[str]) -> Tally:
        wins = {s: sum(1 for g in games if g["winner"] == s) for s in sides}
        totals: dict[str, dict[str, int]] = {s: {} for s in sides}
        for g in games:
            for s, counts in g["summary"].items():
                for k, v in counts.items():
                    totals[s][k] = totals[s].get(k, 0) + v
        n = len(games)
        return cls(
            games,
            sides,
            wins,
            sum(1 for g in games if g["winner"] is None),
            totals,
            sum(g["rounds"] for g in games) / n,
            {s: list(wilson(wins[s], n)) for s in sides},
            per_level(games, sides),
        )

    def as_json(self, map_path: str, seed: int, levels: dict[str, str], swap: bool) -> dict:
        """The object `--json` prints."""
        out = {
            "map": map_path,
            "games": len(self.games),
            "seed": seed,
            "levels": levels,
            "wins": self.wins,
            "draws": self.draws,
            "rounds_mean": self.rounds_mean,
            "per_side": self.totals,
            "win_ci": self.win_ci,
            "swap": swap,
            "results": [{k: g[k] for k in ("seed", "winner", "rounds", "reason", "levels")} for g in self.games],
        }
        if levels or swap:
            out["per_level"] = self.per_level
        return out


def print_report(t: Tally, title: str, seed: int, by_level: bool) -> None:
    """The lines `rout simulate` prints: the result or win rates, then each side's losses."""
    n, sides = len(t.games), t.sides
    if n == 1:
        g = t.games[0]
        print(f"{title}: seed {g['seed']}: {g['winner'] or 'nobody'} wins ({g['reason']}) after {g['rounds']} rounds")
    else:
        print(
            f"{title}: {n} games from seed {seed}: "
            + ", ".join(f"{s} {t.wins[s]}" for s in sides)
            + f", draws {t.draws}; mean {t.rounds_mean:.1f} rounds"
        )
        for s in sides:
            lo, hi = t.win_ci[s]
            print(f"  {s} win rate {t.wins[s] / n:.0%} (95% CI {lo:.0%}-{hi:.0%})")
        if by_level:
            for lv, r in sorted(t.per_level.items()):
                lo, hi = r["win_ci"]
                print(
                    f"  level {lv}: {r['wins']}/{r['games']} wins, {r['win_rate']:.0%} (95% CI {lo:.0%}-{hi:.0%})"
                    f", {r['draws']} draws"
                )
    for s in sides:
        c = t.totals[s]
        print(
            f"  {s}: casualties {c['casualties']}, retreats {c['retreats']}, knockdowns {c['knockdowns']}, "
            f"morale failures {c['morale_failures']}, fled {c['fled']}, surrendered {c['surrendered']}"
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


def per_level(games: list[dict], sides: list[str]) -> dict:
    """Per AI level: games played, wins, draws, the win rate and its Wilson interval.
    A game where both sides play the same level counts once for it."""
    out: dict[str, dict] = {}
    for g in games:
        for lv in sorted(set(g["levels"].values())):
            r = out.setdefault(lv, {"games": 0, "wins": 0, "draws": 0})
            r["games"] += 1
            if g["winner"] is None:
                r["draws"] += 1
            elif g["levels"].get(g["winner"]) == lv:
                r["wins"] += 1
    for r in out.values():
        r["win_rate"] = r["wins"] / r["games"]
        r["win_ci"] = list(wilson(r["wins"], r["games"]))
    return out
