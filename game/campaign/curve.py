"""A campaign's difficulty curve: many campaigns played from consecutive seeds, and each battle's
win rate among the campaigns that fought it, with its 95% interval (game/tally.py's Wilson score)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from game.campaign.spec import CampaignSpec
from game.tally import wilson


@dataclass
class Curve:
    games: int = 0
    victories: int = 0
    fought: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)

    def add(self, outcome: str | None, battles: Iterable[dict[str, Any]]) -> None:
        self.games += 1
        self.victories += outcome == "victory"
        for b in battles:
            self.fought[b["id"]] = self.fought.get(b["id"], 0) + 1
            self.won[b["id"]] = self.won.get(b["id"], 0) + (b["winner"] == "company")

    def as_json(self, spec: CampaignSpec) -> dict[str, Any]:
        """Each battle in the order the campaign's file gives them, fought or not."""
        lo, hi = wilson(self.victories, self.games)
        battles = []
        for b in spec.battles.values():
            n, k = self.fought.get(b.id, 0), self.won.get(b.id, 0)
            low, high = wilson(k, n)
            battles.append(
                {
                    "id": b.id,
                    "name": b.title,
                    "fought": n,
                    "won": k,
                    "rate": round(k / n, 4) if n else None,
                    "ci": [low, high],
                }
            )
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
                out.append(
                    f"  {b['name']}: won {b['won']} of {b['fought']} ({100 * b['rate']:.0f}%, 95% CI {100 * lo:.0f}-{100 * hi:.0f}%)"
                )
            else:
                out.append(f"  {b['name']}: never fought")
        o = data["outcome"]
        lo, hi = o["ci"]
        out.append(f"  the campaign won: {o['victories']} of {self.games} (95% CI {100 * lo:.0f}-{100 * hi:.0f}%)")
        return out
