"""`rout gif`: a replay as an animated GIF, a frame for every activation of the rounds asked for
(docs/command-line.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from game.cli.main import main
from game.history.timeline import load_timeline
from game.home.bundled import map_path

pytestmark = pytest.mark.xdist_group("gif-replay")  # one worker plays the module's battle once (--dist loadgroup)


@pytest.fixture(scope="module")
def replay(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("gif")
    path = folder / "starter.json"
    assert main(["simulate", str(map_path("starter")), "--seed", "3", "--save-replay", str(path)]) == 0
    return str(path)


def frames(path) -> list[Image.Image]:
    with Image.open(path) as im:
        assert im.format == "GIF" and im.is_animated
        out = []
        for i in range(im.n_frames):
            im.seek(i)
            out.append(im.convert("RGB"))
        return out


def activations(replay: str, first: int, last: int) -> int:
    """How many decisions (activations and retreat choices) the battle had in those rounds."""
    t = load_timeline(replay)
    return sum(1 for m in t.decisions if first <= t.round_at(m) <= last)


def test_a_gif_has_a_frame_for_every_activation_of_the_rounds(replay, tmp_path, capsys):
    out = tmp_path / "two.gif"
    assert main(["gif", replay, "--out", str(out), "--rounds", "2-3", "--size", "800x450"]) == 0
    shown = frames(out)
    assert len(shown) >= activations(replay, 2, 3) > 0
    assert shown[0].size == (800, 450)
    assert ImageChops.difference(shown[0], shown[-1]).getbbox() is not None, "the battle moved on between frames"
    assert f"{len(shown)} frames" in capsys.readouterr().out


def test_the_last_frame_stays_longer_so_a_loop_reads_as_ended(replay, tmp_path):
    out = tmp_path / "one.gif"
    assert main(["gif", replay, "--out", str(out), "--rounds", "1", "--delay", "300"]) == 0
    with Image.open(out) as im:
        im.seek(0)
        assert im.info["duration"] == 300
        im.seek(im.n_frames - 1)
        assert im.info["duration"] > 300
        assert im.info["loop"] == 0


def test_the_whole_battle_by_default(replay, tmp_path):
    out = tmp_path / "all.gif"
    assert main(["gif", replay, "--out", str(out), "--delay", "50"]) == 0
    t = load_timeline(replay)
    assert len(frames(out)) >= len(t.commands)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--rounds", "40-41"], "the battle has"),
        (["--rounds", "3-1"], "1 <= A <= B"),
        (["--rounds", "two"], "must be A-B"),
        (["--delay", "5"], "from 50 to 10000"),
    ],
)
def test_rounds_the_battle_lacks_get_one_line_and_no_file(replay, tmp_path, capsys, args, says):
    out = tmp_path / "none.gif"
    assert main(["gif", replay, "--out", str(out), *args]) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and "\n" not in err
    assert not out.exists()


def test_a_gif_never_replaces_the_replay_or_a_file_that_is_no_gif(replay, tmp_path, capsys):
    before = Path(replay).read_text(encoding="utf-8")
    assert main(["gif", replay, "--out", replay]) == 2
    assert "must name a .gif" in capsys.readouterr().err
    folder = tmp_path / "taken.gif"
    folder.mkdir()
    assert main(["gif", replay, "--out", str(folder)]) == 2
    assert "\n" not in capsys.readouterr().err.strip()
    assert Path(replay).read_text(encoding="utf-8") == before
    json.loads(before)


def test_a_file_that_is_no_replay_gets_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["gif", str(bad), "--out", str(tmp_path / "x.gif")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("rout:") and "\n" not in err


@pytest.mark.slow  # a whole AI battle on battle.tmx, 53 creatures, to see its last frame
def test_a_default_size_gif_of_battle_tmx_frames_every_unit(tmp_path):
    """Issue 22: at its default size the GIF of battle.tmx cropped two columns each side, so its
    last frame missed a surrendered archer. Every creature's squares, at the start and at the
    end, lie inside the map's part of the frame."""
    from game.ui.app import App  # noqa: PLC0415
    from game.ui.common import theme  # noqa: PLC0415
    from game.ui.viewer.gif import default_size, framed, tile_of  # noqa: PLC0415

    path = tmp_path / "battle.json"
    assert main(["simulate", str(map_path("battle")), "--seed", "3", "--save-replay", str(path)]) == 0
    t = load_timeline(path)
    start = t.battle_at(0)
    w, h = default_size(start.scenario, tile_of(start.scenario))
    assert (w, h) != (960, 540), "battle.tmx does not fit the small frame, so the frame grows"
    viewer = framed(App((w, h + theme.BOTTOM_BAR), headless=True), t)
    s = viewer.stage
    frame = s.map_rect().clip(0, 0, w, h)
    for moment in (t.first, t.length):
        viewer.go(moment)
        for u in s.battle.world.units.values():
            x0, y0 = s.camera.square_centre(frame.topleft, u.pos, u.n)
            half = s.camera.size * u.n // 2
            square = (x0 - half, y0 - half, 2 * half, 2 * half)
            assert frame.contains(square), f"{u.id} at {u.pos} is outside the frame {frame}"
    out = tmp_path / "battle.gif"
    assert main(["gif", str(path), "--out", str(out), "--rounds", "1"]) == 0
    assert frames(out)[0].size == (w, h)
