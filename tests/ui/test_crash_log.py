"""An unexpected error in the game window leaves a crash log in the user's log folder and one
line on stderr naming it, exit status 70 (EX_SOFTWARE); the log holds the traceback, the
versions and a replay of the battle so far. If the log cannot be written, the traceback goes
to stderr instead. Ctrl-C and SystemExit are not crashes."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pygame
import pytest

import game.ui.main
from game import __version__
from game.cli import main as cli
from game.core.battle import Battle
from game.home.crash import EXIT_CRASH
from game.save.files import event_lines
from game.save.replay import load_replay
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from tests.ui.drive import app as headless_app

ROOT = Path(__file__).resolve().parents[2]
ARENA = ROOT / "maps" / "test_arena.tmx"
CRASH_LINE = re.compile(r"^rout: unexpected error \((.+)\); details written to (.+)$")


@pytest.fixture
def window(monkeypatch, tmp_path):
    """`rout play` opens a headless window (the dummy video driver has no display, which the
    real App refuses) and the user's folders live in tmp_path."""
    for var, sub in (("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config")):
        monkeypatch.setenv(var, str(tmp_path / sub))
    monkeypatch.setattr(game.ui.main, "App", headless_app)
    monkeypatch.setattr(sys, "argv", ["rout", "play", str(ARENA), "--mode", "watch", "--seed", "5"])
    return tmp_path


def fail_every_frame(monkeypatch, error: BaseException) -> None:
    def step(self: App, dt: float) -> None:
        raise error

    monkeypatch.setattr(App, "step", step)


def crash_file(capsys) -> tuple[str, Path]:
    """The one stderr line's error and the file it names."""
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1, lines
    m = CRASH_LINE.match(lines[0])
    assert m, lines[0]
    return m.group(1), Path(m.group(2))


def test_a_crash_writes_a_log_and_says_where_in_one_line(window, monkeypatch, capsys):
    fail_every_frame(monkeypatch, RuntimeError("boom"))
    assert cli.main(["play", str(ARENA), "--mode", "watch", "--seed", "5"]) == EXIT_CRASH == 70
    what, path = crash_file(capsys)
    assert what == "RuntimeError: boom"
    assert path.parent == window / "state" / "rout" / "log"
    assert re.fullmatch(r"crash-\d{4}-\d\d-\d\dT\d{6}Z\.log", path.name)
    text = path.read_text(encoding="utf-8")
    assert "Traceback (most recent call last):" in text and "in step" in text and "RuntimeError: boom" in text
    assert f"rout: {__version__}" in text
    assert f"pygame-ce: {pygame.version.ver}" in text and "python: 3." in text and "platform: " in text
    assert f"command line: rout play {ARENA} --mode watch --seed 5" in text
    assert f"map: {ARENA}" in text and "seed: 5" in text


def test_a_second_crash_writes_a_second_file(window, monkeypatch, capsys):
    fail_every_frame(monkeypatch, RuntimeError("first"))
    cli.main(["play", str(ARENA)])
    _, first = crash_file(capsys)
    fail_every_frame(monkeypatch, RuntimeError("second"))
    cli.main(["play", str(ARENA)])
    _, second = crash_file(capsys)
    assert first != second  # the same second: a -2 name, never the first file overwritten
    assert "RuntimeError: first" in first.read_text() and "RuntimeError: second" in second.read_text()


def test_an_unwritable_log_folder_puts_the_traceback_on_stderr(window, monkeypatch, capsys):
    (window / "state").write_text("a file where the folder should be")  # unwritable even for root
    fail_every_frame(monkeypatch, RuntimeError("boom"))
    assert cli.main(["play", str(ARENA)]) == EXIT_CRASH
    err = capsys.readouterr().err
    first, rest = err.split("\n", 1)
    assert first.startswith("rout: unexpected error (RuntimeError: boom); the crash log could not be written (")
    assert first.endswith("), so here it is:")
    assert "Traceback (most recent call last):" in rest and "RuntimeError: boom" in rest
    assert f"rout: {__version__}" in rest


def test_a_pygame_error_mid_game_is_a_crash_not_a_missing_display(window, monkeypatch, capsys):
    fail_every_frame(monkeypatch, pygame.error("video memory lost"))
    assert cli.main(["play"]) == EXIT_CRASH
    what, path = crash_file(capsys)
    assert what == "pygame.error: video memory lost"
    assert "screen: MenuScreen" in path.read_text()


@pytest.mark.parametrize(("error", "status"), [(KeyboardInterrupt(), 130), (SystemExit(3), None)])
def test_ctrl_c_and_system_exit_are_not_crashes(window, monkeypatch, capsys, error, status):
    fail_every_frame(monkeypatch, error)
    if status is None:
        with pytest.raises(SystemExit):
            cli.main(["play", str(ARENA)])
    else:
        assert cli.main(["play", str(ARENA)]) == status
    assert not (window / "state").exists()
    assert "unexpected error" not in capsys.readouterr().err


@pytest.mark.slow
def test_the_log_replays_the_battle_up_to_the_crash(window, monkeypatch, capsys):
    """The commands played so far, the AI's from its worker process included, come back as a
    replay file that rebuilds the crashed battle's event log byte for byte."""
    crashed: list[BattleScreen] = []
    update = BattleScreen.update

    def update_then_fail(self: BattleScreen, dt: float):
        out = update(self, dt)
        if len(self.session.played) >= 3:
            crashed.append(self)
            raise ValueError("after three commands")
        return out

    monkeypatch.setattr(BattleScreen, "update", update_then_fail)
    assert cli.main(["play", str(ARENA), "--mode", "watch", "--seed", "5"]) == EXIT_CRASH
    _, path = crash_file(capsys)
    text = path.read_text()
    assert "3 commands" in text
    replay_json = text.split("replay (save as crash.json, then: rout replay crash.json):\n", 1)[1]
    saved = window / "crash.json"
    saved.write_text(replay_json)
    rep = load_replay(saved)
    assert rep.seed == 5 and len(rep.commands) == 3 and set(rep.ai.values()) == {"normal"}
    b = Battle(load_scenario(rep.map), seed=rep.seed, options=rep.options, controllers=rep.controllers)
    for cmd in rep.commands:
        b.apply(cmd)
    assert event_lines(b.events) == event_lines(crashed[0].battle.events)
