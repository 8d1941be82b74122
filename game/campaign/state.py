"""Where a campaign stands between battles: its company, the next battle, the day, the battles
fought, the campaign's own generator (its hit dice, cures, hires and battle seeds) and, while a
battle is fought, that battle so far (game/campaign/interrupted.py), as a plain value that a save
writes whole (docs/formats.md#campaign-saves)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.campaign.company import Company
from game.campaign.company_json import SaveFault, company_json, get, read_company
from game.campaign.interrupted import Interrupted, read_interrupted
from game.campaign.keys import DEFEAT, VICTORY
from game.core.rules.dice import SEED_MAX, Rng, battle_rng

SAVE_FORMAT = 2  # the newest format this version reads and writes: a save with a battle in progress
SAVE_FORMATS = (1, 2)
PLAIN_FORMAT = 1  # a save between battles is written as format 1, which the game before 2 reads


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
    interrupted: Interrupted | None = None  # the battle in progress; the rest is the camp before its march

    @staticmethod
    def begin(campaign: str, seed: int, ai: str, company: Company, first: str, ironman: bool) -> CampaignState:
        # The campaign's dice are the battle's generator under its own seed: one seeded stream.
        return CampaignState(campaign, seed, ai, company, first, battle_rng(seed), ironman)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": SAVE_FORMAT if self.interrupted else PLAIN_FORMAT,
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
        if self.interrupted:
            out["in_battle"] = self.interrupted.to_json()
        return out


def read_state(d: object) -> CampaignState:
    """A state from a save's JSON; SaveFault in one line for anything the game does not write."""
    if not isinstance(d, dict):
        raise SaveFault("save: is not a campaign save (a JSON object)")
    fmt = get(d, "format", int, "save")
    if fmt > SAVE_FORMAT:
        raise SaveFault(f"save: format {fmt} is newer than this game reads ({SAVE_FORMAT}); update Rout")
    if fmt not in SAVE_FORMATS:
        raise SaveFault(f"save: format {fmt} is not one this game reads ({', '.join(map(str, SAVE_FORMATS))})")
    if "in_battle" in d and fmt < SAVE_FORMAT:
        raise SaveFault(f"save: format {fmt} keeps no battle in progress; in_battle is from format {SAVE_FORMAT}")
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
        interrupted=read_interrupted(d["in_battle"]) if "in_battle" in d else None,
    )
