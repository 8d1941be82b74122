"""The worst-case memory of reading hostile files (issue 26.7): each case runs `rout check` or
`rout replay --verify` in a fresh process on a file made to cost memory, and its peak resident
size is read back (getrusage of the finished child). The aim: every case under AIM_MB, and
refused in one line with exit 2.

    python bench/bench_hostile_memory.py          # the table
    python bench/bench_hostile_memory.py --json   # and the figures as JSON

Cases: a map whose layer data inflates to 800 MB of zeros (once 3.9 GB before it was refused);
the largest map the reader takes (16 MB of CSV); a map whose catalogue is a link to /dev/zero
(once read until memory ran out); the largest tileset picture taken (4096x4096, whose pixels once were inflated whole); a save just
under the 16 MB limit (a 63 MB one, under the old 64 MB limit, cost 1.3 GB). And the network
(issue 39): a host's peak through a battle alone, through 40 connections each sending 16 messages
of 8 MiB before the join code, and through 4 spectators sending 16 of 7 MiB each (`--net-only` runs
just these; `--root DIR` measures another checkout, an older commit's, say).
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
from threading import Barrier

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
            cwd=ROOT,
            check=True,
            timeout=900,
        ).stdout.split(" ", 2)
    return {"exit": int(out[0]), "peak_mb": int(out[1]) / 1024, "said": out[2].strip()[:150]}


# The network (issue 39): `rout host --headless` on 127.0.0.1 meets a crowd, then an honest
# `rout join --headless` plays the battle out; the host's peak is read when it exits.
FLOOD_CONNECTIONS, FLOOD_MESSAGES, FLOOD_BYTES = 40, 16, 8 * 2**20  # row 2: before the join code
WATCHERS, WATCHER_MESSAGES, WATCHER_BYTES = (
    4,
    16,
    7 * 2**20,
)  # row 3: spectators with the code, sending what is never read


def _hostile(address: str, hello: dict[str, object] | None, count: int, size: int, source: str, ready: Barrier) -> None:
    """One connection from `source`: the hello if given, then, once every connection of the crowd
    is open (each then waits for its hello, past the wrong codes' hold-off), `count` messages of
    `size` bytes."""
    import socket  # noqa: PLC0415
    import threading  # noqa: PLC0415

    from websockets.exceptions import ConnectionClosed  # noqa: PLC0415
    from websockets.sync.client import connect  # noqa: PLC0415

    host, port = address.rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=60, source_address=(source, 0))
    try:
        with connect(f"ws://{address}", sock=sock, compression=None, open_timeout=60, max_size=None) as ws:
            if hello is not None:
                ws.send(json.dumps(hello))
                ws.recv(timeout=60)  # the welcome
            ready.wait(60)
            frame = _frame(size)
            for _ in range(count):  # written raw, as fast as the socket takes them: a real flood
                ws.socket.sendall(frame)
    except (ConnectionClosed, OSError, TimeoutError, threading.BrokenBarrierError):
        pass  # closed by the host: what the case is about


def _frame(size: int) -> bytes:
    """A client's text message of `size` bytes as one WebSocket frame, masked with a key of zeros
    (so the payload goes as it is, with no masking to pay for)."""
    return b"\x81\xff" + size.to_bytes(8, "big") + bytes(4) + b"x" * size


def _net(crowd: str) -> dict[str, object]:
    import threading  # noqa: PLC0415

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    code = (
        "import resource, subprocess, sys;"
        "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL);"
        "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, flush=True)"
    )
    skirmish = str(ROOT / "maps" / "skirmish.tmx")
    host_args = [
        "host",
        "--headless",
        skirmish,
        "--listen",
        "127.0.0.1",
        "--code",
        "BENCH-NET",
        "--ai",
        "blue=baseline",
    ]
    with tempfile.TemporaryDirectory() as home:
        env |= {"XDG_DATA_HOME": home, "XDG_STATE_HOME": home, "XDG_CONFIG_HOME": home}
        wrapper = subprocess.Popen(
            [sys.executable, "-c", code, sys.executable, "-m", "game", *host_args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,  # `python -m game` finds the game of the folder it runs in first
        )
        assert wrapper.stderr is not None and wrapper.stdout is not None
        first = wrapper.stderr.readline()
        address = first.split("listening on ")[1].split(";")[0]
        hello = {"type": "hello", "code": "BENCH-NET", "role": "watch", **_versions()}
        crowds = {
            "none": [],
            "flood": [(None, FLOOD_MESSAGES, FLOOD_BYTES, f"127.0.2.{i // 8 + 1}") for i in range(FLOOD_CONNECTIONS)],
            "watchers": [(hello, WATCHER_MESSAGES, WATCHER_BYTES, "127.0.3.1") for _ in range(WATCHERS)],
        }
        ready = threading.Barrier(len(crowds[crowd]) or 1)
        threads = [threading.Thread(target=_hostile, args=(address, *c, ready)) for c in crowds[crowd]]
        for t in threads:
            t.start()
        for t in threads:
            t.join(300)
        joiner = subprocess.run(
            [
                sys.executable,
                "-m",
                "game",
                "join",
                address,
                "--code",
                "BENCH-NET",
                "--headless",
                "--ai",
                "red=baseline",
            ],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=600,
            check=False,
        )
        out, _ = wrapper.communicate(timeout=600)
    exit_code, peak = out.split()
    return {"exit": int(exit_code), "peak_mb": int(peak) / 1024, "said": f"joiner exit {joiner.returncode}"}


def _versions() -> dict[str, int]:
    """The protocol and rules versions of the game measured (a checkout from before the rules
    version has none)."""
    sys.path.insert(0, str(ROOT))
    from game.net.protocol import PROTOCOL  # noqa: PLC0415

    try:
        from game.core.rules_version import RULES  # noqa: PLC0415
    except ImportError:
        return {"protocol": PROTOCOL}
    return {"protocol": PROTOCOL, "rules": RULES}


NET_CASES = {
    "the host, a battle and nothing else": "none",
    f"the host, {FLOOD_CONNECTIONS} x {FLOOD_MESSAGES} x 8 MiB before the code": "flood",
    f"the host, {WATCHERS} spectators x {WATCHER_MESSAGES} x 7 MiB": "watchers",
}


def main() -> int:
    global ROOT  # noqa: PLW0603  # --root measures another checkout (an older commit, for the figures before)
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("--net-only", action="store_true", help="only the network's cases")
    p.add_argument("--root", type=Path, default=ROOT, help="the checkout whose game is measured")
    args = p.parse_args()
    ROOT = args.root.resolve()
    results = {}
    for name, make in {} if args.net_only else CASES.items():
        results[name] = r = measure(make)
        print(f"{name:36} exit {r['exit']}  peak {r['peak_mb']:7.0f} MB  {r['said']}")
    for name, crowd in NET_CASES.items():
        results[name] = r = _net(crowd)
        print(f"{name:48} exit {r['exit']}  peak {r['peak_mb']:7.0f} MB  {r['said']}")
    worst = max(float(r["peak_mb"]) for r in results.values())  # type: ignore[arg-type]
    print(f"worst case {worst:.0f} MB (aim: under {AIM_MB} MB)")
    if args.json:
        print(json.dumps(results, indent=1))
    return 0 if worst < AIM_MB else 1


if __name__ == "__main__":
    sys.exit(main())
