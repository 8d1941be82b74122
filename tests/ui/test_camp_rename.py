"""A member renamed in the camp (N or the Rename button, type, Enter), by synthetic key and mouse
events as the window receives them: the new name is shown and saved; an empty, overlong or taken
name is refused with the reason and left to mend; Esc leaves the name as it was; the member's key,
and so its unit in battle, stays."""

from __future__ import annotations

import pygame
import pytest

from game.campaign.naming import NAME_MAX
from game.campaign.saves import load_save
from game.ui.campaign.camp import CampScreen
from tests.ui.drive import app, click, key
from tests.ui.test_campaign_window import in_camp, salt_road, typed


@pytest.fixture
def a():
    window = app()
    yield window
    pygame.display.quit()


def erased(a, camp: CampScreen) -> None:
    while camp.typing:
        key(a, pygame.K_BACKSPACE)


def test_n_renames_the_member_chosen_and_the_save_keeps_it(a):
    run = salt_road()
    camp = in_camp(a, run)
    first = run.state.company.member(camp.chosen)
    key(a, pygame.K_n)
    assert camp.typing == first.name  # the name as it is, to change
    erased(a, camp)
    typed(a, "Old  Gregor ")
    key(a, pygame.K_RETURN)
    assert camp.typing is None and not camp.warn
    renamed = run.state.company.member(first.key)
    assert renamed.name == "Old Gregor" and renamed.key == first.key
    assert load_save(run.path).company.member(first.key).name == "Old Gregor"
    assert "Old Gregor" in camp.said


def test_the_rename_button_opens_the_same_entry_and_esc_leaves_the_name(a):
    run = salt_road()
    camp = in_camp(a, run)
    name = run.state.company.member(camp.chosen).name
    button = next(b for b in camp.buttons if b.label == "Rename")
    click(a, button.rect.center)
    assert camp.typing == name
    typed(a, "xyz")
    key(a, pygame.K_ESCAPE)
    assert camp.typing is None and run.state.company.member(camp.chosen).name == name
    assert isinstance(a.screen, CampScreen)  # Esc left the typing, not the camp


@pytest.mark.parametrize(
    ("words", "says"),
    [("", "cannot be empty"), ("   ", "cannot be empty"), ("taken", "two members cannot share a name")],
)
def test_an_empty_or_taken_name_is_refused_and_left_to_mend(a, words, says):
    run = salt_road()
    camp = in_camp(a, run)
    me = run.state.company.member(camp.chosen)
    other = next(m for m in run.state.company.members if m.key != me.key)
    key(a, pygame.K_n)
    erased(a, camp)
    typed(a, other.name.upper() if words == "taken" else words)
    key(a, pygame.K_RETURN)
    assert camp.warn and says in camp.said
    assert camp.typing is not None  # still typing: the player mends it
    assert run.state.company.member(me.key).name == me.name
    assert load_save(run.path).company.member(me.key).name == me.name


def test_a_name_stops_at_its_longest(a):
    run = salt_road()
    camp = in_camp(a, run)
    key(a, pygame.K_n)
    erased(a, camp)
    typed(a, "A" * (NAME_MAX + 5))
    assert camp.typing == "A" * NAME_MAX
    key(a, pygame.K_RETURN)
    assert run.state.company.member(camp.chosen).name == "A" * NAME_MAX
