"""Peers for the network tests: a host in a thread of this process (its lines kept), a joiner as
a thread or a `rout` subprocess, and a hand-driven client that can send what no Rout would.
Every wait has a deadline; every socket is bound to 127.0.0.1 on a port the system picks."""

from __future__ import annotations

import faulthandler
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack, suppress
from dataclasses import dataclass, field

from game import ai as the_ai
from game.core.battle import Battle
from game.core.commands import Command
from game.net.channel import Closed
from game.net.hosting import Host, HostPlan
from game.net.joining import JoinPlan, join, open_link, welcomed
from game.net.link import Link
from game.net.lockstep import Lockstep
from game.net.protocol import MAX_WATCHERS
from game.save.autosave import saves_folder
from game.scenario.tiled import load_scenario

# The connections and hosts a test keeps for its life; tests/conftest.py closes them when it ends,
# so no keepalive pings on (drawing on the `random` module) and no host waits on into the next test.
KEPT = ExitStack()
DEADLINE = float(os.environ.get("ROUT_TEST_DEADLINE", "120"))  # seconds for anything a loaded machine might be slow at


def ai(battle: Battle, level: str = "baseline") -> Command:
    return the_ai.decide(battle, level)


@dataclass
class HostThread:
    map_path: str
    seed: int = 1
    side: str | None = None
    code: str = "TEST-CODE"
    wait: float = DEADLINE
    timeout: float = DEADLINE
    watchers: int = MAX_WATCHERS
    lines: list[str] = field(default_factory=list)
    result: list[int] = field(default_factory=list)
    stopping: threading.Event = field(default_factory=threading.Event)

    def start(self) -> HostThread:
        scenario = load_scenario(self.map_path)
        side = self.side or scenario.sides[0]
        joiner = next(s for s in scenario.sides if s != side)
        mine = frozenset(s for s in scenario.sides if s != joiner)
        battle = Battle(
            scenario, seed=self.seed, controllers={s: "ai" if s in mine else "human" for s in scenario.sides}
        )
        plan = HostPlan(
            battle,
            mine,
            joiner,
            ai,
            self.code,
            "127.0.0.1",
            0,
            self.timeout,
            self.wait,
            self.watchers,
            say=self.lines.append,
            # Fixed now, in the test's own home: a host still waiting on a player when its test
            # has ended saves there, never in the home of whoever runs the tests.
            saves=saves_folder(),
            on_command=self._look,
        )
        self.host = Host(plan)
        self.port = self.host.listener.port
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        KEPT.callback(self.stop)  # the host ends with its test, whatever it still waits on
        return self

    def _run(self) -> None:
        with suppress(Closed):  # stopped by its test's end
            self.result.append(self.host.run())

    def _look(self, lock: Lockstep) -> None:
        """Between commands and while waiting (as a window's host looks whether its window closed)."""
        if self.stopping.is_set():
            raise Closed

    def stop(self) -> None:
        """End the host where it is (its listener closed, its connections let go), waited for."""
        self.stopping.set()
        self.thread.join(DEADLINE)
        assert not self.thread.is_alive(), f"the host did not stop; it said {self.lines}"

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def said(self, words: str, deadline: float = DEADLINE) -> str:
        """The first line the host said holding `words`, waited for."""
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            for line in list(self.lines):
                if words in line:
                    return line
            time.sleep(0.02)
        raise AssertionError(f"the host never said {words!r}; it said {self.lines}")

    def finish(self) -> int:
        self.thread.join(DEADLINE)
        if self.thread.is_alive():
            faulthandler.dump_traceback(all_threads=True)  # where it hangs, for the failure's report
        assert not self.thread.is_alive(), f"the host did not end; it said {self.lines}"
        assert self.result, f"the host's thread raised (its traceback is above); it said {self.lines}"
        return self.result[0]


def join_thread(
    address: str,
    code: str,
    log: str | None = None,
    decide: Callable[[Battle, str], Command] | None = None,
    timeout: float = DEADLINE,
    **kw: object,
) -> tuple[threading.Thread, list[int], list[str]]:
    lines: list[str] = []
    out: list[int] = []
    plan = JoinPlan(address, code, say=lines.append, timeout=timeout, **kw)  # type: ignore[arg-type]
    t = threading.Thread(target=lambda: out.append(join(plan, decide or ai, log)), daemon=True)
    t.start()
    return t, out, lines


def raw_player(address: str, code: str, watch: bool = False) -> tuple[Link, Lockstep]:
    """A client past the handshake, with its own copy of the battle, for sending by hand."""
    plan = JoinPlan(address, code, watch=watch, timeout=DEADLINE)
    link = KEPT.enter_context(open_link(plan))
    lock, _ = welcomed(plan, link)
    return link, lock


def until_my_turn(link: Link, lock: Lockstep) -> None:
    """Play the host's commands on the copy until the battle waits on the joiner's side."""
    while not lock.here():
        msg = link.recv(DEADLINE)
        if msg["type"] == "command":
            lock.play_theirs(msg["n"], msg["command"])  # type: ignore[arg-type]


# `python -m game`, in a process whose table of open files is cut to a size first
_LIMITED = (
    "import resource, runpy, sys; "
    "resource.setrlimit(resource.RLIMIT_NOFILE, ({files}, {files})); "
    "sys.argv = ['rout', *sys.argv[1:]]; runpy.run_module('game', run_name='__main__')"
)


class Proc:
    """A `rout` subprocess whose standard error is read line by line as it comes."""

    def __init__(self, *args: str, cwd: str | None = None, files: int | None = None) -> None:
        """`rout ARGS`; with `files`, in a process allowed that many open files."""
        game = ["-m", "game"]
        if files is not None:
            game = ["-c", _LIMITED.format(files=files)]
        self.p = subprocess.Popen(
            [sys.executable, *game, *args], stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=cwd
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.p.stderr is not None
        for line in self.p.stderr:
            self.lines.put(line.rstrip("\n"))

    def said(self, words: str, deadline: float = DEADLINE) -> str:
        end = time.monotonic() + deadline
        while (left := end - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            self.seen.append(line)
            if words in line:
                return line
        raise AssertionError(f"never said {words!r}; said {self.seen}")

    def wait(self) -> int:
        try:
            return self.p.wait(DEADLINE)
        finally:
            if self.p.poll() is None:
                self.p.kill()
