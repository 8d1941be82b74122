"""What a stranger on the network may not do (issue 39): hold the host's door with connections
that never give the join code, fill its memory before the code or as a spectator, forge lines in
its log through a desync, or, as a host, forge lines on a joiner's screen, break it with options
it does not know, or make it read a file outside the map it was sent. Each case is the outside
robustness run's, and each failed before its fix."""

from __future__ import annotations

import base64
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.sync.server import ServerConnection, serve

from game.core.rules_version import RULES
from game.home.bundled import MAPS
from game.home.user_dirs import log_dir
from game.net import map_transfer
from game.net.joining import JoinPlan, join
from game.net.map_transfer import folder_sha256, receive
from game.net.protocol import PROTOCOL, ProtocolError, encode
from game.save.map_paths import file_sha256
from tests.net.peers import DEADLINE, KEPT, HostThread, Proc, ai, join_thread, raw_player, until_my_turn

SKIRMISH = str(MAPS / "skirmish.tmx")
ESC = "\x1b[2J"  # clears a terminal: text from the other machine must never carry it to a screen


def _clean(line: str) -> bool:
    return all(c.isprintable() for c in line)


def _from(source: str, address: str) -> socket.socket:
    """A TCP connection to the host from another loopback address (the whole of 127/8 is this
    machine on Linux): the flood and the honest player are then two addresses, as they would be."""
    host, port = address.rsplit(":", 1)
    try:
        return socket.create_connection((host, int(port)), timeout=DEADLINE, source_address=(source, 0))
    except OSError as e:
        pytest.skip(f"no loopback address {source} to connect from: {e}")


def _until(test: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + DEADLINE
    while not test():
        assert time.monotonic() < end, f"never {what}"
        time.sleep(0.02)


# Row 1: the door.


def test_a_crowd_without_the_code_is_capped_by_address_and_the_player_still_gets_in(tmp_path):
    host = HostThread(SKIRMISH).start()
    door = host.host.listener.door
    with ExitStack() as held:
        for _ in range(3 * door.per_address):
            held.enter_context(_from("127.0.0.2", host.address))
        line = host.said("connections refused")
        assert f"{door.per_address} from one address" in line
        _until(lambda: door.pending["127.0.0.2"] == door.per_address, "held the crowd's places")
        assert door.pending.total() == door.per_address  # the rest were closed at the door
        t, out, lines = join_thread(host.address, host.code, str(tmp_path / "join.jsonl"))
        t.join(DEADLINE)
    assert out == [0], lines
    assert host.finish() == 0, host.lines


@pytest.mark.slow
def test_a_full_table_of_file_descriptors_only_makes_the_door_wait(tmp_path):
    """At 48 descriptors the host runs out long before the door's caps: it says so, waits, and
    takes the honest player once the crowd has gone (the server library's own loop stopped for
    good at the first refusal, and the player found the port closed)."""
    host = Proc("host", "--headless", SKIRMISH, "--listen", "127.0.0.1", "--code", "T-FDS", files=48)
    try:
        address = host.said("listening on").split("listening on ")[1].split(";")[0]
        with ExitStack() as held:
            for i in range(60):  # 6 an address: under the door's caps, over the descriptors
                held.enter_context(_from(f"127.0.1.{i // 6 + 1}", address))
            assert "Too many open files" in host.said("cannot take a connection")
        # The crowd gone, the host closes its ends as each handshake sees it go: the battle (whose
        # AI opens its modules at the first decision) waits for room.
        fds = Path(f"/proc/{host.p.pid}/fd")
        _until(lambda: len(list(fds.iterdir())) < 32, "closed the crowd's connections")
        t, out, said = join_thread(address, "T-FDS", str(tmp_path / "join.jsonl"))
        t.join(DEADLINE)
        assert out == [0], said
        assert host.wait() == 0
    finally:
        if host.p.poll() is None:  # a failed check: never leave the host running
            host.p.kill()


# Rows 2 and 3: what a message may cost before the code, and from a spectator.


def _close_code(ws: object) -> int | None:
    try:
        ws.recv(timeout=DEADLINE)
    except ConnectionClosed as e:
        return e.sent.code if e.sent is not None else (e.rcvd.code if e.rcvd is not None else None)
    return None


def test_a_message_before_the_code_may_be_only_small(tmp_path):
    host = HostThread(SKIRMISH).start()
    with connect(f"ws://{host.address}", open_timeout=DEADLINE, compression=None, max_size=None) as ws:
        padded = json.dumps(
            {"type": "hello", "protocol": PROTOCOL, "code": host.code, "role": "play", "pad": "x" * 2**20}
        )
        with suppress(ConnectionClosed):
            ws.send(padded)
        assert _close_code(ws) == 1009  # too big, before the host kept it
    assert "sent a message over the size limit (16 KiB)" in host.said("over the size limit")
    t, out, lines = join_thread(host.address, host.code)
    t.join(DEADLINE)
    assert out == [0], lines
    assert host.finish() == 0


def test_a_connection_gone_before_its_handler_starts_is_still_said(monkeypatch):
    """Under load the oversized hello above could close the socket before the host's handler ran;
    asking it its address then raised and the host said nothing. Every socket here is as if gone."""

    def gone(self: ServerConnection) -> object:
        raise OSError(9, "Bad file descriptor")

    monkeypatch.setattr(ServerConnection, "remote_address", property(gone))
    host = HostThread(SKIRMISH).start()
    with connect(f"ws://{host.address}", open_timeout=DEADLINE, compression=None, max_size=None) as ws:
        with suppress(ConnectionClosed):
            ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "code": host.code, "pad": "x" * 2**20}))
        assert _close_code(ws) == 1009
    assert "? sent a message over the size limit" in host.said("over the size limit")
    t, out, lines = join_thread(host.address, host.code)
    t.join(DEADLINE)
    assert out == [0], lines
    assert host.finish() == 0


