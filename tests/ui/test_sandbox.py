"""The sandbox (issue 13): units placed by clicking, their states set by keys, the setup saved as a
map `rout check` accepts and that loads with the same units and states, fought one step at a
time, and left for the setup again from Esc's menu."""

from __future__ import annotations

import pygame
import pytest

from game.cli.main import main
from game.core.rules.fatigue import EXHAUSTED
from game.core.world import Morale
from game.home.bundled import map_path
from game.scenario.errors import ScenarioError
from game.scenario.sandbox_setup import map_kinds
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.menus.menu import MenuScreen
from game.ui.sandbox.sandbox import SandboxScreen
from game.ui.sandbox.sandbox_battle import SandboxBattle, SandboxPause
from tests.ui.drive import app, click, key

SKIRMISH = str(map_path("skirmish"))


def sandbox(a, out=None) -> SandboxScreen:
    s = SandboxScreen(a, load_scenario(SKIRMISH), map_kinds(SKIRMISH), out=out)
    a.show(s)
    return s


def at(s: SandboxScreen, sq) -> tuple[int, int]:
    r = s.map_rect()
    x, y = s.camera.to_screen(sq[0] + 0.5, sq[1] + 0.5)
    return r.x + x, r.y + y


def two_foes(a) -> tuple[SandboxScreen, str, str]:
    """An empty field, then a blue fighter and a red orc placed by clicks."""
    s = sandbox(a)
    key(a, pygame.K_c)
    click(a, at(s, (8, 6)))
    blue = s.selected
    key(a, pygame.K_TAB)
    s.pick_kind(s.kind_keys.index("orc"))
    click(a, at(s, (9, 6)))
    return s, blue or "", s.selected or ""


def test_a_click_places_the_kind_picked_for_the_side_picked_and_selects_it():
    a = app()
    s, blue, red = two_foes(a)
    assert s.setup.units[blue].side == "blue" and s.setup.units[blue].kind.key == "fighter1"
    assert s.setup.units[red].side == "red" and s.setup.units[red].kind.key == "orc"
    assert s.setup.units[red].pos == (9, 6) and s.selected == red
    assert s.message.startswith("Placed Orc") and red not in s.message  # issue 22: no internal id
    assert blue != red  # ids are unique
    click(a, at(s, (8, 6)))  # a click on a unit selects it, places nothing
    assert s.selected == blue and len(s.setup.units) == 2


def test_keys_set_the_selected_units_facing_hit_points_prone_fatigue_and_morale():
    a = app()
    s, _, red = two_foes(a)
    facing = s.setup.units[red].facing
    for k in (pygame.K_e, pygame.K_MINUS, pygame.K_MINUS, pygame.K_p, pygame.K_f, pygame.K_f, pygame.K_m):
        key(a, k)
    u = s.setup.units[red]
    assert u.facing == (facing + 1) % 8
    assert u.wounds == 2 and u.prone and u.fatigue == EXHAUSTED and u.morale == "withdrawing"
    for _ in range(10):  # hit points stop at 1
        key(a, pygame.K_MINUS)
    assert s.setup.full_hp(red) - s.setup.units[red].wounds == 1
    key(a, pygame.K_DELETE)
    assert red not in s.setup.units and s.selected is None


def test_the_saved_setup_passes_rout_check_and_loads_with_the_same_units_and_states(tmp_path, capsys):
    out = tmp_path / "setup.tmx"
    a = app()
    s, _, red = two_foes(a)
    s.out = out
    for k in (pygame.K_MINUS, pygame.K_p, pygame.K_f, pygame.K_m, pygame.K_m):
        key(a, k)
    key(a, pygame.K_s, pygame.KMOD_CTRL)
    assert s.message == f"Saved {out}"
    assert main(["check", str(out)]) == 0, capsys.readouterr()
    loaded = {p.id: p for p in load_scenario(out).units}
    assert loaded == s.setup.units  # every unit, where it stood, in the states set
    assert loaded[red].morale == "fleeing" and loaded[red].wounds == 1 and loaded[red].prone
    # issue 22: the saved map kept the description of the battle it was set up on
    said = load_scenario(out).description
    assert said.startswith("A fight set up in the sandbox on the field of ") and said.endswith(": 1 blue, 1 red.")


def test_a_map_with_a_bad_state_is_refused_by_rout_check(tmp_path):
    a = app()
    s, _, _ = two_foes(a)
    out = tmp_path / "bad.tmx"
    s.out = out
    s.save()
    out.write_text(out.read_text().replace('value="orc"', 'value="orc"/><property name="morale" value="calm"'))
    with pytest.raises(ScenarioError, match="property morale must be one of steady, withdrawing, fleeing"):
        load_scenario(out)


def test_fight_it_steps_one_ai_decision_per_key_and_esc_goes_back_to_the_setup():
    a = app()
    s, blue, red = two_foes(a)
    key(a, pygame.K_m)  # the orc starts withdrawing
    key(a, pygame.K_RETURN)
    b = a.screen
    assert isinstance(b, SandboxBattle)
    assert b.battle.world[red].morale == Morale.WITHDRAWING  # the setup's state, in the battle
    for _ in range(100):
        a.step(0.05)
    before = len(b.session.played)
    assert before == 0 and b.waiting_for_step()  # nothing happens until asked
    key(a, pygame.K_n)
    for _ in range(200):
        a.step(0.05)
        if len(b.session.played) > before:
            break
    assert len(b.session.played) == before + 1  # one decision per step
    for _ in range(50):
        a.step(0.05)
    assert len(b.session.played) == before + 1 or b.view.waiting_for_key
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, SandboxPause)
    key(a, pygame.K_b)
    assert a.screen is s and set(s.setup.units) == {blue, red}  # the setup, as it was


def test_n_pressed_while_the_board_moves_is_kept_for_the_next_step():
    """A step asked for while the last one's events still play is not lost: it comes once the
    board is still."""
    a = app()
    two_foes(a)
    key(a, pygame.K_RETURN)
    b = a.screen
    assert isinstance(b, SandboxBattle)
    for _ in range(100):
        a.step(0.05)
    key(a, pygame.K_n)
    for _ in range(200):
        a.step(0.01)
        if len(b.session.played) == 1:
            break
    assert len(b.session.played) == 1 and not b.view.idle, "the first step's events are still playing"
    key(a, pygame.K_n)  # asked for while they play
    for _ in range(400):
        a.step(0.05)
        if len(b.session.played) == 2 or b.battle.over:
            break
    assert len(b.session.played) == 2 or b.battle.over


def test_the_menu_opens_the_sandbox_on_the_chosen_map():
    a = app()
    m = MenuScreen(a)
    a.show(m)
    key(a, pygame.K_b)
    assert isinstance(a.screen, SandboxScreen)
    assert a.screen.setup.base.path == str(m.entry.path)
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, MenuScreen)


def test_the_sandbox_fight_is_the_battle_screen_with_its_own_keys():
    assert issubclass(SandboxBattle, BattleScreen)
    listed = [k for _, rows in SandboxBattle.HELP for k, _ in rows]
    assert "N / Space" in listed and "Esc" in listed


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["sandbox", "no_such_map"], "no_such_map"),
        (["sandbox", "--out", "setup.png"], "--out must name a .tmx file"),
        (["sandbox", SKIRMISH, "--out", SKIRMISH], "refusing to overwrite an input file"),
    ],
)
def test_bad_sandbox_input_is_one_line_and_exit_2(args, says, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
