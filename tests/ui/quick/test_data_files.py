"""The quick battle's two files in the data folder, armies.json (game/ui/quick/army_lists.py) and
quick.json (game/ui/quick/choices.py), kept as the lessons' progress.json is (game/save/
data_file.py); the robustness run's row 11, each case for both files:
(a) nesting too deep for the parser was a RecursionError traceback: now the defaults and one line;
(b) a file damaged by one typo was silently written over at the next save, every other list
    lost: now it is kept as NAME.bad (then .bad.1) and the warning says so;
(c) a link to a file outside the data folder was written through, overwriting that file: now
    the link is replaced by the game's own file, the outside file untouched."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.home.user_dirs import data_dir, made
from game.ui.quick import army_lists, choices
from game.ui.quick.choices import QuickChoices


@dataclass(frozen=True)
class DataFile:
    name: str
    load: Callable[[], object]
    save: Callable[[], object]  # a change the player makes, saved
    default: object  # what a file that cannot be read gives
    good: str  # a file the game could have written
    good_read: object  # what it reads as
    saved: Callable[[object], bool]  # whether what is read now holds the change saved
    nesting: int  # '[' deep: more than the parser takes, within the file's size limit


ARMIES = DataFile(
    "armies.json",
    army_lists.load_lists,
    lambda: army_lists.store_list("New", (("orc", 1),)),
    {},
    '{"Mine": [["orc", 2]], "Theirs": [["archer", 3]]}\n',
    {"Mine": (("orc", 2),), "Theirs": (("archer", 3),)},
    lambda read: isinstance(read, dict) and read.get("New") == (("orc", 1),),
    200_000,  # the robustness run's file
)
QUICK = DataFile(
    "quick.json",
    choices.load_choices,
    lambda: choices.save_choices(QuickChoices(points=150)),
    QuickChoices(),
    '{"points": 200, "seed": 7}\n',
    QuickChoices(points=200, seed=7),
    lambda read: isinstance(read, QuickChoices) and read.points == 150,
    60_000,  # 200,000 is over quick.json's 64 KB, refused unread
)
FILES = pytest.mark.parametrize("f", [ARMIES, QUICK], ids=["armies.json", "quick.json"])


def _path(f: DataFile) -> Path:
    return made(data_dir()) / f.name


def _one_line(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    for w in words:
        assert w in err, err
    return err


@FILES
def test_a_file_nested_too_deep_gives_the_defaults_and_one_line(f, capsys):
    path = _path(f)
    path.write_text("[" * f.nesting)
    assert f.load() == f.default
    _one_line(capsys, str(path), "is not JSON (nested too deep)", f"kept as {f.name}.bad")
    f.save()
    assert (path.parent / f"{f.name}.bad").read_text() == "[" * f.nesting
    assert f.saved(f.load())


@FILES
def test_a_file_damaged_by_one_typo_is_kept_as_bad_not_written_over(f, capsys):
    path = _path(f)
    damaged = f.good.replace(",", "", 1)  # one comma missing
    path.write_text(damaged)
    assert f.load() == f.default
    _one_line(capsys, str(path), "is not JSON (line 1", f"it will be kept as {f.name}.bad when")
    said = f.save()
    assert (path.parent / f"{f.name}.bad").read_text() == damaged
    assert f.saved(f.load())
    if f is ARMIES:  # the army screen's message line says where the lists went
        assert said == "armies.json could not be read: kept as armies.json.bad; army list 'New' saved"
    path.write_text(damaged + "x")  # damaged again: kept beside the first, which stays
    f.load()
    _one_line(capsys, f"kept as {f.name}.bad.1")
    f.save()
    assert (path.parent / f"{f.name}.bad").read_text() == damaged
    assert (path.parent / f"{f.name}.bad.1").read_text() == damaged + "x"


@FILES
def test_a_link_to_a_file_outside_the_data_folder_is_replaced_not_written_through(f, tmp_path, capsys):
    outside = tmp_path / "elsewhere" / "precious.json"
    outside.parent.mkdir()
    outside.write_text(f.good)
    path = _path(f)
    path.symlink_to(outside)
    assert f.load() == f.good_read  # read through the link: it is only read
    f.save()
    assert outside.read_text() == f.good, "the outside file is untouched"
    assert not path.is_symlink() and f.saved(f.load())
    assert capsys.readouterr().err == ""
    if f is ARMIES:  # the lists the link showed are kept with the new one
        assert set(json.loads(path.read_text())) == {"Mine", "Theirs", "New"}


@FILES
def test_a_link_to_nothing_or_to_a_folder_is_replaced_too(f, tmp_path):
    path = _path(f)
    path.symlink_to(tmp_path / "nowhere.json")
    f.save()
    assert not path.is_symlink() and f.saved(f.load())
    path.unlink()
    (tmp_path / "folder").mkdir()
    path.symlink_to(tmp_path / "folder")
    f.save()
    assert not path.is_symlink() and f.saved(f.load()) and list((tmp_path / "folder").iterdir()) == []
