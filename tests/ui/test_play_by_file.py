"""Playing a hot-seat battle by file (docs/formats.md#saves): "Save for the other player" in the
pause menu writes a save that names the side to play; opening it starts with the recap of what
happened since that side last acted, then that side plays; and a battle passed back and forth
by file gives the same log as one played straight through."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pygame
import pytest

from game import ai
from game.core.battle import Battle
from game.history.saved_battle import load_save
from game.save.autosave import saves_folder
from game.save.errors import SaveError
from game.save.files import event_lines
from game.scenario.tiled import load_scenario
from game.ui.battle import since
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.handover import HandoverScreen
from game.ui.battle.saving import save_for_other_player
from game.ui.menus.pause import PauseScreen
from game.ui.menus.resume import opened_screen
from game.ui.viewer.recap import RecapScreen
from tests.test_schemas import REPLAYS, problems
from tests.ui.drive import app, key, settle
from tests.ui.test_battle_screen import play_turn_by_mouse

MAP = Path(__file__).resolve().parents[2] / "maps" / "skirmish.tmx"
HOT_SEAT = {"blue": "human", "red": "human"}


def hot_seat(a, seed: int = 4) -> BattleScreen:
    s = BattleScreen(a, load_scenario(MAP), seed=seed, controllers=HOT_SEAT, threaded=False)
    s.speed_i = 4
    a.show(s)
    return s


def play_until_red_has_news(a, s: BattleScreen) -> None:
    """Play by mouse, passing hand-overs, until red is to decide after blue acted since red last did."""
    for _ in range(300):
        if isinstance(a.screen, HandoverScreen):
            key(a, pygame.K_SPACE)
        settle(a, s)
        if isinstance(a.screen, HandoverScreen):
            continue
        assert a.screen is s and not s.battle.over
        if s.battle.pending().side == "red" and since.mark_of(s.session, "red") is not None:
            return
        play_turn_by_mouse(a, s)
    pytest.fail("red never came to decide after blue had acted")


def test_a_save_for_the_other_player_opens_on_the_recap_then_that_side_plays():
    a = app()
    s = hot_seat(a)
    play_until_red_has_news(a, s)
    red_left_at = s.session.marks["red"].events  # the log's length when red's player last acted
    key(a, pygame.K_ESCAPE)
    pause = a.screen
    assert isinstance(pause, PauseScreen) and "Save for the other player" in [e.label for e in pause.entries()]
    key(a, pygame.K_p)
    said = pause.said
    assert said.startswith("Saved for Red to play: send them ") and "\n" not in said
    path = Path(said.removeprefix("Saved for Red to play: send them "))
    assert path.parent == saves_folder() and path.name == f"skirmish-red-to-play-round{s.battle.round}.json"
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["to_play"] == "red" and not problems(REPLAYS, written)  # the schema admits the field
    a.step(0.016)  # the pause menu draws the line
    s.close()

    later = app()  # the other player's window, days later
    first = opened_screen(later, *load_save(path), threaded=False)
    later.show(first)
    assert isinstance(first, RecapScreen) and first.side == "red"
    assert first.viewer.t.first == red_left_at  # from red's last command: blue's moves and all since
    assert first.viewer.t.length == len(s.battle.events)
    for _ in range(2000):
        if later.screen is not first:
            break
        later.step(0.05)
    resumed = later.screen
    assert isinstance(resumed, BattleScreen) and resumed is first.battle_screen
    assert resumed.human_turn() and resumed.battle.pending().side == "red"
    assert event_lines(resumed.battle.events) == event_lines(s.battle.events)
    before = len(resumed.session.played)
    play_turn_by_mouse(later, resumed)  # red plays on
    assert len(resumed.session.played) == before + 1


def test_a_battle_passed_back_and_forth_by_file_gives_the_log_played_straight_through(tmp_path):
    """Each player plays until the other side is to decide, saves for them, and the other opens it."""
    straight = Battle(load_scenario(MAP), seed=6, controllers=HOT_SEAT)
    commands = []
    while not straight.over and straight.round <= 4:
        commands.append(ai.decide(straight, "normal"))
        straight.apply(commands[-1])

    a = app()
    s = BattleScreen(a, load_scenario(MAP), seed=6, controllers=HOT_SEAT, threaded=False)
    passes: list[str] = []
    while not s.battle.over and s.battle.round <= 4:
        side = s.battle.pending().side
        assert s.apply(ai.decide(s.battle, "normal"))
        if len(passes) < 4 and not s.battle.over and s.battle.pending().side != side:
            said = save_for_other_player(s.session, tmp_path)
            path = Path(said.split("send them ", 1)[1])
            battle, record = load_save(path)
            assert record.to_play == battle.pending().side == s.battle.pending().side
            passes.append(record.to_play)
            s.close()
            a = app()
            opened = opened_screen(a, battle, record, threaded=False)
            s = opened.battle_screen if isinstance(opened, RecapScreen) else opened
            assert isinstance(s, BattleScreen)
    assert len(passes) == 4 and set(passes) == {"blue", "red"}
    assert all(x != y for x, y in itertools.pairwise(passes))  # back and forth, twice
    assert event_lines(s.battle.events) == event_lines(straight.events)
    assert s.session.played == commands  # every command kept across the files, none twice


def test_a_save_whose_side_to_play_disagrees_with_the_battle_is_refused(tmp_path):
    a = app()
    s = BattleScreen(a, load_scenario(MAP), seed=6, controllers=HOT_SEAT, threaded=False)
    s.apply(ai.decide(s.battle, "normal"))
    path = Path(save_for_other_player(s.session, tmp_path).split("send them ", 1)[1])
    data = json.loads(path.read_text(encoding="utf-8"))
    waits = data["to_play"]
    data["to_play"] = "blue" if waits == "red" else "red"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match=f"for {data['to_play']} to play, but the battle waits on {waits}"):
        load_save(path)
    data["to_play"] = "green"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="to_play: the map has no side 'green'"):
        load_save(path)


def test_the_name_is_never_taken_twice_and_a_solo_battle_has_no_such_entry(tmp_path):
    a = app()
    s = hot_seat(a)
    first = save_for_other_player(s.session, tmp_path)
    second = save_for_other_player(s.session, tmp_path)
    assert first != second and second.endswith("-2.json")
    solo = BattleScreen(a, load_scenario(MAP), controllers={"blue": "human", "red": "ai"}, threaded=False)
    assert "Save for the other player" not in [e.label for e in PauseScreen(a, solo).entries()]


def test_the_hand_over_saves_for_the_incoming_player_with_f_and_stays_until_they_play():
    """The natural moment to send the file: the hand-over screen, before the next side looks."""
    a = app()
    s = hot_seat(a)
    for _ in range(50):
        settle(a, s)
        if isinstance(a.screen, HandoverScreen) and since.mark_of(s.session, a.screen.side) is not None:
            break
        if isinstance(a.screen, HandoverScreen):
            key(a, pygame.K_SPACE)
            continue
        play_turn_by_mouse(a, s)
    handover = a.screen
    assert isinstance(handover, HandoverScreen)
    assert [b.label for b in handover.buttons()] == [
        "Watch what happened",
        "Play",
        "Name the player",
        "Save for them to play",
    ]
    key(a, pygame.K_f)
    assert a.screen is handover  # still covering the board: the next player has not taken over
    side = handover.side
    assert handover.said.startswith(f"Saved for {side.capitalize()} to play: send them ")
    path = Path(handover.said.split("send them ", 1)[1])
    battle, record = load_save(path)
    assert record.to_play == side == battle.pending().side
    assert event_lines(battle.events) == event_lines(s.battle.events)
    key(a, pygame.K_SPACE)
    assert a.screen is s


def test_a_save_for_a_side_that_has_not_acted_yet_opens_on_the_recap_from_the_start(tmp_path):
    """Issue 22: the recap was missing when the side to play had not acted before the save (the
    first file of a game): it recaps the others' commands since the battle began."""
    a = app()
    s = BattleScreen(a, load_scenario(MAP), seed=6, controllers=HOT_SEAT, threaded=False)
    first = s.battle.pending().side
    while s.battle.pending().side == first:
        assert s.apply(ai.decide(s.battle, "normal"))
    other = s.battle.pending().side
    assert not any(s.session.side_of[c.unit] == other for c in s.session.played)
    said = save_for_other_player(s.session, tmp_path)
    s.close()
    later = app()
    opened = opened_screen(later, *load_save(Path(said.split("send them ", 1)[1])), threaded=False)
    assert isinstance(opened, RecapScreen) and opened.side == other
    assert opened.viewer.t.commands == s.session.played  # every command since the start
    assert opened.viewer.t.length == len(s.battle.events)