def _host_waiting_on_a_raw_player(**kw: object) -> tuple[HostThread, object]:
    """A host whose battle waits on a player that never plays: the host polices meanwhile."""
    host = HostThread(SKIRMISH, **kw).start()  # type: ignore[arg-type]
    link, lock = raw_player(host.address, host.code)
    until_my_turn(link, lock)
    return host, link


def _watch(address: str, code: str) -> ClientConnection:
    ws = KEPT.enter_context(connect(f"ws://{address}", open_timeout=DEADLINE, compression=None, max_size=None))
    ws.send(encode("hello", code=code, role="watch", rules=RULES))
    return ws


def test_a_spectator_may_say_nothing_but_bye_and_only_small(tmp_path):
    host, _ = _host_waiting_on_a_raw_player()
    big = _watch(host.address, host.code)
    assert json.loads(big.recv(timeout=DEADLINE))["type"] == "welcome"
    with suppress(ConnectionClosed):
        big.send("x" * 2**20)
    assert _close_code(big) == 1009
    chatty = _watch(host.address, host.code)
    assert json.loads(chatty.recv(timeout=DEADLINE))["type"] == "welcome"
    chatty.send(encode("thinking"))
    assert "a spectator sent a 'thinking' message; connection closed" in host.said("a spectator sent")
    while True:  # what the host sent on before it noticed, then its close
        try:
            chatty.recv(timeout=DEADLINE)
        except ConnectionClosed as e:
            assert e.rcvd is not None and e.rcvd.reason == "a spectator sends nothing but its hello and bye"
            break
    _until(lambda: host.host.listener.watching == 0, "let both spectators go")


def test_spectators_are_capped_by_max_watchers(tmp_path):
    host, _ = _host_waiting_on_a_raw_player(watchers=2)
    seated = [_watch(host.address, host.code) for _ in range(2)]
    for ws in seated:
        assert json.loads(ws.recv(timeout=DEADLINE))["type"] == "welcome"
    third = _watch(host.address, host.code)
    try:
        answer = json.loads(third.recv(timeout=DEADLINE))
        reason = answer["reason"]
    except ConnectionClosed as e:  # websockets before 14.0 may lose the message before a close
        reason = e.rcvd.reason if e.rcvd is not None else ""
    assert reason == "this battle has 2 spectators already, the most its host takes"
    seated[0].close()
    _until(lambda: host.host.listener.watching == 1, "freed the seat")
    again = _watch(host.address, host.code)
    assert json.loads(again.recv(timeout=DEADLINE))["type"] == "welcome"


