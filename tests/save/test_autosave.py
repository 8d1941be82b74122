"""Autosaves: one per round end, the last few kept, and nothing else in the folder ever removed."""

from __future__ import annotations

import os

import pytest

from game import ai
from game.history.saved_battle import load_save
from game.save.autosave import autosave, list_saves, prune, saves_folder
from game.save.savefile import write_save
from tests.save.played import played


def test_saves_live_in_the_data_folder_xdg_data_home_names(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert saves_folder() == tmp_path / "data" / "rout" / "saves"
    assert not saves_folder().exists()  # asking never creates it


def test_autosaves_keep_the_last_few_and_leave_everything_else(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    mine = write_save(folder / "before the bridge.json", *played(decisions=3))
    notes = folder / "autosave-notes.txt"
    notes.write_text("the player's own file, named like an autosave")
    odd = folder / "autosave-arena-rX.json"
    odd.write_text("{}")
    written = []
    b, commands = played(decisions=0)
    while len(written) < 7 and not b.over:
        c = ai.decide(b, "random")  # random against random lasts many rounds
        commands.append(c)
        start = b.round
        b.apply(c)
        if b.round != start:  # a round has ended
            written.append(autosave(folder, b, commands, keep=3))
            os.utime(written[-1], ns=(len(written) * 10**9, len(written) * 10**9))  # distinct ages
    assert len(written) == 7
    left = sorted(p.name for p in folder.iterdir())
    assert left == sorted([mine.name, notes.name, odd.name, *(p.name for p in written[-3:])])
    assert written[-1].name == f"autosave-duel-r{b.round:03d}.json"
    assert load_save(written[-1])[0].round == b.round


def test_the_autosave_just_written_is_kept_even_if_the_clock_says_it_is_older(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    b, commands = played(decisions=4)
    for r in (7, 8, 9):
        stale = folder / f"autosave-duel-r{r:03d}.json"
        stale.write_text("{}")
        os.utime(stale, ns=(4 * 10**18, 4 * 10**18))  # from the far future
    path = autosave(folder, b, commands, keep=2)
    assert path.exists() and len(list(folder.glob("autosave-*.json"))) == 2


def test_a_write_under_way_is_not_listed_as_a_save(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    good = write_save(folder / "a.json", *played(decisions=2))
    (folder / ".a.json.k2j3h4").write_text('{"format": 1')  # what a write killed midway leaves
    assert list_saves(folder) == [good]


def test_keep_must_be_at_least_one(tmp_path):
    with pytest.raises(ValueError, match="keep at least one"):
        autosave(tmp_path, *played(decisions=1), keep=0)


def test_autosaves_are_kept_per_battle_so_other_maps_never_push_one_out(tmp_path):
    """Issue 22: one pool of five across all maps let five lessons push out a skirmish's saves."""
    folder = tmp_path / "saves"
    folder.mkdir()
    b, commands = played(decisions=4)  # the duel
    duel = autosave(folder, b, commands, keep=5)
    os.utime(duel, ns=(1, 1))  # the oldest of all by the clock
    for i, stem in enumerate(["lesson_charge", "lesson_fatigue", "lesson_magic", "lesson_giant", "lesson_poison"]):
        lesson = folder / f"autosave-{stem}-r001.json"
        lesson.write_text("{}")
        os.utime(lesson, ns=((i + 2) * 10**9, (i + 2) * 10**9))
    assert prune(folder, 5, folder / "autosave-lesson_poison-r001.json") == []
    assert duel.exists()
    for r in range(2, 7):  # the same lesson five rounds on: only its own oldest goes
        (folder / f"autosave-lesson_poison-r{r:03d}.json").write_text("{}")
    assert prune(folder, 5, folder / "autosave-lesson_poison-r006.json") == [
        folder / "autosave-lesson_poison-r001.json"
    ]
    assert duel.exists()
