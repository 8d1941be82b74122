"""Quick battles' maps in the data folder (issue 20's loose ends): a map stands without the
installed game's folder (Rout installed again elsewhere), and the maps no save names are
cleared when a quick battle starts, nothing else in the folder touched."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.cli.main import main
from game.core.battle import Battle
from game.history.saved_battle import load_save
from game.home import bundled
from game.home.user_dirs import made
from game.play.runner import play
from game.save.autosave import saves_folder
from game.save.map_paths import quick_maps_folder
from game.save.quick_maps import clear_unneeded, unneeded
from game.save.savefile import write_save
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.navigation import ToMenu, go
from game.ui.quick.deploy import DeployScreen
from tests.ui.drive import app, key


@pytest.fixture
def menu_app():
    a = app()
    a.show(go(a, ToMenu()))
    yield a
    pygame.display.quit()


def start_quick(a, seed: int | None = None) -> BattleScreen:
    key(a, pygame.K_k)
    if seed is not None:
        a.screen.choices = replace(a.screen.choices, seed=seed)
    key(a, pygame.K_RETURN)
    a.screen.model.add("fighter1")
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, DeployScreen)
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, BattleScreen)
    return a.screen


def test_a_quick_map_and_its_save_open_after_rout_is_installed_elsewhere(menu_app, tmp_path, monkeypatch):
    shipped_maps, shipped_assets = bundled.MAPS, bundled.ASSETS
    first_install = tmp_path / "first" / "game"
    shutil.copytree(bundled.MAPS, first_install / "maps")
    shutil.copytree(bundled.ASSETS, first_install / "assets")
    monkeypatch.setattr(bundled, "MAPS", first_install / "maps")
    monkeypatch.setattr(bundled, "ASSETS", first_install / "assets")
    bs = start_quick(menu_app)
    scenario = bs.session.scenario
    played: list = []
    battle = Battle(scenario, seed=3, controllers={side: "ai" for side in scenario.sides})
    play(battle, {side: "baseline" for side in scenario.sides}, played=played)
    save = write_save(made(saves_folder()) / "kept.json", battle, played, ai={s: "baseline" for s in scenario.sides})
    monkeypatch.setattr(bundled, "MAPS", shipped_maps)
    monkeypatch.setattr(bundled, "ASSETS", shipped_assets)
    shutil.rmtree(tmp_path / "first")  # that install is gone; the game runs from another
    text = (quick_maps_folder() / Path(scenario.path).name).read_text()
    assert str(tmp_path) not in text and ".." not in text
    assert load_scenario(scenario.path).units == scenario.units
    assert main(["check", scenario.path]) == 0
    loaded, _ = load_save(save)
    assert loaded.events == battle.events
    assert main(["replay", "--verify", str(save)]) == 0


def test_the_tileset_copy_opens_in_tiled_terms_beside_the_map(menu_app):
    bs = start_quick(menu_app)
    folder = quick_maps_folder()
    tsx = [p for p in folder.iterdir() if p.suffix == ".tsx"]
    assert len(tsx) == 1
    assert f'source="{tsx[0].name}"' in (folder / Path(bs.session.scenario.path).name).read_text()
    image = tsx[0].with_suffix(".png")
    assert f'source="{image.name}"' in tsx[0].read_text()
    assert image.read_bytes() == (bundled.ASSETS / "tiles" / "terrain.png").read_bytes()


def test_starting_a_quick_battle_clears_the_maps_no_save_names_and_nothing_else(menu_app):
    a = menu_app
    folder = made(quick_maps_folder())
    saved = folder / "quick-00000000000000aa.tmx"
    autosaved = folder / "quick-00000000000000bb.tmx"
    orphan = folder / "quick-00000000000000cc.tmx"
    own = folder / "quick-mine.tmx"  # not a digest name: the player's own file
    other = folder / "notes.txt"
    for p in (saved, autosaved, orphan, own, other):
        p.write_text("x")
    saves = made(saves_folder())
    (saves / "mine.json").write_text('{"map": "quick-00000000000000aa.tmx"}')
    (saves / "autosave-quick-00000000000000bb-r002.json").write_text('{"map": "quick-00000000000000bb.tmx"}')
    bs = start_quick(a)
    current = folder / Path(bs.session.scenario.path).name
    assert current.is_file() and saved.is_file() and autosaved.is_file()
    assert own.is_file() and other.is_file()
    assert not orphan.exists()
    # the next quick battle clears the last one's map once no save names it
    key(a, pygame.K_ESCAPE)
    a.show(go(a, ToMenu()))
    again = start_quick(a, seed=bs.session.seed + 1)
    assert again.session.scenario.path != bs.session.scenario.path
    assert not current.exists() and saved.is_file() and autosaved.is_file()


def test_a_save_that_cannot_be_read_keeps_every_map(monkeypatch):
    folder = made(quick_maps_folder())
    orphan = folder / "quick-00000000000000cc.tmx"
    orphan.write_text("x")
    locked = made(saves_folder()) / "locked.json"
    locked.write_text("{}")
    assert unneeded() == [orphan]
    real = Path.read_bytes

    def refuse(self):
        if self.name == locked.name:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    assert clear_unneeded() == [] and orphan.is_file()
