"""Nothing a user has is ever lost to an output (docs/command-line.md, "Outputs and inputs"): every output is
checked against the command's inputs and its other outputs before any work, only a plain
writable file is replaced (whole, through a hidden temporary file), `-` is standard output,
several games' logs appear as a whole folder or not at all, and --games is played one game at
a time."""

from __future__ import annotations

import gc
import io
import itertools
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cli import main as cli
from game.cli import simulate
from game.play.runner import play_many
from game.play.tally import Tally
from tests.command_line import ROOT, one_line_error, rout, rout_here
from tests.test_cli import ARENA

TEMP = re.compile(r"^\..+\.[A-Za-z0-9_]+\.tmp$")  # .NAME.RANDOM.tmp


def arena_with_art(tmp_path: Path, catalogue: bool = False) -> Path:
    """A playable copy of the test arena whose every input is a copy: the map, its tileset, the
    tileset's image, and (with catalogue) a unit catalogue of its own."""
    (tmp_path / "maps").mkdir()
    (tmp_path / "assets" / "tiles").mkdir(parents=True)
    shutil.copy(ROOT / "maps" / "terrain.tsx", tmp_path / "maps" / "terrain.tsx")
    shutil.copy(ROOT / "assets" / "tiles" / "terrain.png", tmp_path / "assets" / "tiles" / "terrain.png")
    text = ARENA.read_text()
    if catalogue:
        (tmp_path / "maps" / "units.toml").write_text("# no units of its own: the shipped ones serve\n")
        text = text.replace(" <properties>\n", ' <properties>\n  <property name="catalogue" value="units.toml"/>\n', 1)
    out = tmp_path / "maps" / "arena.tmx"
    out.write_text(text)
    return out


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# -- 1. outputs never overwrite inputs -------------------------------------------------------


@pytest.mark.parametrize(
    ("flag", "victim", "what"),
    [
        ("--log", "maps/terrain.tsx", "a tileset of the map"),  # exited 0 with the tileset replaced by a log
        ("--explain", "maps/terrain.tsx", "a tileset of the map"),
        ("--save-replay", "assets/tiles/terrain.png", "an image of the map"),
        ("--log", "maps/units.toml", "the map's unit catalogue"),
        ("--log", "maps/arena.tmx", "the map"),
    ],
)
def test_no_output_may_name_a_file_the_map_is_made_of(tmp_path, flag, victim, what):
    arena_with_art(tmp_path, catalogue=True)
    before = snapshot(tmp_path)
    r = rout_here("simulate", "maps/arena.tmx", flag, victim, cwd=tmp_path)
    one_line_error(r, victim, "refusing to overwrite an input file", what, flag)
    assert snapshot(tmp_path) == before


def test_a_link_to_an_input_is_that_input(tmp_path):
    """Paths are compared as the files they reach: a hard link and a symbolic link both count."""
    arena_with_art(tmp_path)
    os.link(tmp_path / "maps" / "terrain.tsx", tmp_path / "hard.jsonl")
    (tmp_path / "soft.jsonl").symlink_to(tmp_path / "maps" / "arena.tmx")
    before = snapshot(tmp_path)
    one_line_error(
        rout_here("simulate", "maps/arena.tmx", "--log", "hard.jsonl", cwd=tmp_path), "hard.jsonl", "tileset"
    )
    one_line_error(
        rout_here("simulate", "maps/arena.tmx", "--log", "soft.jsonl", cwd=tmp_path), "soft.jsonl", "the map"
    )
    assert snapshot(tmp_path) == before


def test_two_outputs_through_a_link_are_one_file(tmp_path):
    (tmp_path / "a.jsonl").write_text("keep\n")
    (tmp_path / "b.jsonl").symlink_to(tmp_path / "a.jsonl")
    r = rout_here("simulate", str(ARENA), "--log", "a.jsonl", "--explain", "b.jsonl", cwd=tmp_path)
    one_line_error(r, "b.jsonl: named by both --log and --explain")
    assert (tmp_path / "a.jsonl").read_text() == "keep\n"


def test_replay_log_may_not_name_the_replay_or_its_maps_files(tmp_path):
    m = arena_with_art(tmp_path)
    rep = tmp_path / "r.json"
    assert rout_here("simulate", str(m), "--seed", "3", "--save-replay", str(rep), cwd=tmp_path).returncode == 0
    before = snapshot(tmp_path)
    one_line_error(rout_here("replay", "r.json", "--log", "r.json", cwd=tmp_path), "r.json", "the replay being run")
    one_line_error(rout_here("replay", "r.json", "--log", "maps/terrain.tsx", cwd=tmp_path), "a tileset of the map")
    assert snapshot(tmp_path) == before


