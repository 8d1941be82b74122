"""Where a campaign stands between battles: its company, the next battle, the day, the battles
fought, and the campaign's own generator (its hit dice, cures, hires and battle seeds), as a
plain value that a save writes whole (docs/formats.md#campaign-saves)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.campaign.company import Company
from game.campaign.company_json import SaveFault, company_json, get, read_company
from game.campaign.keys import DEFEAT, VICTORY
from game.core.rules.dice import SEED_MAX, Rng, battle_rng

SAVE_FORMAT = 1


@dataclass
class CampaignState:
    campaign: str  # the campaign's folder, or a shipped campaign's name
    seed: int
    ai: str  # the level the company's battles are played at
    company: Company
    next: str  # the next battle's id, or "end"
    rng: Rng
    ironman: bool = False
    day: int = 0
    outcome: str | None = None  # "victory" or "defeat" once the campaign is over
    fought: list[dict[str, Any]] = field(default_factory=list)  # one record a battle, in order

    @staticmethod
    def begin(campaign: str, seed: int, ai: str, company: Company, first: str, ironman: bool) -> CampaignState:
        # The campaign's dice are the battle's generator under its own seed: one seeded stream.
        return CampaignState(campaign, seed, ai, company, first, battle_rng(seed), ironman)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "campaign": self.campaign,
            "seed": self.seed,
            "ai": self.ai,
            "ironman": self.ironman,
            "day": self.day,
            "next": self.next,
            "outcome": self.outcome,
            "rng": [self.rng.state, self.rng.draws],
            "company": company_json(self.company),
            "battles": self.fought,
        }


def read_state(d: object) -> CampaignState:
    """A state from a save's JSON; SaveFault in one line for anything the game does not write."""
    if not isinstance(d, dict):
        raise SaveFault("save: is not a campaign save (a JSON object)")
    if get(d, "format", int, "save") != SAVE_FORMAT:
        raise SaveFault(f"save: format {d['format']} is not one this game reads ({SAVE_FORMAT})")
    rng = get(d, "rng", list, "save")
    if len(rng) != 2 or not all(type(v) is int and 0 <= v < 2**64 for v in rng):
        raise SaveFault("save: rng must be [state, draws]")
    outcome = d.get("outcome")
    if outcome not in (None, VICTORY, DEFEAT):
        raise SaveFault("save: outcome must be victory, defeat or null")
    fought = get(d, "battles", list, "save")
    if not all(isinstance(b, dict) for b in fought):
        raise SaveFault("save: battles must be records")
    ironman = d.get("ironman", False)
    if not isinstance(ironman, bool):
        raise SaveFault("save: ironman must be true or false")
    return CampaignState(
        campaign=get(d, "campaign", str, "save"),
        seed=get(d, "seed", int, "save", SEED_MAX),
        ai=get(d, "ai", str, "save"),
        company=read_company(get(d, "company", dict, "save")),
        next=get(d, "next", str, "save"),
        rng=Rng(0, rng[0], rng[1]),
        ironman=ironman,
        day=get(d, "day", int, "save"),
        outcome=outcome,
        fought=fought,
    )
