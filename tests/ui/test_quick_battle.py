"""Quick battle in the window (issue 20): the setup remembered, the army screen's budget, saved
army lists, deployment by drag and key, the battle started on a map written under its digest,
the result screen's "the same battle again" and "a new one", and a quick battle's save that
loads, replays and exports to a GIF from any folder."""

from __future__ import annotations

import shutil

import pygame
import pytest

from game.cli.main import main
from game.core.battle import Battle
from game.history.saved_battle import load_save
from game.play.runner import play
from game.save.map_paths import QUICK_PREFIX, quick_maps_folder
from game.save.savefile import write_save
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common.after_battle import DEAF_FOR
from game.ui.menus.menu import MenuScreen
from game.ui.menus.result import ResultScreen
from game.ui.navigation import ToMenu, go
from game.ui.quick.army import ArmyScreen
from game.ui.quick.army_lists import load_lists
from game.ui.quick.choices import QuickChoices, load_choices
from game.ui.quick.deploy import DeployScreen
from game.ui.quick.field import PLAYER
from game.ui.quick.setup import SetupScreen
from tests.ui.drive import app, click, key


def typed(a, words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch))
    a.step(0.016)


def drag(a, start, end, button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
    a.step(0.016)


@pytest.fixture
def menu_app():
    a = app()
    a.show(go(a, ToMenu()))
    yield a
    pygame.display.quit()


def to_army(a) -> ArmyScreen:
    key(a, pygame.K_k)
    assert isinstance(a.screen, SetupScreen)
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, ArmyScreen)
    return a.screen


def test_the_setup_is_reached_from_the_menu_by_key_and_click_and_remembered(menu_app):
    a = menu_app
    menu = a.screen
    assert isinstance(menu, MenuScreen)
    quick = next(b for b in menu.buttons if b.label == "Quick battle")
    click(a, quick.rect.center)
    assert isinstance(a.screen, SetupScreen)
    before = a.screen.choices
    key(a, pygame.K_RIGHT)  # map size: the next
    key(a, pygame.K_DOWN)
    key(a, pygame.K_DOWN)
    key(a, pygame.K_RIGHT)  # budget: the next
    kept = load_choices()
    assert (kept.width, kept.height) != (before.width, before.height)
    assert kept.points > before.points
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, MenuScreen)
    key(a, pygame.K_k)
    assert a.screen.choices == kept  # opened again: as left


def test_the_budget_bar_refuses_going_over_and_says_so(menu_app):
    s = to_army(menu_app)
    s.index = s.model.offered.index("fighter1")
    for _ in range(40):
        key(menu_app, pygame.K_RIGHT)
    assert 0 < s.model.spent <= s.model.budget
    assert s.model.left < s.model.prices["fighter1"]
    assert s.message.startswith("Over budget") or s.message.startswith("No room")
    bought = s.model.counts["fighter1"]
    key(menu_app, pygame.K_LEFT)
    assert s.model.counts["fighter1"] == bought - 1 and s.message == ""
    # and by mouse: the row's + and - buttons
    r = s.row_rects()[s.index]
    plus = (r.right - 26, r.centery)
    click(menu_app, plus)
    assert s.model.counts["fighter1"] == bought
    assert load_choices().army == (("fighter1", bought),)  # remembered


def test_an_army_list_is_saved_under_a_name_and_taken_again(menu_app):
    a = menu_app
    s = to_army(a)
    s.index = s.model.offered.index("archer")
    key(a, pygame.K_RIGHT)
    key(a, pygame.K_RIGHT)
    key(a, pygame.K_s)
    typed(a, "Bowmen")
    key(a, pygame.K_RETURN)
    assert load_lists() == {"Bowmen": (("archer", 2),)}
    key(a, pygame.K_DELETE)
    assert s.model.counts == {}
    key(a, pygame.K_l)
    assert s.model.counts == {"archer": 2}


def deploy_screen(a) -> DeployScreen:
    s = to_army(a)
    s.index = s.model.offered.index("fighter1")
    for _ in range(3):
        key(a, pygame.K_RIGHT)
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, DeployScreen)
    return a.screen


