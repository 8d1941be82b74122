"""`rout play --load`: the window opens on the loaded battle at the decision it was saved at, and
play goes on from there as if it had never stopped."""

from __future__ import annotations

import json

import pygame

from game.core.rules_version import RULES
from game.history.saved_battle import load_save
from game.save.files import event_lines
from game.save.savefile import write_save
from game.ui.menus.resume import resumed_screen
from game.ui.viewer.takeover import viewer_of_played
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


def test_a_save_taken_up_under_newer_rules_says_so_and_plays_on_saves_and_shows_its_history(tmp_path):
    """Issue 41: 'one made under older rules resumes from its state under today's rules, and its
    history is shown as recorded'. Its commands are changed so that they no longer give the battle
    it keeps, as a rules change would; its 'rules' field is left out, as Rout 0.4.0 wrote saves."""
    b, commands = played(decisions=20)
    while b.pending().controller != "human":
        b, commands = played(decisions=len(commands) + 1)
    path = write_save(tmp_path / "s.json", b, commands, ai={"red": "baseline"})
    data = json.loads(path.read_text())
    del data["rules"]
    data["commands"] = data["commands"][1:] + data["commands"][:1]
    path.write_text(json.dumps(data))
    loaded, record = load_save(path)
    a = app()
    s = resumed_screen(a, loaded, record, threaded=False)
    a.show(s)
    settle(a, s)
    assert s.message.startswith(
        f"Saved under rules from before rules versions; it goes on under this Rout's rules ({RULES}) from round {b.round}"
    )
    assert s.view.sync(s.battle.world) == []
    assert any(line.round == 1 for line in s.log)  # its history, as recorded, in the combat log
    taken_up_at = len(b.events)
    key(a, pygame.K_h)  # the player holds; the AI answers under today's rules
    assert len(s.session.played) == len(commands) + 1
    b.apply(s.session.played[-1])
    assert event_lines(s.battle.events).startswith(event_lines(b.events))
    # Saved again, it loads by replaying its new commands from where it was taken up.
    again = write_save(tmp_path / "again.json", s.battle, s.session.played, ai={"red": "baseline"})
    reloaded, _ = load_save(again)
    assert event_lines(reloaded.events) == event_lines(s.battle.events)
    # The viewer of the battle played: its recorded history, then what was played since, replayed.
    t = viewer_of_played(s).t
    assert t.first == taken_up_at and t.earlier == s.session.played[: len(commands)]
    assert event_lines(t.events) == event_lines(s.battle.events)
