"""A campaign's difficulty curve: many campaigns played from consecutive seeds, and each battle's
win rate among the campaigns that fought it, with its 95% interval (game/play/tally.py's Wilson score).
An endless campaign's battles are counted by their place (the 1st contract, the 2nd, ...): the
difficulty as the company grows."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from game.campaign.keys import VICTORY
from game.campaign.spec import CampaignSpec
from game.play.tally import wilson


@dataclass
class Curve:
    endless: bool = False
    games: int = 0
    victories: int = 0
    fought: dict[tuple[str, int], int] = field(default_factory=dict)  # (battle id, place or 0): campaigns
    won: dict[tuple[str, int], int] = field(default_factory=dict)

    def add(self, outcome: str | None, battles: Iterable[dict[str, Any]]) -> None:
        self.games += 1
        self.victories += outcome == VICTORY
        for place, b in enumerate(battles, start=1):
            key = (b["id"], place if self.endless else 0)
            self.fought[key] = self.fought.get(key, 0) + 1
            self.won[key] = self.won.get(key, 0) + (b["winner"] == "company")

    def _shown(self, spec: CampaignSpec) -> list[tuple[tuple[str, int], str]]:
        """The battles reported, in the campaign file's order (fought or not), or by place."""
        if self.endless:
            return [((i, n), f"{spec.battles[i].title} {n}") for i, n in sorted(self.fought, key=lambda k: k[1])]
        return [((b.id, 0), b.title) for b in spec.battles.values()]

    def as_json(self, spec: CampaignSpec) -> dict[str, Any]:
        battles = []
        for (key, place), title in self._shown(spec):
            n, k = self.fought.get((key, place), 0), self.won.get((key, place), 0)
            row = {"id": key, "name": title, "fought": n, "won": k, "rate": round(k / n, 4) if n else None}
            battles.append(row | {"ci": list(wilson(k, n))} | ({"place": place} if place else {}))
        lo, hi = wilson(self.victories, self.games)
        rate = round(self.victories / self.games, 4) if self.games else None
        return {
            "games": self.games,
            "outcome": {"victories": self.victories, "rate": rate, "ci": [lo, hi]},
            "battles": battles,
        }

    def lines(self, spec: CampaignSpec) -> list[str]:
        data = self.as_json(spec)
        out = [f"{spec.title}: {self.games} campaigns"]
        for b in data["battles"]:
            if b["fought"]:
                lo, hi = b["ci"]
                rate = f"{100 * b['rate']:.0f}%, 95% CI {100 * lo:.0f}-{100 * hi:.0f}%"
                out.append(f"  {b['name']}: won {b['won']} of {b['fought']} ({rate})")
            else:
                out.append(f"  {b['name']}: never fought")
        o = data["outcome"]
        lo, hi = o["ci"]
        out.append(f"  the campaign won: {o['victories']} of {self.games} (95% CI {100 * lo:.0f}-{100 * hi:.0f}%)")
        return out
