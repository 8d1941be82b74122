"""Small builders for the campaign tests: the shipped catalogue and points, a member, a company."""

from __future__ import annotations

from pathlib import Path

from game.campaign.company import Company, Member
from game.campaign.dealings import join
from game.campaign.setting import Setting, setting
from game.campaign.spec import CampaignSpec, read_campaign

SALT_ROAD = Path(__file__).resolve().parent / "data" / "salt_road"


def salt_road() -> tuple[CampaignSpec, Setting]:
    spec = read_campaign(SALT_ROAD)
    return spec, setting(spec)


def member(kind: str, name: str = "Aldo", s: Setting | None = None) -> Member:
    s = s or salt_road()[1]
    return join(Company("Test", 0), kind, name, s.kinds).members[0]


def company(*members: Member, crowns: int = 0) -> Company:
    return Company("The Grey Company", crowns, tuple(members))
