"""Room for what the player must see (issue 37: the minimap covered the board's corner and the
creatures there, a lesson's card the top rows). Each frame the edges of the map's view that an
overlay covers go to the camera, which centres the board in the rest when it fits there (a small
map under a card zoomed out till it does) and lets it be scrolled out from under them when it
does not; the view follows a creature into the uncovered part (camera.in_clear)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.common.camera import ONE
from game.ui.draw import draw_lesson, minimap

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState

GAP = 6  # pixels kept between an overlay and the board's edge


def leave_room(s: BattleState) -> None:
    """Tell the camera what the minimap and a lesson's card cover of the map's view."""
    m = s.map_rect()
    top = bottom = 0
    mini = minimap.rect(s)
    if mini is not None:  # in the bottom corner, its frame drawn 3 pixels round it
        bottom = m.bottom - mini.top + 3 + GAP
    card = draw_lesson.card_rect(s)
    if card is not None and card.right <= m.right:  # over the map, not over the side panel
        if card.centery < m.centery:
            top = card.bottom - m.top + GAP
        else:
            bottom = max(bottom, m.bottom - card.top + GAP)
    s.camera.cover((0, top, 0, bottom))
    if card is not None:  # a small map the card would cover is made smaller, down to zoom 0.75
        s.camera.shrink_to_clear(ONE - 1)