def test_after_loading_the_next_hand_over_recaps_for_the_side_that_sent_the_file(tmp_path):
    """Issue 22: after a play-by-file save was loaded, the next hand-over (back to the side that
    sent it) had no recap: the marks of where each side last acted are not in the file. They
    are worked out from the commands, for every side."""
    a = app()
    s = BattleScreen(a, load_scenario(MAP), seed=6, controllers=HOT_SEAT, threaded=False)
    sides = []
    while len(sides) < 3:  # both sides have acted, and the battle waits on the one to send to
        side = s.battle.pending().side
        if not sides or sides[-1] != side:
            sides.append(side)
        if len(sides) == 3:
            break
        assert s.apply(ai.decide(s.battle, "normal"))
    sender = sides[1]
    said = save_for_other_player(s.session, tmp_path)
    s.close()
    later = app()
    opened = opened_screen(later, *load_save(Path(said.split("send them ", 1)[1])), threaded=False)
    resumed = opened.battle_screen if isinstance(opened, RecapScreen) else opened
    assert isinstance(resumed, BattleScreen)
    while resumed.battle.pending().side != sender:
        assert resumed.apply(ai.decide(resumed.battle, "normal"))
    handover = HandoverScreen(later, resumed, sender)
    assert handover.summary.startswith("Since your last move: ") and handover.can_watch
