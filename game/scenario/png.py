"""A picture the game would draw, checked without drawing it: the window loads a map's tileset
images and the unit art with pygame, which fails on a file that is not a whole PNG. Here the file
is read as pygame would read it (signature, chunks with their checksums, the header, the pixel
data inflated), so that `rout check` names the file in one line instead of the window crashing.

The pixel data is inflated to at most the size the header says it has: a small file that claims
to inflate to gigabytes is refused after that size, not after the memory runs out.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from game.scenario.input_files import PICTURE_BYTES, read_input

SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_SIDE = 4096  # pixels; the art is at most a few hundred, and the window holds 4 bytes a pixel
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # PNG colour type -> samples per pixel
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


class PictureError(ValueError):
    """Why a file is not a picture the game can draw, in words."""


def picture_size(path: Path) -> tuple[int, int]:
    """The (width, height) of the PNG at path, once it is known to be whole; PictureError (or an
    OSError when the file cannot be read) saying why it is not."""
    data = read_input(path, PICTURE_BYTES)
    if not data:
        raise PictureError("is empty, not a PNG picture")
    if not data.startswith(SIGNATURE):
        raise PictureError("is not a PNG picture")
    chunks = _chunks(data)
    if not chunks or chunks[0][0] != b"IHDR" or len(chunks[0][1]) != 13:
        raise PictureError("is a damaged PNG picture (no header)")
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE) or colour not in _CHANNELS:
        raise PictureError(f"is a PNG picture the game cannot draw ({width}x{height}, colour type {colour})")
    if chunks[-1][0] != b"IEND":
        raise PictureError("is a damaged PNG picture (cut short)")
    pixels = b"".join(body for kind, body in chunks if kind == b"IDAT")
    need = _raw_size(width, height, depth * _CHANNELS[colour], interlace == 1)
    try:
        got = _inflated_size(pixels, need)
    except zlib.error as e:
        raise PictureError(f"is a damaged PNG picture (pixel data: {e})") from None
    if got < need:
        raise PictureError("is a damaged PNG picture (its pixel data is cut short)")
    return width, height


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    out: list[tuple[bytes, bytes]] = []
    at = len(SIGNATURE)
    while at < len(data):
        if at + 12 > len(data):
            raise PictureError("is a damaged PNG picture (cut short)")
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        crc = data[at + 8 + length : at + 12 + length]
        if len(body) < length or len(crc) < 4:
            raise PictureError("is a damaged PNG picture (cut short)")
        if zlib.crc32(kind + body) != struct.unpack(">I", crc)[0]:
            raise PictureError(f"is a damaged PNG picture (bad checksum in its {kind.decode('latin-1')!r} chunk)")
        out.append((kind, body))
        at += 12 + length
        if kind == b"IEND":
            break
    return out


def _inflated_size(pixels: bytes, most: int) -> int:
    """How many bytes the pixel data inflates to, up to `most`, a megabyte at a time: the
    pixels are counted, never held."""
    inflater = zlib.decompressobj()
    got, rest = 0, pixels
    while rest and got < most:
        got += len(inflater.decompress(rest, min(1 << 20, most - got)))
        rest = inflater.unconsumed_tail
    return got


def _raw_size(width: int, height: int, bits: int, interlaced: bool) -> int:
    """How many bytes the inflated pixel data holds: each row a filter byte and its samples."""
    if not interlaced:
        return height * (1 + (width * bits + 7) // 8)
    total = 0
    for x0, y0, dx, dy in _ADAM7:
        w, h = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
        if w > 0 and h > 0:
            total += h * (1 + (w * bits + 7) // 8)
    return total
