"""The replay viewer, driven headless by keys and clicks (issue: a replay viewer that rewinds):
stepping back over a retreat shows its arrows again, a click on the timeline jumps, taking over
plays on from the moment, and the result screen opens the viewer and saves the replay."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import game.ui.viewer.watch
from game import ai
from game.cli.main import main
from game.core import events as ev
from game.core.battle import RETREAT, Battle
from game.history.saved_battle import load_save
from game.history.timeline import Timeline, load_timeline
from game.save.files import event_lines
from game.save.savefile import write_save
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common.after_battle import DEAF_FOR
from game.ui.common.view import BattleView
from game.ui.menus.result import ResultScreen
from game.ui.viewer.takeover import TakeOverScreen, viewer_of_file
from game.ui.viewer.viewer import ViewerScreen
from tests.ui.drive import app, click, key, settle
from tests.ui.test_battle_screen import play_turn_by_mouse

MAPS = Path(__file__).resolve().parents[2] / "maps"


def saved_battle(folder: Path, rounds: int = 3) -> Path:
    """A save of a real battle: AI against AI on the rear-retreat lesson, where a retreat comes in round 1."""
    b = Battle(load_scenario(MAPS / "lesson_retreat_rear.tmx"), seed=5)
    commands = []
    while not b.over and b.round <= rounds:
        commands.append(ai.decide(b, "normal"))
        b.apply(commands[-1])
    return write_save(folder / "lesson.json", b, commands, ai={s: "normal" for s in b.scenario.sides})


@pytest.fixture
def viewer(tmp_path):
    a = app()
    v = viewer_of_file(a, load_timeline(saved_battle(tmp_path)))
    a.show(v)
    return a, v


def first_retreat(t: Timeline) -> tuple[int, ev.Retreat]:
    i = next(m.event for m in t.markers if m.kind == "retreat")
    e = t.events[i]
    assert isinstance(e, ev.Retreat)
    return i, e


def retreat_shown(v: ViewerScreen) -> bool:
    """What the drawing reads to draw a retreat's arrows: a retreat pending, the view idle."""
    b = v.stage.battle
    return not b.over and b.pending().kind == RETREAT and v.stage.view.idle


def test_stepping_back_over_a_retreat_shows_its_arrows_again(viewer):
    a, v = viewer
    i, retreat = first_retreat(v.t)
    while v.moment <= i:  # step forward by event to just after the retreat
        key(a, pygame.K_RIGHT)
    assert v.moment == i + 1 and v.stage.view.tokens[retreat.id].x == retreat.to[0]
    assert not retreat_shown(v) or v.stage.battle.pending().target != retreat.id
    key(a, pygame.K_LEFT)
    assert v.moment == i and retreat_shown(v)
    p = v.stage.battle.pending()
    assert p.target == retreat.id and p.unit == retreat.by and retreat.to in [s["to"] for s in p.spaces]
    tok = v.stage.view.tokens[retreat.id]
    assert (tok.x, tok.y) == retreat.from_  # the board as it was before the push
    assert v.stage.log[-1] is v.stage.hover_log and "retreats" in v.stage.log[-1].words


