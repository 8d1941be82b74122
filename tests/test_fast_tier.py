"""The fast tier stays in its worker (docs/development.md, 'The tests'): a test not marked slow
that starts a process fails, saying how to mend it."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys

import pytest

from tests.conftest import StartsAProcess


def test_a_fast_test_that_starts_a_program_fails_saying_so():
    with pytest.raises(StartsAProcess, match=r"starts a process: mark it @pytest.mark.slow"):
        subprocess.run([sys.executable, "-c", "pass"], check=False)


def test_a_fast_test_that_starts_a_python_worker_fails_too():
    with pytest.raises(StartsAProcess):
        multiprocessing.get_context("spawn").Process(target=print).start()


@pytest.mark.slow
def test_a_slow_test_starts_what_it_needs():
    assert subprocess.run([sys.executable, "-c", "pass"], check=False).returncode == 0
