"""The unit card during the round's end (game/ui/draw/draw_panels.py): it shows a creature as the
board does, step by step (docs/rules.md#the-end-of-the-round: fatigue is counted before morale is
checked), not the battle's state after every step."""

from __future__ import annotations

import pygame

from game.home.bundled import map_path
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.draw.draw_panels import card_rows
from tests.ui.drive import app, key


def morale_row(rows: list[str]) -> str:
    return next(r for r in rows if r.startswith("morale "))


def test_at_the_fatigue_step_the_card_does_not_show_the_morale_step_s_results():
    """Issue 22: during the fatigue step the panel already showed the morale results."""
    a = app()
    s = BattleScreen(
        a, load_scenario(map_path("skirmish")), seed=1, controllers={"blue": "ai", "red": "ai"}, threaded=False
    )
    s.view.pause_on_steps = True
    a.show(s)
    ahead = []
    for _ in range(20_000):
        a.step(0.05)
        if s.battle.over:
            break
        if not s.view.waiting_for_key:
            continue
        if s.view.step_banner == "fatigue":
            for uid, u in s.battle.world.units.items():
                tok = s.view.tokens[uid]
                if u.life == "fighting" and u.morale != tok.morale:  # a morale result the board has not shown
                    ahead.append(uid)
                    row = morale_row(card_rows(s, uid))
                    assert row.endswith(tok.morale) and not row.endswith(u.morale), (uid, row)
            if ahead:
                break
        key(a, pygame.K_SPACE)
    assert ahead, "no morale result came after a fatigue step in this battle: the test saw nothing"
