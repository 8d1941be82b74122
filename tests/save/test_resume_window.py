"""`rout play --load`: the window opens on the loaded battle at the decision it was saved at, and
play goes on from there as if it had never stopped."""

from __future__ import annotations

import pygame

from game.save.files import event_lines
from game.save.savefile import write_save
from game.saved_battle import load_save
from game.ui.menus.resume import resumed_screen
from tests.save.played import played
from tests.ui.drive import app, key, settle


def test_the_window_goes_on_with_a_loaded_battle_where_it_was_saved(tmp_path):
    b, commands = played(decisions=20)
    while b.pending().controller != "human":  # save at the player's own decision
        b, commands = played(decisions=len(commands) + 1)
    path = write_save(tmp_path / "s.json", b, commands, ai={"red": "baseline"})
    loaded, record = load_save(path)
    a = app()
    s = resumed_screen(a, loaded, record, threaded=False)
    a.show(s)
    settle(a, s)
    assert s.battle.round == b.round and s.human_turn()
    assert s.selected in b.pending().units and s.session.played == commands and s.session.ai_level == "baseline"
    assert s.view.sync(s.battle.world) == []  # every token stands where its unit does, nothing mid-animation
    assert any(line.round == b.round for line in s.log)  # the combat log holds the battle so far
    key(a, pygame.K_h)  # the player holds: the battle goes on, and the AI answers
    assert len(s.session.played) == len(commands) + 1
    b.apply(s.session.played[-1])
    assert event_lines(s.battle.events).startswith(event_lines(b.events))
