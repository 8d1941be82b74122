"""Files the game writes replace the old ones whole, and keep their permissions."""

import os
import signal
import stat
import subprocess
import sys
import tempfile
import threading
from importlib.metadata import version

import pytest

import game
from game.cli.signals import Terminated, terminate_raises
from game.save.files import NotWritable, atomic_file, atomic_folder, write_atomic


def test_a_rewritten_file_keeps_its_mode(tmp_path):
    target = tmp_path / "log.jsonl"
    target.write_text("old\n")
    target.chmod(0o640)
    write_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path):
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.json", "{}\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["new.json"]  # no temporary file left behind


@pytest.mark.slow
def test_version_is_written_once_and_shown_by_rout_version():
    assert version("rout") == game.__version__
    out = subprocess.run(
        [sys.executable, "-m", "game", "--version"], capture_output=True, text=True, check=False, timeout=60
    )
    assert out.returncode == 0 and out.stdout.strip() == f"rout {game.__version__}"


def test_only_a_plain_writable_file_is_replaced(tmp_path):
    """A rename would turn a pipe, a folder or a link into a plain file: refused, and the thing kept."""
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "dir").mkdir()
    (tmp_path / "ro").write_text("mine\n")
    (tmp_path / "ro").chmod(0o444)
    for name, says in [("fifo", "not a regular file"), ("dir", "is a folder"), ("ro", "read-only")]:
        with pytest.raises(NotWritable, match=says):
            write_atomic(tmp_path / name, "new\n")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "fifo").st_mode) and (tmp_path / "dir").is_dir()
    assert (tmp_path / "ro").read_text() == "mine\n"


def test_a_link_is_written_through_to_its_file_and_stays_a_link(tmp_path):
    (tmp_path / "real").write_text("old\n")
    (tmp_path / "link").symlink_to("real")
    write_atomic(tmp_path / "link", "new\n")
    assert (tmp_path / "link").is_symlink() and (tmp_path / "real").read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(tmp_path):
    target = tmp_path / "log.jsonl"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), atomic_file(target) as f:
        f.write("half")
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".log.jsonl.") and p.suffix == ".tmp"]
        raise KeyboardInterrupt
    assert [p.name for p in tmp_path.iterdir()] == ["log.jsonl"] and target.read_text() == "old\n"


@pytest.mark.parametrize("thread", [False, True])
@pytest.mark.parametrize("make", ["mkstemp", "mkdtemp"])
def test_a_stop_while_the_temporary_is_made_still_removes_it(tmp_path, monkeypatch, make, thread):
    """A SIGTERM that lands just as the temporary file (or folder) is made, before the code that
    removes it on the way out is in place, must not leave it behind (a stopped `rout simulate
    --log` under load left `.out.RANDOM.tmp`): the stop is raised once removal is armed. With
    another thread alive (a process pool's), the system may hand the signal to that thread."""
    real = getattr(tempfile, make)

    def made_then_stopped(*args, **kwargs):
        made = real(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGTERM)  # arrives here, before the caller's `try`
        return made

    monkeypatch.setattr(tempfile, make, made_then_stopped)
    done = threading.Event()
    other = threading.Thread(target=done.wait, args=(30,))
    if thread:
        other.start()
    try:
        with terminate_raises(), pytest.raises(Terminated):
            if make == "mkstemp":
                write_atomic(tmp_path / "out.txt", "words")
            else:
                with atomic_folder(tmp_path / "out"):
                    pass
    finally:
        done.set()
        if thread:
            other.join()
    assert list(tmp_path.iterdir()) == []
