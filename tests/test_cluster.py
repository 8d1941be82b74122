"""`--dask ADDRESS` (issue 20, Past one machine): games sent to a real Dask scheduler and two
worker processes on loopback give the same results as one process, and a worker killed mid-run
costs only its games. The cluster is started here, bound to 127.0.0.1 on a free port, and
stopped here; every wait is bounded."""

from __future__ import annotations

import json
import os
import signal
import socket
import socketserver
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from game.generate.spec import FieldSpec
from game.play import cluster as cluster_module
from game.play.field_games import FieldGame, play_field_games
from tests.command_line import ROOT, one_line_error, rout, rout_here

distributed = pytest.importorskip("distributed")
# The cluster is started once for the module: run in parallel (pytest -n, --dist loadgroup), its
# tests go to one worker, so two workers do not each start a scheduler and two workers of Dask's.
pytestmark = pytest.mark.xdist_group("dask-cluster")

START_TIMEOUT = 120  # seconds for the scheduler and workers to come up on a loaded machine


def _start(*args: str) -> subprocess.Popen[bytes]:
    env = os.environ | {"PYTHONPATH": str(ROOT), "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    return subprocess.Popen(
        [sys.executable, "-m", *args], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def _scheduler_address(scheduler: subprocess.Popen[bytes], file: Path) -> str:
    """The address the scheduler wrote once it listened, waited for at most START_TIMEOUT."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if scheduler.poll() is not None:
            raise RuntimeError(f"the Dask scheduler exited ({scheduler.returncode}) before it listened")
        try:
            return str(json.loads(file.read_text())["address"])
        except (OSError, ValueError, KeyError):
            time.sleep(0.05)  # a poll for the file, not a wait standing in for one
    raise TimeoutError(f"no Dask scheduler address in {file} after {START_TIMEOUT} s")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    # The scheduler takes a port of its own (--port 0) and writes its address to a file: a port
    # picked here and bound there later can be taken in between by another suite's connection,
    # when the tests run twice side by side (.ci/run), and the client would then talk to that.
    file = tmp_path_factory.mktemp("dask") / "scheduler.json"
    scheduler = _start(
        "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0", "--scheduler-file", str(file),
        "--no-dashboard",
    )  # fmt: skip
    workers: list[subprocess.Popen[bytes]] = []
    try:
        address = _scheduler_address(scheduler, file)
        workers += [
            _start(
                "distributed.cli.dask_worker",
                address,
                "--host",
                "127.0.0.1",
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
            )
            for _ in range(2)
        ]
        with distributed.Client(address, timeout=f"{START_TIMEOUT}s", set_as_default=False) as client:
            client.wait_for_workers(2, timeout=START_TIMEOUT)
        yield address, workers
    finally:
        for group in (workers, [scheduler]):  # the workers first: they would wait for a scheduler gone
            for p in group:
                p.terminate()
            for p in group:
                try:
                    p.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait(timeout=START_TIMEOUT)


def _sweep(*more: str) -> dict[str, object]:
    r = rout_here("simulate", "--generate", "1-6", "--size", "18x12", "--terrain", "open", "--json", *more)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.mark.slow
@pytest.mark.lowest  # a Dask cluster at work: no fast test drives one
def test_a_sweep_on_the_cluster_prints_what_one_process_prints(
    cluster: tuple[str, list[subprocess.Popen[bytes]]],
) -> None:
    address, _ = cluster
    assert _sweep("--dask", address) == _sweep("--jobs", "1")


@pytest.mark.slow
@pytest.mark.lowest  # a Dask cluster at work: no fast test drives one
def test_a_match_on_the_cluster_reports_what_one_process_reports(
    cluster: tuple[str, list[subprocess.Popen[bytes]]],
) -> None:
    """Issue 36: `rout match --dask`, its pairs played by the cluster's workers."""
    address, _ = cluster

    def match(*more: str) -> dict[str, object]:
        r = rout_here(
            "match", "normal", "baseline", "--pairs", "3", "--fields", "generated", "--seed", "5", "--json", *more
        )
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    assert match("--dask", address) == match("--jobs", "1")


@pytest.mark.slow
@pytest.mark.lowest  # a Dask cluster at work: no fast test drives one
def test_a_worker_killed_mid_run_costs_only_its_games(cluster: tuple[str, list[subprocess.Popen[bytes]]]) -> None:
    address, workers = cluster
    games = [
        FieldGame(FieldSpec(seed=s, width=18, height=12, terrain="open"), 1, {"blue": "baseline", "red": "baseline"})
        for s in range(1, 13)
    ]
    here = list(play_field_games(games))
    victim = workers[0]

    def kill_after_first(done: int) -> None:
        if done == 1:
            victim.send_signal(signal.SIGKILL)  # mid-run: one game back, eleven still out

    there = list(play_field_games(games, on_done=kill_after_first, dask=address))
    assert victim.wait(timeout=START_TIMEOUT) == -signal.SIGKILL
    assert [(g["winner"], g["rounds"], g["summary"]) for g in there] == [
        (g["winner"], g["rounds"], g["summary"]) for g in here
    ]


@pytest.mark.slow  # Dask's client tries a refused port for its whole 10 s before it gives up
@pytest.mark.lowest
def test_no_scheduler_is_one_line() -> None:
    # A port held bound and not listening refuses every connection, and no other process (the
    # tests run in several, and twice side by side in CI) can listen on it meanwhile.
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        port = held.getsockname()[1]
        one_line_error(
            rout_here("simulate", "--generate", "1-2", "--dask", f"tcp://127.0.0.1:{port}"), "--dask", "scheduler"
        )


def test_dask_is_for_generated_maps() -> None:
    one_line_error(rout_here("simulate", "skirmish", "--dask", "tcp://127.0.0.1:1"), "--dask", "--generate")


# The robustness run's row 10: each of these was a traceback, then a second one from
# Client.__del__ at exit, 21 s after the command began. Run as a user runs them, in a process of
# their own, so that what Python says at exit is seen too.
@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "--generate", "1-2", "--dask", "foo://x"),
        ("simulate", "--generate", "1-2", "--dask", "http://127.0.0.1:1"),
        ("price", "--out", "p.toml", "--games", "2", "--dask", "foo://x"),
    ],
)
def test_an_address_of_no_dask_scheme_is_one_line_before_connecting(tmp_path: Path, args: tuple[str, ...]) -> None:
    r = rout(*args, cwd=tmp_path)
    one_line_error(r, f"--dask {args[-1]}", "not a Dask scheduler's address", "tcp://HOST:PORT")
    assert list(tmp_path.iterdir()) == []  # nothing written, the points file least of all


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("inproc://x", "not a Dask scheduler's address"),  # a scheduler in this very process
        ("tcp://127.0.0.1:abc", "a port is a number from 1 to 65535, not 'abc'"),
        ("tcp://127.0.0.1:70000", "a port is a number from 1 to 65535, not '70000'"),
        ("tcp://127.0.0.1:" + "9" * 5000, "a port is a number from 1 to 65535, not '999"),
        ("tcp://:8786", "give the host's address as HOST:PORT"),
        ("tcp://[::1", "give the host's address as [IPV6]:PORT"),
        ("", "give the host's address as HOST:PORT"),
        ("tls://127.0.0.1:8786", "tls:// needs Dask's TLS settings"),  # none here: a TypeError from inside Dask
    ],
)
def test_an_address_dask_cannot_read_is_one_line_before_connecting(address: str, says: str) -> None:
    r = rout_here("simulate", "--generate", "1-2", "--dask", address)
    one_line_error(r, "--dask", says)
    assert len(r.stderr) < 300  # the 5,000 digits are not echoed


