"""The lessons completed, kept in the data folder (docs/formats.md#lesson-progress): written whole,
read back, and a damaged file never stops the game nor is written over."""

from __future__ import annotations

import json

from game.save.progress import load_progress, mark_completed, progress_path


def test_no_file_means_no_lesson_completed_and_marking_one_writes_it():
    assert load_progress().completed == frozenset() and load_progress().problem == ""
    assert mark_completed("lesson_charge") == ""
    assert mark_completed("lesson_flanking") == ""
    assert load_progress().completed == {"lesson_charge", "lesson_flanking"}
    data = json.loads(progress_path().read_text(encoding="utf-8"))
    assert data == {"format": "rout-progress", "version": 1, "lessons_completed": ["lesson_charge", "lesson_flanking"]}


def test_a_damaged_file_reads_as_none_with_its_reason_and_is_kept_aside_when_next_written():
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    read = load_progress()
    assert read.completed == frozenset() and "not JSON" in read.problem
    said = mark_completed("lesson_pike")
    assert "kept as progress.json.bad" in said
    assert path.with_name("progress.json.bad").read_text(encoding="utf-8") == "{not json"
    assert load_progress().completed == {"lesson_pike"}


def test_json_of_another_kind_is_not_taken_for_progress():
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": "rout-progress", "lessons_completed": "lesson_pike"}), encoding="utf-8")
    assert "not a progress file" in load_progress().problem


def test_a_folder_where_the_file_should_be_is_said_and_never_crashes():
    progress_path().mkdir(parents=True)
    assert "cannot be read" in load_progress().problem
    assert mark_completed("lesson_pike").startswith("the lessons completed cannot be saved")
    assert progress_path().is_dir(), "the folder is left as it was"


def test_a_link_to_a_file_outside_the_data_folder_is_replaced_not_written_through(tmp_path):
    # The data folder's files are kept as armies.json and quick.json are (game/save/data_file.py).
    outside = tmp_path / "precious.json"
    outside.write_text('{"format": "rout-progress", "version": 1, "lessons_completed": ["lesson_charge"]}')
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.symlink_to(outside)
    assert mark_completed("lesson_pike") == ""
    assert not path.is_symlink() and load_progress().completed == {"lesson_charge", "lesson_pike"}
    assert json.loads(outside.read_text())["lessons_completed"] == ["lesson_charge"]
