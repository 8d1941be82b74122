"""The campaign's screens as pictures (docs/img/campaign_*.png, tools/campaign_pictures.py and
their test): a campaign begun, a member hired, its first battle fought AI against AI on the
campaign's seed, then the debrief, the campaign's screen and the camp after it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.campaign.deployment import COMPANY, ENEMY
from game.campaign.spec import read_campaign
from game.core.battle import Battle
from game.play.runner import play
from game.ui.campaign.camp import CampScreen
from game.ui.campaign.campaign_screen import CampaignScreen
from game.ui.campaign.debrief import DebriefScreen
from game.ui.campaign.run import Run

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

SHOTS = ("graph", "camp", "debrief")


def after_a_battle(app: App, folder: Path, seed: int) -> dict[str, Screen]:
    """The campaign in `folder` begun on `seed`, a fighter hired, its first battle fought by the AI
    for both sides; the three screens after it, by name."""
    run = Run.new(read_campaign(folder), "The Grey Company", seed, "baseline", False)
    run.hire("fighter1")
    run.choose_default()
    before = run.state.company
    marched = run.march()
    battle = play(Battle(marched.scenario, seed=marched.seed), {COMPANY: "baseline", ENEMY: marched.battle.ai})
    record = run.settle(marched, battle)
    camp = CampScreen(app, run)
    camp.row = 1
    return {
        "debrief": DebriefScreen(app, run, marched, before, battle, record),
        "graph": CampaignScreen(app, run),
        "camp": camp,
    }