def test_a_screenshot_may_not_replace_the_tileset_image(tmp_path):
    arena_with_art(tmp_path)
    before = snapshot(tmp_path)
    r = rout_here("screenshot", "maps/arena.tmx", "--out", "assets/tiles/terrain.png", cwd=tmp_path)
    one_line_error(r, "assets/tiles/terrain.png", "an image of the map", "--out")
    assert snapshot(tmp_path) == before


# -- 2. only plain writable files are replaced; - is standard output -------------------------


def test_a_pipe_a_folder_and_a_read_only_file_are_refused_before_any_work(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    (tmp_path / "kept.jsonl").write_text("mine\n")
    (tmp_path / "kept.jsonl").chmod(0o444)  # the user meant it
    (tmp_path / "nowhere.jsonl").symlink_to(tmp_path / "missing" / "x")
    for name, says in [
        ("fifo", "is not a regular file"),
        ("folder", "is a folder, not a file"),
        ("kept.jsonl", "is read-only; refusing to replace it"),
        ("nowhere.jsonl", "is a symbolic link to nothing"),
        ("/dev/null", "for standard output use -"),
        ("/dev/stdout", "for standard output use -"),
    ]:
        one_line_error(rout_here("simulate", str(ARENA), "--log", name, cwd=tmp_path), name, says)
    assert stat.S_ISFIFO(os.lstat(tmp_path / "fifo").st_mode)  # the rename used to replace the pipe with a file
    assert (tmp_path / "kept.jsonl").read_text() == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "folder", "kept.jsonl", "nowhere.jsonl"]


def test_a_symbolic_link_is_written_through_and_stays_a_link(tmp_path):
    (tmp_path / "logs").mkdir()
    real = tmp_path / "logs" / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "latest.jsonl"
    link.symlink_to(real)
    assert rout_here("simulate", str(ARENA), "--seed", "9", "--log", "latest.jsonl", cwd=tmp_path).returncode == 0
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert json.loads(real.read_text().splitlines()[-1])["type"] == "battle_end"


