"""`--dask ADDRESS` (issue 20, Past one machine): games sent to a real Dask scheduler and two
worker processes on loopback give the same results as one process, and a worker killed mid-run
costs only its games. The cluster is started here, bound to 127.0.0.1 on a free port, and
stopped here; every wait is bounded."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.field_games import FieldGame, play_field_games
from game.generate.spec import FieldSpec
from tests.command_line import ROOT, one_line_error, rout_here

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
def test_a_sweep_on_the_cluster_prints_what_one_process_prints(
    cluster: tuple[str, list[subprocess.Popen[bytes]]],
) -> None:
    address, _ = cluster
    assert _sweep("--dask", address) == _sweep("--jobs", "1")


@pytest.mark.slow
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
