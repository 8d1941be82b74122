"""Files a map is made of that are not what they claim (issues 25 and 26): a pipe where a file
is wanted is refused before it is opened (reading it would block for ever), and a picture the
window could not draw (not a PNG, empty, cut short, a bad checksum, smaller than its tile grid)
is found by `rout check`, each in one line and exit 2, before the window or a screenshot crash."""

from __future__ import annotations

import base64
import os
import shutil
import struct
import tracemalloc
import zlib
from pathlib import Path

import pytest

from game.home.bundled import ASSETS, MAPS
from game.scenario.check import xml_problems
from game.scenario.png import picture_size
from tests.command_line import one_line_error, rout_here


def check_refuses(folder: Path, path: Path, *words: str) -> None:
    """`rout check` exits 2 with one line (on standard output, as its report is) holding words."""
    r = rout_here("check", str(path), cwd=folder)
    assert r.returncode == 2 and "Traceback" not in r.stdout + r.stderr, r.stdout + r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1 and all(w in lines[0] for w in words), r.stdout


def png(width: int, height: int) -> bytes:
    """A whole RGBA PNG of one colour."""
    rows = b"".join(b"\0" + b"\x10\x20\x30\xff" * width for _ in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def duel_here(folder: Path) -> Path:
    """The shipped duel map, its tileset and the tileset's picture copied into folder."""
    shutil.copy(MAPS / "duel.tmx", folder / "duel.tmx")
    shutil.copy(MAPS / "terrain.tsx", folder / "terrain.tsx")
    tsx = folder / "terrain.tsx"
    tsx.write_text(tsx.read_text().replace("../assets/tiles/terrain.png", "terrain.png"))
    shutil.copy(ASSETS / "tiles" / "terrain.png", folder / "terrain.png")
    return folder / "duel.tmx"


def test_the_copied_map_passes_so_each_case_below_fails_for_its_own_reason(tmp_path):
    r = rout_here("check", str(duel_here(tmp_path)), cwd=tmp_path)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("which", ["duel.tmx", "terrain.tsx", "terrain.png"])
def test_a_pipe_in_place_of_a_file_of_the_map_is_refused_without_waiting(tmp_path, which):
    # Opening a pipe for reading waits for a writer: `rout check` used to hang here for ever.
    path = duel_here(tmp_path)
    (tmp_path / which).unlink()
    os.mkfifo(tmp_path / which)
    check_refuses(tmp_path, path, which, "is not a regular file")


def test_a_pipe_named_as_the_maps_catalogue_is_refused_without_waiting(tmp_path):
    path = duel_here(tmp_path)
    text = path.read_text().replace("<properties>", '<properties>\n  <property name="catalogue" value="cat.toml"/>', 1)
    path.write_text(text)
    os.mkfifo(tmp_path / "cat.toml")
    check_refuses(tmp_path, path, "cat.toml", "is not a regular file")


def test_a_pipe_as_the_maps_lesson_script_is_refused_without_waiting(tmp_path):
    path = duel_here(tmp_path)
    os.mkfifo(tmp_path / "duel.lesson.toml")
    check_refuses(tmp_path, path, "duel.lesson.toml", "is not a regular file")


def _cut_short(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _bad_checksum(data: bytes) -> bytes:
    return data[:-13] + bytes([data[-13] ^ 1]) + data[-12:]  # the last byte of IDAT's checksum


@pytest.mark.parametrize(
    ("picture", "says"),
    [
        (b"hello, I am not a picture\n", "is not a PNG picture"),
        (b"", "is empty"),
        (_cut_short(png(256, 64)), "cut short"),
        (_bad_checksum(png(256, 64)), "bad checksum"),
        (png(10, 10), "10x10 pixels, smaller than the 256x64"),
        (png(256, 32), "256x32 pixels, smaller than the 256x64"),
    ],
    ids=["text", "empty", "truncated", "checksum", "smaller-than-a-tile", "smaller-than-the-grid"],
)
def test_a_tileset_picture_the_window_could_not_draw_fails_the_check(tmp_path, picture, says):
    # Each passed `rout check` and then crashed the screenshot or the window (pygame.error,
    # or ValueError: subsurface rectangle outside surface area).
    path = duel_here(tmp_path)
    (tmp_path / "terrain.png").write_bytes(picture)
    check_refuses(tmp_path, path, "terrain.png", says)
    r = rout_here("screenshot", str(path), "--out", "shot.png", cwd=tmp_path)
    one_line_error(r, "terrain.png", says)
    assert not (tmp_path / "shot.png").exists()


def test_every_shipped_picture_reads_as_a_whole_png():

    pictures = sorted(ASSETS.rglob("*.png"))
    assert len(pictures) > 20
    for p in pictures:
        assert min(picture_size(p)) >= 1, p


def test_a_tile_with_tileds_hexagonal_rotation_flag_fails_the_check(tmp_path):
    # Issue 26.5: pytmx draws no picture for it, and the screenshot crashed on None.
    path = duel_here(tmp_path)
    text = path.read_text()
    start = text.index('<data encoding="csv">\n') + len('<data encoding="csv">\n')
    path.write_text(text[:start] + str(0x10000001) + text[start + 1 :])
    check_refuses(tmp_path, path, "(0,0)", "hexagonal rotation flag")


def test_an_embedded_tileset_without_an_image_fails_the_check(tmp_path):
    path = duel_here(tmp_path)
    tileset = (tmp_path / "terrain.tsx").read_text()
    body = tileset[tileset.index("<tileset") :]
    body = body[: body.index(" <image")] + body[body.index("/>", body.index(" <image")) + 3 :]
    text = path.read_text().replace(
        ' <tileset firstgid="1" source="terrain.tsx"/>', body.replace("<tileset ", '<tileset firstgid="1" ', 1)
    )
    path.write_text(text)
    check_refuses(tmp_path, path, "tileset terrain", "has no image")


def test_layer_data_that_inflates_past_the_map_is_refused_without_inflating_it(tmp_path):
    # Issue 26.7: a 1 MB map whose layer inflated to 800 MB took 3.9 GB before it was refused.
    # Here 256 MB of zeros (250 KB compressed); the check may hold the map's 308 tiles and no more.
    squeeze = zlib.compressobj(9)
    bomb = b"".join(squeeze.compress(bytes(1 << 20)) for _ in range(256)) + squeeze.flush()
    path = duel_here(tmp_path)
    text = path.read_text()
    start, end = text.index('<data encoding="csv">'), text.index("</data>")
    packed = base64.b64encode(bomb).decode()
    path.write_text(text[:start] + f'<data encoding="base64" compression="zlib">{packed}' + text[end:])
    tracemalloc.start()
    try:
        problems = xml_problems(path).fatal
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert any("inflates to more than the map's 308 tiles" in p for p in problems), problems
    assert peak < 20 * 2**20, f"{peak / 2**20:.0f} MB"


def test_a_catalogue_that_is_a_link_to_dev_zero_is_not_read(tmp_path):
    # Issue 26.7: it was read until the memory ran out.
    path = duel_here(tmp_path)
    text = path.read_text().replace("<properties>", '<properties>\n  <property name="catalogue" value="cat.toml"/>', 1)
    path.write_text(text)
    (tmp_path / "cat.toml").symlink_to("/dev/zero")
    check_refuses(tmp_path, path, "cat.toml", "is not a regular file")


@pytest.mark.parametrize(
    ("text", "says"),
    [("a = " + "[" * 100_000, "nested too deep"), ("a = " + "9" * 5000, "a number too long to read")],
    ids=["nested-100000-deep", "5000-digit-number"],
)
def test_a_hostile_catalogue_or_lesson_script_is_blamed_on_itself_not_the_map(tmp_path, text, says):
    # Issue 26.10: "maps/cat.tmx: map: cannot be read: RecursionError".
    path = duel_here(tmp_path)
    (tmp_path / "duel.lesson.toml").write_text(text)
    check_refuses(tmp_path, path, "duel.lesson.toml: lesson script", says)
    (tmp_path / "duel.lesson.toml").unlink()
    with_catalogue = path.read_text().replace(
        "<properties>", '<properties>\n  <property name="catalogue" value="cat.toml"/>', 1
    )
    path.write_text(with_catalogue)
    (tmp_path / "cat.toml").write_text(text)
    check_refuses(tmp_path, path, "cat.toml: not valid TOML", says)
