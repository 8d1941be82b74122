"""Outputs on a file system that finds names whatever their case and keeps no modes (issue 26.3):
FAT, exFAT, macOS's and Windows' defaults, often through FUSE without stable inode numbers. None
can be mounted here, so the file system's two answers that matter are simulated: a name of another
case finds the file (os.path.samefile cannot tell, the inodes differing), and chmod is "Function
not implemented"."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from game.cli import outputs
from game.save.files import write_atomic


@pytest.fixture
def case_blind(monkeypatch, tmp_path):
    """os.path.samefile as such a file system answers it: any spelling of a file's name finds it,
    and no two lookups give the same inode number."""

    def found(path: str) -> Path | None:
        at = Path(tmp_path)
        for part in Path(path).relative_to(tmp_path).parts:
            match = [e for e in os.listdir(at) if e.casefold() == part.casefold()]
            if not match:
                return None
            at = at / match[0]
        return at

    def samefile(a: str, b: str) -> bool:
        if found(os.path.abspath(a)) is None or found(os.path.abspath(b)) is None:
            raise FileNotFoundError(errno.ENOENT, "not found")
        return False  # no stable inode numbers

    monkeypatch.setattr(os.path, "samefile", samefile)
    return tmp_path


def test_an_output_spelt_in_another_case_is_the_input_it_would_replace(case_blind):
    tiles = case_blind / "assets" / "tiles"
    tiles.mkdir(parents=True)
    (tiles / "terrain.png").write_bytes(b"art")
    assert outputs._same(str(case_blind / "ASSETS" / "TILES" / "TERRAIN.PNG"), str(tiles / "terrain.png"))
    assert outputs._same(str(case_blind / "assets" / "tiles" / "Terrain.png"), str(tiles / "terrain.png"))


def test_two_files_spelt_apart_by_case_on_a_case_sensitive_file_system_are_two(tmp_path):
    (tmp_path / "Shot.png").write_bytes(b"one")
    (tmp_path / "shot.png").write_bytes(b"two")
    assert not outputs._same(str(tmp_path / "Shot.png"), str(tmp_path / "shot.png"))


def test_the_refusal_names_the_file_that_would_have_been_replaced(tmp_path):
    (tmp_path / "map.tmx").write_text("<map/>")
    with pytest.raises(
        outputs.UsageError, match=r"out.tmx: refusing to overwrite an input file \(the map, .*map.tmx\)"
    ):
        (tmp_path / "out.tmx").symlink_to(tmp_path / "map.tmx")
        outputs.check_outputs({"--out": str(tmp_path / "out.tmx")}, [(tmp_path / "map.tmx", "the map")])


@pytest.mark.parametrize("code", [errno.ENOSYS, errno.EPERM, errno.ENOTSUP])
def test_a_chmod_the_file_system_does_not_support_does_not_stop_a_write(monkeypatch, tmp_path, code):
    # On such a file system every output failed with "rout: : Function not implemented".
    def no_modes(fd: int, mode: int) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "fchmod", no_modes)
    write_atomic(tmp_path / "out.txt", "written\n")
    assert (tmp_path / "out.txt").read_text() == "written\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_chmod_that_fails_for_another_reason_still_stops_the_write(monkeypatch, tmp_path):
    def broken(fd: int, mode: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fchmod", broken)
    with pytest.raises(OSError, match="Input/output error"):
        write_atomic(tmp_path / "out.txt", "written\n")
    assert list(tmp_path.iterdir()) == []