@pytest.mark.slow
def test_max_watchers_on_the_command_line_is_bounded():
    p = subprocess.run(
        [sys.executable, "-m", "game", "host", "--headless", SKIRMISH, "--max-watchers", "-1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=DEADLINE,
    )
    assert p.returncode == 2 and "--max-watchers is a number from 0 to 1000, not '-1'" in p.stderr


# Row 4: a hostile joiner's desync.


def _lie(link, lock) -> None:  # type: ignore[no-untyped-def]
    """Play one legal command and report a digest that is not the battle's."""
    cmd = ai(lock.battle)
    lock.play_mine(cmd)
    n, _ = lock.digest()
    link.send("command", n=len(lock.commands) - 1, command=cmd.to_json(), events=n, sha256="0" * 64)


def _desync_then(answer: Callable[[object], None]) -> tuple[HostThread, Path]:
    host = HostThread(SKIRMISH).start()
    link, lock = raw_player(host.address, host.code)
    until_my_turn(link, lock)
    _lie(link, lock)
    msg = link.recv(DEADLINE, ("desync", "command", "digest"))
    while msg["type"] != "desync":
        msg = link.recv(DEADLINE)
    answer(link)
    assert host.finish() == 1
    folders = sorted(log_dir().glob("desync-*"))
    assert len(folders) == 1, host.lines
    return host, folders[0]


def test_a_forged_desync_answer_is_cleaned_in_the_log_and_kept_valid_in_the_report():
    forged = [ESC + '{"forged": 1}\nrout: round 9: both logs agree', '{"event": "x"}', 7]
    host, folder = _desync_then(lambda link: link.send("desync", round=1, start=0, events=forged, dice=ESC + "\n"))
    line = host.said("desync in")
    assert _clean(line) and "\x1b" not in line
    for name in ("here.jsonl", "there.jsonl"):
        for text in (folder / name).read_text().splitlines():
            json.loads(text)  # every line JSON: nothing received broke the file
    there = (folder / "there.jsonl").read_text().splitlines()
    assert json.loads(there[-3]) == forged[0]  # kept, quoted, as received
    assert json.loads(there[-2]) == {"event": "x"}
    report = (folder / "report.txt").read_text()
    assert "\x1b" not in report and len(report.splitlines()) == 4


def test_a_joiner_that_hangs_up_instead_of_answering_a_desync_still_leaves_a_report():
    host, folder = _desync_then(lambda link: link.close())
    assert "before sending its log" in host.said("desync in")
    assert (folder / "here.jsonl").read_text()
    assert "there 0" in (folder / "report.txt").read_text()


# Rows 5 and 6: a hostile host.


@contextmanager
def _fake_host(answer: Callable[[ServerConnection], None]) -> Iterator[str]:
    """A host of the test's own on 127.0.0.1 that reads the hello and answers as told."""

    def handle(ws: ServerConnection) -> None:
        with suppress(ConnectionClosed, TimeoutError):
            ws.recv(timeout=DEADLINE)
            answer(ws)
            ws.recv(timeout=DEADLINE)  # until the joiner goes

    server = serve(handle, "127.0.0.1", 0, compression=None)
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    try:
        yield f"127.0.0.1:{server.socket.getsockname()[1]}"
    finally:
        server.shutdown()
        t.join(DEADLINE)


def _join(address: str) -> tuple[int, list[str]]:
    lines: list[str] = []
    code = join(JoinPlan(address, "T-CODE", say=lines.append, timeout=DEADLINE, wait=0), ai, None)
    return code, lines


def test_a_hosts_refusal_is_shown_cleaned():
    with _fake_host(lambda ws: ws.send(encode("refused", reason=ESC + "no\nrout: both logs agree"))) as address:
        code, lines = _join(address)
    assert code == 1
    assert lines == ["the host refused: ?[2Jno?rout: both logs agree"]


def _welcome(**over: object) -> str:
    fields: dict[str, object] = {
        "role": "play",
        "side": "red",
        "holders": {"blue": "host", "red": "join"},
        "map": {"shipped": "skirmish.tmx", "sha256": file_sha256(MAPS / "skirmish.tmx")},
        "seed": 1,
        "dice": 2,
        "options": {},
        "commands": [],
        "events": 0,
        "sha256": "0" * 64,
    }
    return encode("welcome", **(fields | over))


@pytest.mark.parametrize(
    "options",
    [{"no_such_rule": 1}, {"max_rounds": "many"}, {"max_rounds": 10**18}, {"initiative": ["group"]}],
    ids=["unknown", "wrong type", "huge", "a list"],
)
def test_a_welcome_with_options_this_rout_refuses_is_one_line(options):
    with _fake_host(lambda ws: ws.send(_welcome(options=options))) as address:
        code, lines = _join(address)
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith("a welcome whose rule options this Rout refuses: "), lines
    assert _clean(lines[0])


# Rows 7 and 8: what a received map may name.


def _own_map() -> dict[str, bytes]:
    """The duel as a map of the host's own, as describe() sends it: the map, its tileset and the
    tileset's picture, by paths from their common folder."""
    return {
        "maps/duel.tmx": (MAPS / "duel.tmx").read_bytes(),
        "maps/terrain.tsx": (MAPS / "terrain.tsx").read_bytes(),
        "assets/tiles/terrain.png": (MAPS.parent / "assets" / "tiles" / "terrain.png").read_bytes(),
    }


def _desc(files: dict[str, bytes], name: str = "maps/duel.tmx") -> dict[str, object]:
    return {
        "name": name,
        "sha256": folder_sha256(files),
        "files": {k: base64.b64encode(v).decode("ascii") for k, v in files.items()},
    }


def test_the_honest_map_beside_the_hostile_ones_is_taken():
    assert receive(_desc(_own_map())).is_file()


@pytest.mark.parametrize("where", ["absolute", "up"])
def test_a_received_map_naming_a_file_outside_its_folder_is_refused(tmp_path, where):
    secret = tmp_path / "private" / "secret.tsx"
    secret.parent.mkdir()
    secret.write_bytes((MAPS / "terrain.tsx").read_bytes())
    files = _own_map()
    named = str(secret) if where == "absolute" else "../" * 12 + "/".join(secret.parts[1:])
    files["maps/duel.tmx"] = files["maps/duel.tmx"].replace(b'source="terrain.tsx"', f'source="{named}"'.encode())
    assert named.encode() in files["maps/duel.tmx"]
    with pytest.raises(ProtocolError, match="the host's map names a file outside what it sent"):
        receive(_desc(files))


def test_a_received_tileset_whose_picture_is_outside_is_refused(tmp_path):
    picture = tmp_path / "private.png"
    picture.write_bytes((MAPS.parent / "assets" / "tiles" / "terrain.png").read_bytes())
    files = _own_map()
    files["maps/terrain.tsx"] = files["maps/terrain.tsx"].replace(b"../assets/tiles/terrain.png", str(picture).encode())
    with pytest.raises(ProtocolError, match="the host's map names a file outside what it sent"):
        receive(_desc(files))


@pytest.mark.parametrize(
    ("other", "why"),
    [
        ("./maps/duel.tmx", "is not a plain relative path"),
        ("maps//duel.tmx", "is not a plain relative path"),
        ("Maps/Duel.tmx", "comes twice"),
    ],
)
def test_one_file_under_two_names_is_refused(other, why):
    """Both names passed the old check, and the second written replaced the first: the folder
    then held bytes the digest did not cover."""
    files = _own_map()
    files[other] = b"<map/>"
    with pytest.raises(ProtocolError, match=why):
        receive(_desc(files))
    folder = map_transfer.received_folder()
    assert not folder.exists() or not any(folder.iterdir())


@pytest.mark.slow
def test_a_received_map_from_before_the_check_is_not_sent_on_when_hosted_again(tmp_path):
    """An autosave of a joined battle hosted again (`rout host --load`) sends its map on: one
    received before joiners refused outside files must not carry one of this machine's with it."""
    secret = tmp_path / "private" / "terrain.tsx"
    secret.parent.mkdir()
    secret.write_text((MAPS / "terrain.tsx").read_text().replace("../assets/", str(MAPS.parent / "assets") + "/"))
    folder = map_transfer.received_folder() / ("ab" * 16)
    folder.mkdir(parents=True)
    tmx = (MAPS / "duel.tmx").read_text().replace('source="terrain.tsx"', f'source="{secret}"')
    (folder / "duel.tmx").write_text(tmx)
    p = subprocess.run(
        [sys.executable, "-m", "game", "host", "--headless", str(folder / "duel.tmx"), "--listen", "127.0.0.1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=DEADLINE,
    )
    assert p.returncode == 2, p.stderr
    assert "a received map naming a file outside what was sent" in p.stderr and "it is not sent on" in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1