def test_dash_writes_the_log_to_standard_output_and_the_summary_to_standard_error(tmp_path):
    r = rout_here("simulate", str(ARENA), "--seed", "9", "--log", "-", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    file_log = tmp_path / "a.jsonl"
    assert rout_here("simulate", str(ARENA), "--seed", "9", "--log", str(file_log)).returncode == 0
    assert r.stdout == file_log.read_text() and "wins" in r.stderr
    rep = tmp_path / "r.json"
    assert rout_here("simulate", str(ARENA), "--seed", "9", "--save-replay", str(rep)).returncode == 0
    again = rout_here("replay", str(rep), "--log", "-")
    assert again.returncode == 0 and again.stdout == r.stdout and "wins" in again.stderr
    explained = rout_here("simulate", str(ARENA), "--seed", "9", "--explain", "-", cwd=tmp_path)
    assert all(json.loads(line)["type"] == "ai_explain" for line in explained.stdout.splitlines())
    assert sorted(tmp_path.iterdir()) == sorted([file_log, rep])  # nothing named "-" was made


def test_dash_is_one_stream_and_only_for_text_outputs():
    one_line_error(
        rout_here("simulate", str(ARENA), "--log", "-", "--explain", "-"), "named by both --log and --explain"
    )
    one_line_error(rout_here("simulate", str(ARENA), "--save-replay", "-"), "--save-replay names a file")
    one_line_error(
        rout_here("simulate", str(ARENA), "--log", "-", "--games", "2"), "with several games --log names a folder"
    )


# -- 3. temporary files go with the run ----------------------------------------------------------


def wait_for(found, proc: subprocess.Popen, what: str, limit: float = 120.0):
    """Poll until found() returns something (the condition, not a guessed delay)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        hit = found()
        if hit:
            return hit
        assert proc.poll() is None, f"the run ended before {what}: {proc.stderr.read() if proc.stderr else ''}"
        time.sleep(0.01)
    raise AssertionError(f"no {what} within {limit} s")


def _as_from_a_terminal() -> None:
    """The run starts as a terminal starts it, Ctrl-C neither ignored nor held back. A child keeps
    an ignored signal and the signal mask of the process that starts it, and the test worker's
    own may have been left so by an earlier test in it (in the whole suite, order-dependent, the
    runs below never saw their Ctrl-C and were killed at the timeout)."""
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stop_mid_write(tmp_path: Path, sig: int, output: str, jobs: int) -> tuple[int, str]:
    """Start a long run, wait for its temporary output to appear, send sig to its process group
    (as a terminal's Ctrl-C does), and return its exit status and standard error."""
    env = {"PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    cmd = [
        sys.executable,
        "-m",
        "game",
        "simulate",
        str(ARENA),
        "--games",
        "100000",
        "--jobs",
        str(jobs),
        output,
        "out",
    ]
    p = subprocess.Popen(
        cmd,
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_as_from_a_terminal,  # noqa: PLW1509  # it only sets two signal states, taking no lock
    )
    try:
        temp = wait_for(lambda: [q.name for q in tmp_path.iterdir()], p, "temporary output")
        assert len(temp) == 1 and TEMP.match(temp[0]) and temp[0].startswith(".out."), temp  # hidden, named .tmp
        os.killpg(p.pid, sig)
        _, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:  # a failed check: never leave the run going
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
    return p.returncode, err


@pytest.mark.slow
@pytest.mark.parametrize(
    ("sig", "code", "says"), [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")]
)
@pytest.mark.parametrize("output", ["--explain", "--log"])
def test_a_stopped_run_leaves_no_temporary_file(tmp_path, sig, code, says, output):
    assert stop_mid_write(tmp_path, sig, output, jobs=1) == (code, f"rout: {says}\n")
    assert list(tmp_path.iterdir()) == []  # neither the temporary file nor a half-written output


@pytest.mark.slow
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="--jobs 2 needs two CPUs")
def test_ctrl_c_with_workers_is_one_line_and_leaves_no_temporary_folder(tmp_path):
    """The workers leave Ctrl-C to the parent: no traceback from each of them."""
    assert stop_mid_write(tmp_path, signal.SIGINT, "--log", jobs=2) == (130, "rout: interrupted\n")
    assert list(tmp_path.iterdir()) == []


# -- 4. several games' logs: a whole new folder, or nothing ------------------------------------


def test_several_logs_fill_a_new_or_empty_folder_and_never_one_with_files(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine\n")
    one_line_error(
        rout_here("simulate", str(ARENA), "--games", "2", "--log", "full", cwd=tmp_path), "full", "already holds"
    )
    assert [p.name for p in (tmp_path / "full").iterdir()] == ["notes.txt"]
    (tmp_path / "empty").mkdir()
    for name in ("empty", "new/deeper"):
        assert (
            rout_here("simulate", str(ARENA), "--games", "3", "--seed", "5", "--log", name, cwd=tmp_path).returncode
            == 0
        )
        assert sorted(p.name for p in (tmp_path / name).iterdir()) == [f"game_{s}.jsonl" for s in (5, 6, 7)]
    assert not [p for p in tmp_path.rglob(".*")]  # no hidden temporary folder left


# -- 5. --games is played one game at a time -----------------------------------------------------


@pytest.mark.slow
def test_play_many_reads_its_plan_lazily_and_yields_as_games_end():
    """The first games come while the plan is read only a few games ahead of them: nothing builds
    the whole plan or the whole result list."""

    def plan() -> Iterator[tuple[int, dict[str, str]]]:
        for seed in itertools.count():
            if seed >= 20:  # a pool reads at most four games a worker ahead
                raise AssertionError("the plan was read far ahead of the games played")
            yield seed, {"blue": "random", "red": "random"}

    for workers in (1, 2):
        got = list(itertools.islice(play_many(str(ARENA), plan(), {"max_rounds": 1}, workers=workers), 3))
        assert len(got) == 3 and all(g["rounds"] == 1 for g in got)
    args = cli.build_parser().parse_args(["simulate", "--games", "1000000"])
    assert isinstance(simulate._plan(args, ["blue", "red"], {}), Iterator)


@pytest.mark.slow
def test_memory_in_use_does_not_grow_with_the_number_of_games():
    plan = ((seed, {"blue": "random", "red": "random"}) for seed in range(120))
    tally = Tally(["blue", "red"])
    tracemalloc.start()
    try:
        for i, g in enumerate(play_many(str(ARENA), plan, {"max_rounds": 1})):
            tally.add(g)
            del g
            if i == 19:
                gc.collect()
                early = tracemalloc.get_traced_memory()[0]
        gc.collect()
        late = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert tally.n == 120
    assert late - early < 20_000, (early, late)  # a kept result is about 1.5 kB: 100 of them would show


def test_the_json_results_stream_from_disk_and_match_the_games():
    games = [
        {"seed": s, "winner": w, "rounds": 3, "reason": "rout", "levels": {"blue": "a", "red": "b"}, "summary": {}}
        for s, w in [(1, "blue"), (2, None), (3, "red")]
    ]
    tally = Tally.of(games, ["blue", "red"], keep_results=True)
    out = io.StringIO()
    tally.write_json(out, "m.tmx", 1, {}, False)
    results = [{k: g[k] for k in ("levels", "reason", "rounds", "seed", "winner")} for g in games]
    whole = tally.as_json("m.tmx", 1, {}, False) | {"results": results}
    assert out.getvalue() == json.dumps(whole, sort_keys=True) + "\n"  # as the whole object printed at once
    assert whole["wins"] == {"blue": 1, "red": 1} and whole["draws"] == 1 and whole["games"] == 3


def test_a_screenshot_that_fails_to_render_leaves_no_temporary_picture(tmp_path, monkeypatch):
    """The picture is written to a hidden temporary file and renamed; a failure while writing it
    (here: the disk fills) removes it, and the output is never created."""
    from game.ui import main as window  # noqa: PLC0415  # only this test of the command line draws

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    out = tmp_path / "shot.png"
    with pytest.raises(OSError, match="No space left"):
        window.screenshot(
            str(ARENA), str(out), select=None, hover=None, round_=1, seed=1, at="activation", size=(640, 400)
        )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_the_screenshots_temporary_file_is_never_a_fixed_name_followed_through_a_link(tmp_path):
    # Issue 26.2: with .shot.png.tmp.png -> notes.txt, the picture went into notes.txt and
    # shot.png became a link to it.
    (tmp_path / "notes.txt").write_text("my notes\n")
    (tmp_path / ".shot.png.tmp.png").symlink_to("notes.txt")
    # In a child process: the screenshot ends with pygame.quit, which would spoil this process's fonts.
    r = rout("screenshot", str(ARENA), "--out", "shot.png", "--size", "640x400", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "notes.txt").read_text() == "my notes\n"
    shot = tmp_path / "shot.png"
    assert not shot.is_symlink() and shot.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    "victim",
    ["assets/units/orc.png", "assets/units/icons/prone.png", "assets/units/marks", "font", "game/data/catalogue.toml"],
)
def test_no_output_may_replace_any_file_the_game_reads(tmp_path, victim):
    # Issue 26.1: the map's files were protected, but not the sprites: `--out assets/units/orc.png`
    # replaced the orc with a screenshot. Every file the command reads is an input.
    if victim == "font":
        path = Path(pygame_folder()) / "freesansbold.ttf"
    elif victim.endswith("marks"):
        path = min((ROOT / victim).iterdir())
    else:
        path = ROOT / victim
    before = path.read_bytes()
    try:
        if path.suffix == ".png":
            r = rout_here("screenshot", str(ARENA), "--out", str(path), "--size", "640x400", cwd=tmp_path)
        else:  # a screenshot is only ever a .png: a text output aims at the rest
            r = rout_here("simulate", str(ARENA), "--log", str(path), cwd=tmp_path)
        one_line_error(r, str(path), "refusing to overwrite an input file")
    finally:
        if path.read_bytes() != before:  # the old code replaced it: put it back for the other tests
            path.write_bytes(before)
    assert path.read_bytes() == before


def pygame_folder() -> str:
    import pygame  # noqa: PLC0415  # only these tests of the command line draw

    return os.path.dirname(pygame.__file__)


def test_no_output_may_replace_the_maps_lesson_script(tmp_path):
    shutil.copy(ROOT / "maps" / "lesson_charge.tmx", tmp_path / "lesson_charge.tmx")
    shutil.copy(ROOT / "maps" / "lesson_charge.lesson.toml", tmp_path / "lesson_charge.lesson.toml")
    shutil.copy(ROOT / "maps" / "terrain.tsx", tmp_path / "terrain.tsx")
    tsx = tmp_path / "terrain.tsx"
    tsx.write_text(tsx.read_text().replace("../assets/", str(ROOT / "assets") + "/"))
    before = snapshot(tmp_path)
    r = rout_here("simulate", "lesson_charge.tmx", "--log", "lesson_charge.lesson.toml", cwd=tmp_path)
    one_line_error(r, "lesson_charge.lesson.toml", "the map's lesson script")
    assert snapshot(tmp_path) == before
