"""Campaigns in the window (issue 40, part 5), driven by synthetic input as a player would: the
menu's way in, a campaign begun and taken up again, the camp's hiring, choosing who fights, the
temple, rest, ransom and dismissal, the march, the deployment, a battle the AI decides, the
debrief, the saves between battles, and leaving a battle (ironman or not)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.campaign.company import Standing
from game.campaign.prices import TEMPLE_CURE, hire_price
from game.campaign.saves import autosave_path, load_save
from game.campaign.spec import read_campaign
from game.home.settings import SPEEDS
from game.ui.campaign import camp_draw, roster_rows
from game.ui.campaign.battle import CampaignBattle, CampaignPause
from game.ui.campaign.camp import CampScreen
from game.ui.campaign.campaign_screen import CampaignScreen
from game.ui.campaign.choose import ChooseScreen
from game.ui.campaign.debrief import DebriefScreen
from game.ui.campaign.deploy import CampaignDeploy
from game.ui.campaign.run import Run
from game.ui.common.after_battle import DEAF_FOR
from game.ui.navigation import ToMenu, go
from tests.campaign.helpers import SALT_ROAD
from tests.ui.drive import app, click, key


def typed(a, words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch))
    a.step(0.016)


@pytest.fixture
def a():
    window = app()
    yield window
    pygame.display.quit()


def salt_road(ironman: bool = False) -> Run:
    return Run.new(read_campaign(SALT_ROAD), "The Grey Company", 7, "baseline", ironman)


def in_camp(a, run: Run) -> CampScreen:
    a.show(CampaignScreen(a, run))
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, CampScreen)
    return a.screen


def test_the_menu_begins_a_named_ironman_campaign_and_saves_it(a):
    a.show(go(a, ToMenu()))
    key(a, pygame.K_a)
    assert isinstance(a.screen, ChooseScreen)
    key(a, pygame.K_n)
    typed(a, "Iron Wolves")
    key(a, pygame.K_RETURN)
    key(a, pygame.K_i)
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, CampaignScreen)
    state = load_save(autosave_path(a.screen.run.state))
    assert (state.company.name, state.ironman, state.campaign) == ("Iron Wolves", True, "contracts")
    key(a, pygame.K_ESCAPE)  # the menu; the campaign is offered to continue
    key(a, pygame.K_a)
    chooser = a.screen
    assert isinstance(chooser, ChooseScreen)
    assert [o.title for o in chooser.saves] == ["Iron Wolves"] and chooser.saves[0].ironman
    click(a, chooser.row_rects()[len(chooser.new)].center)
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, CampaignScreen) and a.screen.run.state.company.name == "Iron Wolves"


def test_a_company_is_never_begun_over_another_campaigns_save(a):
    a.show(ChooseScreen(a))
    key(a, pygame.K_RETURN)
    path = a.screen.run.path
    first = path.read_bytes()
    a.show(ChooseScreen(a))
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, ChooseScreen) and "saved already" in a.screen.said
    assert path.read_bytes() == first


def test_the_camp_hires_a_member_who_is_saved_and_fights_when_there_is_room(a):
    run = salt_road()
    camp = in_camp(a, run)
    assert len(run.going()) == 4  # the battle fields 4: the four who start
    key(a, pygame.K_TAB)
    hires = [h.kind for h in roster_rows.hires(run)]
    key(a, pygame.K_DOWN)
    crowns = run.state.company.crowns
    key(a, pygame.K_h)
    hired = run.state.company.members[-1]
    assert hired.kind == hires[1] and run.state.company.crowns == crowns - hire_price(hires[1], run.setting.points)
    assert hired.key not in run.fielding  # no room: the battle fields 4
    assert hired.key in {m.key for m in load_save(run.path).company.members}
    key(a, pygame.K_TAB)  # the roster: the first member sits out, the one hired fights
    key(a, pygame.K_RETURN)
    assert run.state.company.members[0].key not in run.fielding
    click(a, camp_box(camp, len(run.state.company.ready) - 1))
    assert hired.key in run.fielding and len(run.going()) == 4
    for _ in range(len(run.state.company.ready)):
        key(a, pygame.K_UP)  # up to the first member, who sits out
    key(a, pygame.K_RETURN)  # a fifth: refused, and said why
    assert len(run.going()) == 4 and "fields 4" in camp.said and camp.warn


def camp_box(camp: CampScreen, i: int) -> tuple[int, int]:
    return camp_draw.roster_rects(camp)[i][1].center


def test_the_temple_rest_ransom_and_dismissal(a):
    run = salt_road()
    first, second = run.state.company.members[:2]
    run.state.company = run.state.company.with_member(replace(first, hp=1))
    run.state.company = run.state.company.with_member(replace(second, standing=Standing.CAPTIVE))
    camp = in_camp(a, run)
    crowns, day = run.state.company.crowns, run.state.day
    key(a, pygame.K_t)
    assert run.state.company.member(first.key).hp > 1 and run.state.company.crowns == crowns - TEMPLE_CURE
    key(a, pygame.K_r)
    assert run.state.day == day + 1
    price = run.ransom_price(second)
    camp.row = len(run.state.company.ready)  # the captive, listed after those in camp
    before = run.state.company.crowns
    key(a, pygame.K_p)
    assert run.state.company.member(second.key).standing == Standing.READY
    assert run.state.company.crowns == before - price
    camp.row = 0
    key(a, pygame.K_d)
    assert camp.asking
    key(a, pygame.K_y)
    assert first.key not in {m.key for m in run.state.company.members}
    assert load_save(run.path).day == day + 1


def to_battle(a, run: Run) -> CampaignBattle:
    in_camp(a, run)
    key(a, pygame.K_m)
    deploy = a.screen
    assert isinstance(deploy, CampaignDeploy)
    i = deploy.mine[0]
    before = deploy.units[i].pos
    for k in (pygame.K_UP, pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT):
        key(a, k)
        if deploy.units[i].pos != before:
            break
    assert deploy.units[i].pos != before  # moved a square within the zone
    key(a, pygame.K_r)
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, CampaignBattle)
    return a.screen


def test_a_battle_decided_by_the_ai_ends_on_the_debrief_and_the_campaign_moves_on(a):
    run = salt_road()
    battle = to_battle(a, run)
    names = {battle.session.names[f"blue_{m.key}"] for m in battle.marched.going}
    assert names == {m.name for m in battle.marched.going}  # the members are called by their names
    battle.session.battle.hand_sides({"blue": "ai"})
    battle.speed_i = len(SPEEDS) - 1
    for _ in range(20000):
        if not isinstance(a.screen, CampaignBattle):
            break
        a.step(0.1)
    debrief = a.screen
    assert isinstance(debrief, DebriefScreen)
    assert [f.name for f in debrief.fates] == [m.name for m in battle.marched.going]
    assert len(run.state.fought) == 1 and run.state.next == "camp"
    saved = load_save(run.path)
    assert saved.fought == run.state.fought and run.path.with_name(f"{run.path.stem}.battle-1.json").exists()
    key(a, pygame.K_RETURN)
    assert a.screen is debrief  # deaf a moment: the battle's last Enter must not skip it
    a.step(DEAF_FOR)
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, CampaignScreen)


def test_leaving_a_battle_goes_back_to_the_camp_as_before_the_march(a):
    run = salt_road()
    day = run.state.day
    to_battle(a, run)
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, CampaignPause)
    key(a, pygame.K_q)
    key(a, pygame.K_y)
    assert isinstance(a.screen, CampaignScreen) and "left" in a.screen.message
    assert a.screen.run.state.day == day and not a.screen.run.state.fought


def test_an_ironman_battle_cannot_be_left_the_ai_fights_on(a):
    run = salt_road(ironman=True)
    battle = to_battle(a, run)
    key(a, pygame.K_ESCAPE)
    key(a, pygame.K_q)
    key(a, pygame.K_y)
    assert a.screen is battle and battle.session.controllers["blue"] == "ai"
    key(a, pygame.K_s, pygame.KMOD_CTRL)
    assert "saved as it is fought" in battle.message
    assert not list(run.path.parent.glob("*.battle-*.json"))  # ironman: one save


def test_closing_the_window_on_an_ironman_battle_fights_it_out_and_saves_it(a):
    run = salt_road(ironman=True)
    battle = to_battle(a, run)
    battle.close()  # as the window does when it closes
    saved = load_save(run.path)
    assert len(saved.fought) == 1 and saved.fought == run.state.fought
