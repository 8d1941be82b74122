"""Files the game writes replace the old ones whole, and keep their permissions."""

import os
import stat
import subprocess
import sys
from importlib.metadata import version

import game
from game.save.files import write_atomic


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


def test_version_is_written_once_and_shown_by_rout_version():
    assert version("rout") == game.__version__
    out = subprocess.run(
        [sys.executable, "-m", "game", "--version"], capture_output=True, text=True, check=False, timeout=60
    )
    assert out.returncode == 0 and out.stdout.strip() == f"rout {game.__version__}"
