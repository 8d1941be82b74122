"""Issue 37, "Words a player reads": no identifiers on screen, army lists with plurals, whole
points, no jargon, and a kind card that says what the kind is. The words are those the screens
write: every call to the text cache is recorded while a screen draws."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.home.bundled import map_path
from game.scenario.catalogue import load
from game.scenario.tiled import load_scenario
from game.ui.common import spoken, widgets
from game.ui.common.combat_log import display_names
from game.ui.draw.draw_panels import card_rows
from game.ui.menus.menu_details import for_players
from game.ui.navigation import ToMenu, go
from game.ui.quick.army import ArmyScreen
from game.ui.quick.setup import SetupScreen
from tests.helpers import unit
from tests.ui.drive import app, key, on_board, settle

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")  # magic_missile, cure_light_wounds, fighter3_magic
FRACTION = re.compile(r"\b\d+\.\d\b")  # 3.6 pts


@contextmanager
def words_written() -> Iterator[list[str]]:
    """Every text the window writes while the block runs."""
    seen: list[str] = []
    cached = widgets.rendered

    def recording(words: str, size: int, colour: widgets.Colour, bold: bool = False) -> pygame.Surface:
        seen.append(words)
        return cached(words, size, colour, bold)

    widgets.rendered = recording  # type: ignore[assignment]
    try:
        yield seen
    finally:
        widgets.rendered = cached  # type: ignore[assignment]


@pytest.fixture
def army_screen() -> Iterator[ArmyScreen]:
    a = app()
    a.show(go(a, ToMenu()))
    key(a, pygame.K_k)
    assert isinstance(a.screen, SetupScreen)
    key(a, pygame.K_RETURN)
    assert isinstance(a.screen, ArmyScreen)
    yield a.screen
    pygame.display.quit()


def _choose(s: ArmyScreen, kind: str) -> None:
    for _ in range(len(s.model.offered)):
        if s.chosen == kind:
            return
        key(s.app, pygame.K_DOWN)
    raise AssertionError(f"{kind} is not on offer")


def test_the_army_screen_says_spells_kinds_and_points_as_a_player_would(army_screen):
    s = army_screen
    for kind in ("wizard5", "fighter3_magic", "fighter3_magic", "halfling"):
        _choose(s, kind)
        key(s.app, pygame.K_RIGHT)
    _choose(s, "enchanter5")
    with words_written() as seen:
        s.app.step(0.016)
    shown = " | ".join(seen)
    assert not IDENTIFIER.search(shown), IDENTIFIER.search(shown)
    assert not FRACTION.search(shown), FRACTION.search(shown)
    assert "2 human fighters (3rd level, +1 sword)" in shown
    assert "3 magic missiles" in shown  # the enchanter's card
    # The card says what the kind is before its numbers, as a hiring card does.
    assert any(line.startswith("A mage in a violet robe") for line in seen), shown
    assert any("hit points" in line for line in seen) and any(line.startswith("damage: dagger 1d4") for line in seen)


def test_an_army_list_has_plurals_and_tells_the_kinds_apart():
    k = load()
    army = [(k["ogre"], 1), (k["fighter3_magic"], 2), (k["halfling"], 3)]
    assert spoken.army_words(army) == "1 ogre; 2 human fighters (3rd level, +1 sword); 3 halfling fighters"
    assert spoken.kind_words(k["militia"], 2) == "2 human militiamen"
    assert spoken.kind_words(k["dwarf"], 2) == "2 dwarf fighters"
    assert spoken.kind_words(k["thief"], 4) == "4 human thieves (2nd level)"
    said = [spoken.kind_words(kind, 2) for kind in k.values()]
    assert len(set(said)) == len(said), "two kinds of the catalogue would read the same"


def test_spells_are_named_and_counted():
    assert spoken.spell_list(["magic_missile"] * 3) == "3 magic missiles"
    assert spoken.spell_list(["cure_light_wounds", "hold_person", "hold_person"]) == (
        "cure light wounds, 2 hold persons"
    )


def test_points_on_screen_are_whole():
    assert [spoken.whole(p) for p in (3.6, 5.5, 100.0, 0.4)] == ["4", "6", "100", "0"]


def test_a_quick_battle_creature_has_a_name_a_player_would_say():
    """'blue_fighter3_magic_1' read "Fighter magic 1"."""
    k = load()
    kinds = {"blue_fighter3_magic_1": k["fighter3_magic"], "blue_fighter1_1": k["fighter1"], "red_orc_2": k["orc"]}
    names = display_names([(uid, uid.split("_")[0]) for uid in kinds], kinds)
    assert names == {"blue_fighter1_1": "Fighter 1", "blue_fighter3_magic_1": "Fighter 2", "red_orc_2": "Orc 2"}


def test_the_unit_card_names_its_spells_and_its_morale_without_jargon():
    a = app()
    s = on_board(
        a,
        [unit("blue_wizard5_1", "blue", "wizard5", (1, 1), "E"), unit("red_orc_1", "red", "orc", (6, 1))],
        dice={"initiative blue_wizard5_1": 5, "initiative red_orc_1": 1},
    )
    settle(a, s)
    rows = card_rows(s, "blue_wizard5_1")
    shown = " | ".join(rows)
    assert "ose" not in shown.split() and not IDENTIFIER.search(shown), shown
    assert any(r.startswith("morale ") and " on 2d10: " in r for r in rows), rows
    assert "spells left: 3 magic missiles, burning hands, 2 Melf's acid arrows, haste" in rows, rows
    assert s.session.names["blue_wizard5_1"] == "Wizard 1"


def test_a_map_s_description_is_for_its_players():
    # The balance figures live in maps/README.md; a save made on the former words still opens
    # (tests/save/test_former_maps.py). A map of one's own copied from an old one keeps its
    # figures, and the menu still leaves them out.
    desc = load_scenario(map_path("skirmish")).description
    assert "Measured" not in desc and "%" not in desc and desc.startswith("An orc war band")
    old = desc + " Measured: blue 52%, red 48%, draws 0% over 40 AI games."
    assert for_players(old) == desc


def test_two_sides_are_not_the_others(army_screen):
    a = army_screen.app
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, SetupScreen)
    with words_written() as seen:
        a.step(0.016)
    shown = " ".join(seen)
    assert "the AI in the other zone" in shown and "the others" not in shown, shown