def test_the_setup_shows_the_field_its_choices_make_and_deployment_is_on_that_field(menu_app):
    a = menu_app
    key(a, pygame.K_k)
    setup = a.screen
    shown = setup.preview.field
    assert shown is not None and (shown.spec.width, shown.spec.height) == (setup.choices.width, setup.choices.height)
    key(a, pygame.K_DOWN)
    key(a, pygame.K_RIGHT)  # another terrain: another field shown
    assert setup.preview.field is not shown and setup.preview.field.spec.terrain == setup.choices.terrain
    shown = setup.preview.field
    key(a, pygame.K_RETURN)
    a.screen.model.add("fighter1")
    key(a, pygame.K_RETURN)
    d = a.screen
    assert isinstance(d, DeployScreen)
    assert d.field.land.ground == shown.land.ground and d.field.land.features == shown.land.features


def test_deployment_drags_within_the_zone_only_and_turns(menu_app):
    a = menu_app
    d = deploy_screen(a)
    i = d.mine[0]
    zone = d.field.zones.deploy[PLAYER]
    start = d.soldiers[i].pos
    taken = {s.pos for s in d.soldiers}
    target = next(sq for sq in zone.squares() if sq not in taken and d.field.land.standable(*sq) and sq[0] != start[0])
    drag(a, d.screen_of(start), d.screen_of(target))
    assert d.soldiers[i].pos == target
    outside = (zone.x + zone.w + 2, zone.y)
    drag(a, d.screen_of(target), d.screen_of(outside))
    assert d.soldiers[i].pos == target and "zone" in d.message
    other = d.soldiers[d.mine[1]].pos
    drag(a, d.screen_of(target), d.screen_of(other))
    assert d.soldiers[i].pos == target and "already" in d.message
    facing = d.soldiers[i].facing
    key(a, pygame.K_r)
    assert d.soldiers[i].facing == (facing + 1) % 8
    foe = next(s for s in d.soldiers if s.side != PLAYER)
    drag(a, d.screen_of(foe.pos), d.screen_of(target))
    assert foe in d.soldiers  # the AI's army stays where the generator placed it


def test_start_plays_on_the_field_as_deployed_and_the_result_offers_the_same_and_a_new_one(menu_app):
    a = menu_app
    d = deploy_screen(a)
    key(a, pygame.K_r)  # the first creature turned
    placed = {(s.side, s.pos, s.facing) for s in d.soldiers}
    seed = d.choices.seed
    key(a, pygame.K_RETURN)
    bs = a.screen
    assert isinstance(bs, BattleScreen)
    path = bs.session.scenario.path
    assert path.startswith(str(quick_maps_folder())) and QUICK_PREFIX in path
    assert {(u.side, u.pos, u.facing) for u in bs.session.scenario.units} == placed
    assert bs.session.controllers[PLAYER] == "human" and bs.session.seed == seed
    assert bs.session.scenario.title == f"Quick battle {seed}"
    assert "You field 3 human fighters." in bs.session.scenario.description
    play(bs.battle, {side: "baseline" for side in bs.session.scenario.sides})  # fought to its end
    result = ResultScreen(a, bs)
    a.show(result)
    a.step(DEAF_FOR)  # a frame as long as the moment the result ignores keys
    assert [b.label for b in result.buttons][:2] == ["Same battle again", "A new one"]
    key(a, pygame.K_a)
    again = a.screen
    assert isinstance(again, BattleScreen)
    assert again.session.scenario.path == path and again.session.seed == seed
    assert again.battle.events[0] == bs.battle.events[0]  # the same start: map, armies, seed
    a.show(result)
    key(a, pygame.K_g)
    assert isinstance(a.screen, SetupScreen) and a.screen.choices.seed == seed + 1


def test_a_quick_battle_saves_loads_replays_and_makes_a_gif_from_any_folder(menu_app, tmp_path):
    a = menu_app
    d = deploy_screen(a)
    key(a, pygame.K_RETURN)
    bs = a.screen
    assert isinstance(bs, BattleScreen)
    scenario = bs.session.scenario
    played: list = []
    battle = Battle(scenario, seed=5, controllers={side: "ai" for side in scenario.sides})
    play(battle, {side: "baseline" for side in scenario.sides}, played=played)
    save = write_save(tmp_path / "quick.json", battle, played, ai={s: "baseline" for s in scenario.sides})
    text = save.read_text()
    assert f'"map": "{QUICK_PREFIX}' in text  # the map by its name: found in the data folder
    assert str(quick_maps_folder()) not in text
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    shutil.copy(save, moved / "quick.json")
    loaded, record = load_save(moved / "quick.json")
    assert record.commands == played and loaded.events == battle.events
    assert main(["replay", "--verify", str(moved / "quick.json")]) == 0
    assert main(["gif", str(moved / "quick.json"), "--out", str(tmp_path / "quick.gif"), "--rounds", "1-1"]) == 0
    assert (tmp_path / "quick.gif").read_bytes()[:6] == b"GIF89a"
    del d