def test_the_moment_shown_is_the_battle_and_log_of_that_many_events(viewer):
    a, v = viewer
    t = v.t
    key(a, pygame.K_PAGEDOWN)
    assert v.moment == t.rounds[1]
    key(a, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert v.moment == t.step(t.rounds[1], "decision", 1) > t.rounds[1]
    key(a, pygame.K_RIGHT)
    b = v.stage.battle
    assert event_lines(b.events) == event_lines(t.events[: t.decision_before(v.moment)])
    shown = [line.words for line in v.stage.log]
    assert shown == [line.words for line in v.lines[: v.line_count[v.moment]]] and shown
    key(a, pygame.K_LEFT, pygame.KMOD_CTRL)
    assert v.moment == t.rounds[1]
    key(a, pygame.K_END)
    assert v.moment == t.length and tokens(v.stage.view) == tokens(synced(t.events[0], t.end.world))


def tokens(view: BattleView) -> dict:
    return {k: (t.x, t.y, t.facing, t.hp, t.life, t.prone) for k, t in view.tokens.items()}


def synced(start: ev.Event, world) -> BattleView:
    view = BattleView.from_start(start)
    view.sync(world)
    return view


def test_a_click_on_the_timeline_jumps_to_the_moment_before_a_marker(viewer):
    a, v = viewer
    i, _ = first_retreat(v.t)
    tr = v.track()
    click(a, (round(tr.x_of(i)), tr.rect.centery))
    assert v.moment == v.t.decision_before(i) and retreat_shown(v)
    later = v.t.rounds[-1]
    click(a, (round(tr.x_of(later)) + 1, tr.rect.centery))
    assert v.t.round_at(v.moment) == v.t.round_at(later)


def test_playback_runs_to_the_end_at_the_highest_speed(viewer):
    a, v = viewer
    for _ in range(10):
        key(a, pygame.K_PERIOD)
    key(a, pygame.K_SPACE)
    assert v.playing
    seen = set()
    for _ in range(3000):
        if not v.playing:
            break
        a.step(0.05)
        seen.add(v.moment)
    assert v.moment == v.t.length and len(seen) > 10
    assert event_lines(v.stage.battle.events) == event_lines(v.t.events)


def test_take_over_from_here_plays_on_from_that_moment(viewer):
    a, v = viewer
    i, _ = first_retreat(v.t)
    v.go(v.t.decision_before(i) + 3)
    moment_battle = v.t.battle_at(v.t.command_at(v.moment))
    key(a, pygame.K_t)
    assert isinstance(a.screen, TakeOverScreen)
    who = a.screen.who
    if who["blue"] != "human":
        key(a, pygame.K_1)
    if who["red"] != "ai":
        key(a, pygame.K_2)
    key(a, pygame.K_RETURN)
    bs = a.screen
    assert isinstance(bs, BattleScreen) and bs.session.controllers == {"blue": "human", "red": "ai"}
    assert event_lines(bs.battle.events) == event_lines(moment_battle.events)
    assert bs.session.played == v.t.commands[: v.t.command_at(v.moment)]
    settle(a, bs)
    before = len(bs.session.played)
    play_turn_by_mouse(a, bs)  # the lesson's card on what followed then holds the play
    assert len(bs.session.played) > before and bs.battle.events[: len(moment_battle.events)] == moment_battle.events


def test_escape_closes_a_viewer_opened_from_the_command_line(viewer):
    a, _ = viewer
    key(a, pygame.K_ESCAPE)
    assert not a.running


def test_the_result_screen_watches_and_saves_the_replay(tmp_path):
    a = app()
    bs = BattleScreen(a, load_scenario(MAPS / "test_arena.tmx"), seed=3, threaded=False, speed_i=4)
    a.show(bs)
    for _ in range(20000):
        if isinstance(a.screen, ResultScreen):
            break
        a.step(0.1)
    result = a.screen
    assert isinstance(result, ResultScreen)
    a.step(DEAF_FOR)  # a frame as long as the moment the result ignores keys
    key(a, pygame.K_w)
    v = a.screen
    assert isinstance(v, ViewerScreen) and event_lines(v.t.events) == event_lines(bs.battle.events)
    key(a, pygame.K_ESCAPE)
    assert a.screen is result
    key(a, pygame.K_s)
    key(a, pygame.K_s)
    assert result.message.startswith("Saved to ")
    saves = sorted(Path(result.message.removeprefix("Saved to ")).parent.glob("finished-test_arena-round*.json"))
    assert len(saves) == 2  # the second save went to a new file
    for path in saves:
        assert event_lines(load_save(path)[0].events) == event_lines(bs.battle.events)


def test_rout_replay_without_a_display_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert main(["replay", str(saved_battle(tmp_path, rounds=1))]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot open the game window" in err[0] and "--log" in err[0]


def test_plus_and_minus_zoom_the_viewers_map(viewer):
    """Issue 22: `+`/`-` did nothing in the viewer (F1 lists them as the battle screen's zoom)."""
    a, v = viewer
    size = v.stage.camera.size
    key(a, pygame.K_EQUALS)
    assert v.stage.camera.size > size
    key(a, pygame.K_MINUS)
    key(a, pygame.K_MINUS)
    assert v.stage.camera.size < size


def test_the_viewer_shows_an_ai_replay_at_once_and_the_rest_comes_as_it_plays(tmp_path):
    # Issue 23: `rout replay` on a battle of AI against AI opens on its start before the AI has
    # replayed it; each frame replays a little more, and the whole is then the battle played at once.
    replay = tmp_path / "ai.json"
    assert (
        main(
            [
                "simulate",
                str(MAPS / "starter.tmx"),
                "--seed",
                "4",
                "--ai",
                "blue=normal",
                "--ai",
                "red=normal",
                "--save-replay",
                str(replay),
            ]
        )
        == 0
    )
    whole = load_timeline(replay)
    a = app()
    v = viewer_of_file(a, load_timeline(replay, complete=False))
    a.show(v)
    assert not v.t.complete and v.moment == v.t.first and v.t.length < whole.length
    key(a, pygame.K_SPACE)  # playback runs on as the timeline grows
    for _ in range(3000):
        if v.t.complete:
            break
        a.step(0.016)
    assert v.t.complete and v.playing  # playback did not stop at the end of what was known then
    assert event_lines(v.t.events) == event_lines(whole.events) and v.t.markers == whole.markers
    at_once = ViewerScreen(a, whole, v.source)
    assert (v.lines, v.line_count) == (at_once.lines, at_once.line_count)


def test_rout_replay_opens_the_window_before_the_ai_replays_the_battle(tmp_path, monkeypatch):
    # Issue 23: the bare command used to replay the whole battle headless first (seconds on a
    # big one) and only then open the viewer, which replayed it again.
    replay = tmp_path / "ai.json"
    argv = ["simulate", str(MAPS / "starter.tmx"), "--seed", "4", "--ai", "blue=normal", "--ai", "red=normal"]
    assert main([*argv, "--save-replay", str(replay)]) == 0
    opened: list[Timeline] = []
    monkeypatch.setattr(game.ui.viewer.watch, "watch", lambda t: opened.append(t) or 0)
    assert main(["replay", str(replay)]) == 0
    (t,) = opened
    assert not t.complete and t.commands == [] and t.length == t.first
