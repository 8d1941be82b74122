"""The raw text of a .tmx or .tsx, parsed as pytmx would: attribute values and layer data."""

from __future__ import annotations

import base64
import binascii
import struct
import zlib


def decode_data(text: str, encoding: str, compression: str | None, tiles: int) -> tuple[list[int], str]:
    """Decode a <data> element as pytmx would; return (gids, '') or ([], what is wrong). Data
    that would inflate to more than `tiles` tiles is refused once that much is inflated (a 1 MB
    map could inflate to gigabytes)."""
    text = text.strip()
    if encoding == "csv":
        return _decode_csv(text, compression)
    if encoding != "base64":
        return [], f"encoding {encoding!r} is not supported; use csv or base64"
    return _decode_base64(text, compression, tiles * 4)


def _decode_csv(text: str, compression: str | None) -> tuple[list[int], str]:
    if compression:
        return [], f"compression {compression!r} cannot be used with CSV"
    out = []
    for item in text.split(","):
        try:
            out.append(int(item))
        except ValueError:
            return [], f"{item.strip()[:20]!r} is not a tile number (CSV)"
        if not 0 <= out[-1] < 2**32:
            return [], f"{item.strip()!r} is not a tile number (CSV)"
    return out, ""


def _decode_base64(text: str, compression: str | None, limit: int) -> tuple[list[int], str]:
    if compression not in (None, "zlib", "gzip"):
        return [], f"compression {compression!r} is not supported; use zlib, gzip or none"
    try:
        raw = base64.b64decode(text)
    except (binascii.Error, ValueError) as e:
        return [], f"base64 does not decode: {e}"
    try:
        if compression:
            inflater = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
            raw = inflater.decompress(raw, limit + 1)
            if len(raw) > limit:
                return [], f"{compression} data inflates to more than the map's {limit // 4} tiles"
            if not inflater.eof:
                return [], f"{compression} data does not decompress: it is cut short"
    except zlib.error as e:
        return [], f"{compression} data does not decompress: {e}"
    if len(raw) > limit:
        return [], f"data holds more than the map's {limit // 4} tiles"
    if len(raw) % 4:
        return [], f"{len(raw)} bytes is not a whole number of tiles (4 bytes each)"
    return list(struct.unpack(f"<{len(raw) // 4}L", raw)), ""


def to_int(text: str | None) -> int | None:
    try:
        return int(text)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def to_float(text: str | None) -> float | None:
    try:
        return float(text)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def boolish(text: str) -> bool:
    """What pytmx.convert_to_bool accepts."""
    t = text.strip().lower()
    return not t or t[0] in "1yt-0nf"


def parses_as_points(text: str | None) -> bool:
    if not text:
        return False
    try:
        return all(len(tuple(map(float, p.split(",")))) == 2 for p in text.split())
    except ValueError:
        return False
