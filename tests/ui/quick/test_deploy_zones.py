"""Issue 37 in the window: deployment outlines every side's zone (it outlined the player's alone,
so where the AI's armies would come from was left to guess), and a bigger field starts at a
bigger budget, so it opens with an army that stands across its zone."""

from __future__ import annotations

import pygame
import pytest

from game.generate.zones import frontage
from game.ui.common import theme
from game.ui.quick.army import ArmyScreen
from game.ui.quick.choices import BUDGET_OF_SIZE, SIZES, QuickChoices
from game.ui.quick.deploy import DeployScreen
from game.ui.quick.field import PLAYER, draft
from game.ui.quick.setup import ROWS
from tests.ui.drive import app


@pytest.fixture
def window():
    a = app()
    yield a
    pygame.display.quit()


def _outlined(surface: pygame.Surface, r: pygame.Rect, colour: tuple[int, int, int]) -> float:
    """The share of the rectangle's outline drawn in the colour."""
    edge = [(x, r.top) for x in range(r.left, r.right)] + [(x, r.bottom - 1) for x in range(r.left, r.right)]
    edge += [(r.left, y) for y in range(r.top, r.bottom)] + [(r.right - 1, y) for y in range(r.top, r.bottom)]
    return sum(tuple(surface.get_at(p))[:3] == tuple(colour) for p in edge) / len(edge)


def test_deployment_outlines_every_sides_zone_in_its_colour(window):
    choices = QuickChoices(sides=3, width=32, height=20)
    buying = ArmyScreen(window, choices)
    buying.model.add("fighter1")
    m = buying.model
    d = DeployScreen(window, choices, draft(choices, m.kinds_bought(), m.kinds, m.prices), back=buying)
    surface = pygame.Surface(window.size)
    d.draw(surface)
    v = d.view
    sides = sorted(d.field.spec.side_names)
    for side, zone in d.field.zones.deploy.items():
        r = pygame.Rect(*v.corner((zone.x, zone.y)), zone.w * v.tile, zone.h * v.tile)
        assert v.rect().contains(r), side  # the whole field in sight at this size
        colour = theme.HIGHLIGHT if side == PLAYER else theme.side_colour(side, sides)
        # creatures standing on the edge of a zone hide a little of its outline, no more
        assert _outlined(surface, r, colour) > 0.6, side


def test_a_bigger_field_starts_at_a_bigger_budget_that_its_army_stands_across(window):
    """Stepping the size sets the budget to the size's own; the AI's army at 64x64 stands at
    least two ranks deep across half its zone's width or more."""
    size_row = ROWS[0]
    c = QuickChoices(width=48, height=36, points=50)
    c = size_row.step(c, 1)
    assert (c.width, c.height, c.points) == (64, 64, BUDGET_OF_SIZE[(64, 64)])
    budgets = [BUDGET_OF_SIZE[s] for s in SIZES]
    assert budgets == sorted(budgets) and budgets[0] < budgets[-1]
    buying = ArmyScreen(window, c)
    buying.model.add("fighter1")
    m = buying.model
    field = draft(c, m.kinds_bought(), m.kinds, m.prices)
    red = [s for s in field.soldiers if s.side == "red"]
    zone = field.zones.deploy["red"]
    ranks = {s.pos[0] for s in red}
    across = {s.pos[1] + dy for s in red for dy in range(s.kind.squares)}
    assert len(ranks) >= 2 and len(across) * 2 >= frontage("red", zone), (len(ranks), len(across))
