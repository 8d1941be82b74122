"""The worst-case memory of reading hostile files (issue 26.7): each case runs `rout check` or
`rout replay --verify` in a fresh process on a file made to cost memory, and its peak resident
size is read back (getrusage of the finished child). The aim: every case under AIM_MB, and
refused in one line with exit 2.

    python bench/bench_hostile_memory.py          # the table
    python bench/bench_hostile_memory.py --json   # and the figures as JSON

Cases: a map whose layer data inflates to 800 MB of zeros (once 3.9 GB before it was refused);
the largest map the reader takes (16 MB of CSV); a map whose catalogue is a link to /dev/zero
(once read until memory ran out); the largest tileset picture taken (4096x4096, whose pixels once were inflated whole); a save just
under the 16 MB limit (a 63 MB one, under the old 64 MB limit, cost 1.3 GB).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AIM_MB = 500  # any one hostile input costs less than the window itself may


def _duel(folder: Path) -> Path:
    shutil.copy(ROOT / "maps" / "duel.tmx", folder / "duel.tmx")
    tsx = (ROOT / "maps" / "terrain.tsx").read_text().replace("../assets/", str(ROOT / "assets") + "/")
    (folder / "terrain.tsx").write_text(tsx)
    return folder / "duel.tmx"


def _with_layer(folder: Path, data: str) -> Path:
    path = _duel(folder)
    text = path.read_text()
    start, end = text.index('<data encoding="csv">'), text.index("</data>")
    path.write_text(text[:start] + data + text[end:])
    return path


def bomb(folder: Path) -> list[str]:
    squeeze = zlib.compressobj(9)
    packed = b"".join(squeeze.compress(bytes(1 << 20)) for _ in range(800)) + squeeze.flush()
    data = f'<data encoding="base64" compression="zlib">{base64.b64encode(packed).decode()}'
    return ["check", str(_with_layer(folder, data))]


def huge_csv(folder: Path) -> list[str]:
    return ["check", str(_with_layer(folder, '<data encoding="csv">' + "1," * (8 * 1024 * 1024 - 4096)))]


def dev_zero_catalogue(folder: Path) -> list[str]:
    path = _duel(folder)
    prop = '<properties>\n  <property name="catalogue" value="cat.toml"/>'
    path.write_text(path.read_text().replace("<properties>", prop, 1))
    (folder / "cat.toml").symlink_to("/dev/zero")
    return ["check", str(path)]


def giant_picture(folder: Path) -> list[str]:
    import struct  # noqa: PLC0415

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    side = 4096  # the largest picture the check takes
    squeeze = zlib.compressobj(9)
    row = bytes(1 + side * 4)
    pixels = b"".join(squeeze.compress(row) for _ in range(side)) + squeeze.flush()
    header = struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    (folder / "terrain.png").write_bytes(png)
    path = _duel(folder)
    tsx = folder / "terrain.tsx"
    tsx.write_text(tsx.read_text().replace(str(ROOT / "assets" / "tiles" / "terrain.png"), "terrain.png"))
    return ["check", str(path)]


def big_save(folder: Path) -> list[str]:
    hold = '{"action":"hold","unit":"blue_veteran"}'
    count = (16 * 1024 * 1024 - 1024) // (len(hold) + 2)
    text = (
        '{"format":1,"map":"'
        + str(ROOT / "maps" / "duel.tmx")
        + '","seed":1,"commands":['
        + ",\n".join([hold] * count)
        + "]}"
    )
    (folder / "s.json").write_text(text)
    return ["replay", str(folder / "s.json"), "--verify"]


CASES = {
    "layer data inflating to 800 MB": bomb,
    "a 16 MB map of CSV": huge_csv,
    "a catalogue linked to /dev/zero": dev_zero_catalogue,
    "a 4096x4096 tileset picture": giant_picture,
    "a 16 MB save": big_save,
}


def measure(make) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        args = make(Path(tmp))
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PYTHONPATH": str(ROOT)}
        code = (
            "import resource, subprocess, sys;"
            "r = subprocess.run(sys.argv[1:], capture_output=True, text=True);"
            "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss;"
            "print(r.returncode, peak, repr((r.stdout + r.stderr).strip().splitlines()[:1]))"
        )
        out = subprocess.run(
            [sys.executable, "-c", code, sys.executable, "-m", "game", *args],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=900,
        ).stdout.split(" ", 2)
    return {"exit": int(out[0]), "peak_mb": int(out[1]) / 1024, "said": out[2].strip()[:150]}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    results = {}
    for name, make in CASES.items():
        results[name] = r = measure(make)
        print(f"{name:36} exit {r['exit']}  peak {r['peak_mb']:7.0f} MB  {r['said']}")
    worst = max(float(r["peak_mb"]) for r in results.values())  # type: ignore[arg-type]
    print(f"worst case {worst:.0f} MB (aim: under {AIM_MB} MB)")
    if args.json:
        print(json.dumps(results, indent=1))
    return 0 if worst < AIM_MB else 1


if __name__ == "__main__":
    sys.exit(main())