def test_three_sides_put_two_ai_armies_on_the_field(menu_app):
    a = menu_app
    key(a, pygame.K_k)
    setup = a.screen
    assert isinstance(setup, SetupScreen)
    setup.choices = QuickChoices(sides=3, width=32, height=20)
    key(a, pygame.K_RETURN)
    s = a.screen
    assert isinstance(s, ArmyScreen)
    s.model.add("fighter1")
    key(a, pygame.K_RETURN)
    d = a.screen
    assert isinstance(d, DeployScreen)
    assert {s.side for s in d.soldiers} == {"blue", "red", "green"}


def test_a_map_of_ones_own_named_like_a_quick_one_is_played_again_on_the_next_seed(tmp_path):
    from game.save.map_paths import is_quick_map  # noqa: PLC0415

    own = tmp_path / f"{QUICK_PREFIX}mine.tmx"
    assert not is_quick_map(own)
    assert is_quick_map(quick_maps_folder() / f"{QUICK_PREFIX}0123456789abcdef.tmx")


def test_unreadable_choices_and_lists_give_the_defaults_and_bad_entries_are_left_out(tmp_path):
    from game.ui.quick import army_lists, choices  # noqa: PLC0415

    bad = tmp_path / "quick.json"
    bad.write_text("{not json")
    assert choices.load_choices(bad) == QuickChoices()
    bad.write_text('{"width": 999, "terrain": "swamp", "points": 150, "seed": -4, "army": [["orc", 3]]}')
    read = choices.load_choices(bad)
    assert (read.width, read.terrain, read.seed) == (24, "mixed", 1)  # the bad values: defaults
    assert read.points == 150 and read.army == (("orc", 3),)
    lists = tmp_path / "armies.json"
    lists.write_text('{"Good": [["orc", 2]], "": [["orc", 1]], "Odd": [["orc", -1], ["dwarf", 1]]}')
    assert army_lists.load_lists(lists) == {"Good": (("orc", 2),), "Odd": (("dwarf", 1),)}
    assert army_lists.store_list("", (("orc", 1),), lists) == "a list needs a name"


def test_without_prices_the_army_screen_says_so_and_takes_every_key(menu_app, monkeypatch):
    from game.ui.quick import army  # noqa: PLC0415

    monkeypatch.setattr(army, "read", lambda: None)
    s = to_army(menu_app)
    assert s.model.offered == [] and "rout price" in s.message
    for k in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_l, pygame.K_RETURN):
        key(menu_app, k)
    assert menu_app.screen is s and s.message == "Buy at least one creature first"


def test_a_big_field_opens_on_your_zone_and_zooms_and_pans(menu_app):
    a = menu_app
    key(a, pygame.K_k)
    a.screen.choices = QuickChoices(width=64, height=64, terrain="open")
    key(a, pygame.K_RETURN)
    a.screen.model.add("fighter1")
    a.screen.model.add("fighter1")
    key(a, pygame.K_RETURN)
    d = a.screen
    assert isinstance(d, DeployScreen)
    v = d.view
    assert v.tile >= 20  # readable, not the whole 64 squares squeezed in
    i = d.mine[0]
    assert v.rect().collidepoint(d.screen_of(d.soldiers[i].pos))  # the player's creatures in sight
    zone = d.field.zones.deploy[PLAYER]
    target = next(
        sq
        for sq in zone.squares()
        if d.soldier_at(sq) is None and d.field.land.standable(*sq) and v.rect().collidepoint(d.screen_of(sq))
    )
    drag(a, d.screen_of(d.soldiers[i].pos), d.screen_of(target))
    assert d.soldiers[i].pos == target
    x0 = v.x
    key(a, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert d.view.x > x0 and d.soldiers[i].pos == target  # Shift+arrow pans, moves no one
    key(a, pygame.K_z)
    assert d.view.tile == d.view.fit() and d.view.rect().w <= d.view.area.w
    assert d.square_at(d.screen_of((63, 63))) == (63, 63)
    key(a, pygame.K_PLUS)
    assert d.view.tile > d.view.fit()
