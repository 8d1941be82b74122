"""Network play's windows under Xvfb (issue 21): `rout host` and `rout join` each open a real
window; their players end a few turns with the keys (Shift+E, Enter); a spectator that joins late
catches up and sees the same battle (its log is the host's). Each wait is on a line said or a
process ended, with a deadline; skipped without Xvfb and xdotool."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable

import pytest

from tests.net.peers import DEADLINE, Proc
from tests.ui.test_window_xvfb import close_button, closes, display, window_of, xdo  # noqa: F401  (display: a fixture)

missing = [t for t in ("Xvfb", "xdotool") if shutil.which(t) is None]
pytestmark = [
    pytest.mark.slow,
    pytest.mark.lowest,  # two windows and a network session: no fast test drives them so
    pytest.mark.skipif(bool(missing), reason=f"needs {', '.join(missing)} (apt-get install xvfb xdotool)"),
]


def _said_while(proc: Proc, words: str, nudge: Callable[[], None]) -> str:
    """The line holding `words`, nudging the windows (a turn ended) between looks."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        nudge()
        try:
            return proc.said(words, deadline=0.5)
        except AssertionError:
            continue
    raise AssertionError(f"never said {words!r}; said {proc.seen}")


def test_two_windows_play_and_a_late_spectator_sees_the_same_battle(display, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setenv("DISPLAY", display)
    log = tmp_path / "host.jsonl"
    host = Proc(
        *("host", "skirmish", "--listen", "127.0.0.1", "--port", "0", "--code", "X-WIN", "--side", "blue"),
        *("--log", str(log), "--wait", str(DEADLINE)),  # the joiner's window may be slow to come
    )
    port = host.said("listening on 127.0.0.1:").split("127.0.0.1:")[1].split(";")[0]
    joiner = Proc("join", f"127.0.0.1:{port}", "--code", "X-WIN")
    windows = [window_of(display, host.p), window_of(display, joiner.p)]

    def end_turns() -> None:
        for win in windows:
            xdo(display, "key", "--window", win, "shift+e")
            xdo(display, "key", "--window", win, "Return")

    _said_while(host, "round 1: both logs agree", end_turns)
    watch = tmp_path / "watch.jsonl"
    spectator = Proc(
        *("join", f"127.0.0.1:{port}", "--code", "X-WIN", "--watch", "--headless", "--log", str(watch), "--wait", "1")
    )
    spectator.said("joined")
    _said_while(host, "round 3: both logs agree", end_turns)
    assert closes(joiner.p, lambda: close_button(display, windows[1])) == 0
    assert closes(host.p, lambda: close_button(display, windows[0])) == 0
    spectator.wait()
    here, there = log.read_text(), watch.read_text()
    assert here.startswith(there)  # the same battle, caught up from round 1 when it came in round 2
    assert max(json.loads(line)["round"] for line in there.splitlines()) >= 3