class _Silent(BaseHTTPRequestHandler):
    """An HTTP server's handler: it waits for a request line, which Dask's handshake never ends."""

    timeout = 60  # the server's own patience: a client with no bound of its own cannot hang the test

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Answering(socketserver.BaseRequestHandler):
    """A server that answers whatever it is sent with an HTTP error at once and hangs up (read as
    Dask's framing, the answer asked numpy for 3 EiB: a MemoryError traceback)."""

    def handle(self) -> None:
        self.request.recv(65536)
        self.request.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


class _AnsweringServer(socketserver.ThreadingTCPServer):
    daemon_threads = True


@pytest.fixture(params=["silent", "answering"])
def http_server(request: pytest.FixtureRequest) -> Iterator[str]:
    """A tiny HTTP server on 127.0.0.1, on a port the system picks, stopped after the test."""
    server: socketserver.TCPServer = (
        ThreadingHTTPServer(("127.0.0.1", 0), _Silent)
        if request.param == "silent"
        else _AnsweringServer(("127.0.0.1", 0), _Answering)
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=30)


def test_a_server_that_does_not_speak_dask_is_one_line_within_the_stated_wait(
    http_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An HTTP server at the address held the command 59 s (the message said 10), or for ever,
    # or its answer was a MemoryError. The wait stated is the one kept: set to 1 s here.
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 1.0)
    r = rout_here("simulate", "--generate", "1-2", "--dask", http_server)
    one_line_error(r, f"--dask {http_server}", "no Dask scheduler answered within 1 s")
