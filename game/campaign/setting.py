"""What every battle of a campaign reads, gathered once a campaign is opened: the creature kinds,
their measured points, the kinds it may hire and the spell book."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.campaign.advance import spell_book
from game.campaign.prices import hireable
from game.campaign.spec import CampaignSpec
from game.core.rules.creature import CreatureClass, Kind
from game.pricing.table import read
from game.scenario.catalogue import load


@dataclass(frozen=True)
class Setting:
    """What every battle of a campaign reads: the kinds, their points, those it may hire, the spells."""

    kinds: Mapping[str, Kind]
    points: Mapping[str, float]
    allowed: tuple[str, ...]
    book: Mapping[str, tuple[CreatureClass, int]]


def setting(spec: CampaignSpec) -> Setting:
    kinds = load()
    table = read()
    points = {k: p.points for k, p in table.prices.items()} if table else {}
    allowed = tuple(spec.hire) if spec.hire is not None else tuple(hireable(kinds, points))
    return Setting(kinds, points, allowed, spell_book())
