"""Issue 22: at 1024x600 the bottom bar's End turn and Undo buttons collided."""

from __future__ import annotations

from pathlib import Path

from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from tests.ui.drive import settle

SKIRMISH = Path(__file__).resolve().parents[2] / "maps" / "skirmish.tmx"


def test_at_1024x600_no_action_button_touches_undo():
    a = App((1024, 600), headless=True)
    s = BattleScreen(a, load_scenario(SKIRMISH), seed=1, controllers={"blue": "human", "red": "ai"}, threaded=False)
    a.show(s)
    settle(a, s)
    a.step(0.016)
    undo = next(b for b in s.buttons if b.label == "Undo")
    actions = [b for b in s.buttons if b.rect.y == undo.rect.y and b.label not in ("Undo", "Redo")]
    assert any(b.label == "End turn" for b in actions)
    assert max(b.rect.right for b in actions) + 6 <= undo.rect.x
    assert undo.rect.right <= 1024
