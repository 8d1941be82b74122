"""`rout check CAMPAIGN_FOLDER`: a campaign's problems raised as a map's are, one line each."""

from __future__ import annotations

from game.campaign.check import check_campaign
from game.campaign.prices import hireable
from game.campaign.spec import CampaignError
from game.pricing.table import read
from game.scenario.catalogue import load


def check(folder: str) -> None:
    """Raise CampaignError listing the campaign's problems; nothing when it can be played."""
    kinds = load()
    table = read()
    points = {k: p.points for k, p in table.prices.items()} if table else {}
    problems = check_campaign(folder, kinds, hireable(kinds, points))
    if problems:
        raise CampaignError(problems)
