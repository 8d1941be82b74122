"""A campaign's battle is kept with the campaign's save as it is fought (docs/campaigns.md): after
every command the save holds the deployment and the commands so far, Continue takes the battle up
there on the same dice, an ironman campaign has no way to fight it afresh, and one not ironman
can still leave it for the camp as it was before the march."""

from __future__ import annotations

import pygame
import pytest

from game.campaign.saves import load_save
from game.save.files import event_lines
from game.ui.campaign.battle import CampaignBattle, CampaignPause
from game.ui.campaign.campaign_screen import CampaignScreen
from game.ui.campaign.choose import ChooseScreen
from game.ui.campaign.deploy import CampaignDeploy
from game.ui.navigation import ToCampaigns, go
from tests.ui.drive import app, key
from tests.ui.test_campaign_window import in_camp, salt_road, to_battle


@pytest.fixture
def a():
    window = app()
    yield window
    pygame.display.quit()


def fought_some(a, battle: CampaignBattle, commands: int) -> None:
    """The AI plays the company's side too, until `commands` in all are played (bounded)."""
    battle.session.battle.hand_sides({"blue": "ai"})
    for _ in range(5000):
        if len(battle.session.played) >= commands:
            break
        a.step(0.1)
    assert len(battle.session.played) >= commands and not battle.battle.over
    battle.session.battle.hand_sides({"blue": "human"})  # no more commands while the test looks


def continued(a, path) -> object:
    """The campaigns' screen opened anew (as after the game was killed), the save chosen, Enter."""
    a.show(go(a, ToCampaigns()))
    choose = a.screen
    assert isinstance(choose, ChooseScreen)
    choose.pick(next(i for i, o in enumerate(choose.offered) if o.path == path))
    assert "under way" in choose.offered[choose.index].about
    key(a, pygame.K_RETURN)
    return a.screen


@pytest.mark.parametrize("ironman", [True, False], ids=["ironman", "saves"])
def test_every_command_is_kept_and_continue_takes_the_battle_up_where_it_stood(a, ironman):
    run = salt_road(ironman)
    battle = to_battle(a, run)
    deployed = {u.id: (u.pos, u.facing) for u in battle.marched.scenario.units if u.side == "blue"}
    fought_some(a, battle, 8)
    held = load_save(run.path).interrupted
    assert held is not None and list(held.commands) == battle.session.played
    assert {u: ((x, y), f) for u, x, y, f in held.placed} == deployed
    then = event_lines(battle.battle.events)
    taken = continued(a, run.path)  # straight into the battle: never the camp, which could march afresh
    assert isinstance(taken, CampaignBattle) and taken is not battle
    assert event_lines(taken.battle.events) == then  # the same battle, on the same dice
    assert {u.id: (u.pos, u.facing) for u in taken.marched.scenario.units if u.side == "blue"} == deployed
    assert taken.run.state.day == run.state.day and taken.session.names == battle.session.names


def test_a_battle_taken_up_not_ironman_can_still_be_left_for_the_camp_before_the_march(a):
    run = salt_road()
    day = run.state.day
    fought_some(a, to_battle(a, run), 4)
    continued(a, run.path)
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, CampaignPause)
    key(a, pygame.K_q)
    key(a, pygame.K_y)
    assert isinstance(a.screen, CampaignScreen) and a.screen.run.state.day == day
    saved = load_save(run.path)
    assert saved.interrupted is None and saved.day == day and not saved.fought


@pytest.mark.parametrize("ironman", [True, False], ids=["ironman", "saves"])
def test_esc_on_the_deployment_calls_the_march_off_back_to_the_camp_before_it(a, ironman):
    # Esc used to do nothing there. No die is rolled before the battle starts, and the save
    # already holds the camp before the march, so even an ironman company may turn back.
    run = salt_road(ironman)
    day = run.state.day
    in_camp(a, run)
    key(a, pygame.K_m)
    assert isinstance(a.screen, CampaignDeploy) and a.screen.run.state.day > day  # the days of march passed
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, CampaignScreen) and "called off" in a.screen.message
    assert a.screen.run.state.day == day and not a.screen.run.state.fought
    saved = load_save(run.path)
    assert saved.interrupted is None and saved.day == day
