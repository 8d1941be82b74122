"""What a host refuses (issue 21): a wrong join code (then held off a while), a newer protocol,
a forged command for the host's side, malformed JSON and a 100 MB message. Each is one line in
the host's log; the battle goes on with an honest joiner, and nothing is written outside the
data and log folders."""

from __future__ import annotations

import json
import os
from contextlib import suppress

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.core.rules_version import RULES
from game.home.bundled import MAPS
from game.net.protocol import PROTOCOL, encode
from tests.net.peers import DEADLINE, HostThread, join_thread, raw_player, until_my_turn

SKIRMISH = str(MAPS / "skirmish.tmx")


def _hello(address: str, **fields: object) -> dict[str, object]:
    """Send one hello as given and return the host's answer."""
    with connect(f"ws://{address}", open_timeout=DEADLINE, compression=None) as ws:
        with suppress(ConnectionClosed):  # refused before a word: the refusal is still there to read
            ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "role": "play", "rules": RULES} | fields))
        try:
            return json.loads(ws.recv(timeout=DEADLINE))
        except ConnectionClosed as e:  # websockets before 14.0 may lose the message before a close
            assert e.rcvd is not None and e.rcvd.code == 1008, e
            return {"type": "refused", "protocol": PROTOCOL, "reason": e.rcvd.reason}


def _honest_joiner_finishes(host: HostThread, tmp_path) -> None:
    t, out, lines = join_thread(host.address, host.code, str(tmp_path / "join.jsonl"))
    t.join(DEADLINE)
    assert out == [0], lines
    assert host.finish() == 0, host.lines


@pytest.fixture
def in_empty_folder(tmp_path, monkeypatch):
    """The test runs in an empty folder, which must stay empty: nothing but the data and log
    folders (under the test's own home) is written."""
    here = tmp_path / "cwd"
    here.mkdir()
    monkeypatch.chdir(here)
    yield here
    assert os.listdir(here) == []


def test_a_wrong_code_is_refused_and_the_address_held_off(in_empty_folder, tmp_path):
    host = HostThread(SKIRMISH).start()
    clock = [0.0]  # the hold-off is timed on the test's clock: a slow machine's seconds do not end it
    host.host.listener.gate.now = lambda: clock[0]
    assert _hello(host.address, code="WRONG") == {"type": "refused", "protocol": PROTOCOL, "reason": "wrong join code"}
    assert "127.0.0.1: refused: wrong join code" in host.said("wrong join code")
    again = _hello(host.address, code=host.code)  # even the right code, straight after
    assert again["type"] == "refused" and "too many wrong join codes" in str(again["reason"])
    clock[0] += 1.0  # the hold-off over (a second after one wrong code): the player comes in
    _honest_joiner_finishes(host, tmp_path)


def test_a_joiner_under_other_rules_is_refused_in_one_line(in_empty_folder, tmp_path):
    """Issue 41: the same protocol under other rules would part at the first roll: refused."""
    host = HostThread(SKIRMISH).start()
    answer = _hello(host.address, code=host.code, rules=RULES + 1)
    assert answer["type"] == "refused"
    assert answer["reason"] == (
        f"this host plays rules version {RULES}, the joiner rules version {RULES + 1}: play with the same Rout"
    )
    _honest_joiner_finishes(host, tmp_path)


def test_a_newer_protocol_is_refused_in_one_line(in_empty_folder, tmp_path):
    host = HostThread(SKIRMISH).start()
    answer = _hello(host.address, code=host.code, protocol=PROTOCOL + 1)
    assert answer["type"] == "refused"
    assert f"protocol {PROTOCOL + 1} is newer than this Rout's ({PROTOCOL}); update Rout" in str(answer["reason"])
    host.said("update Rout")
    _honest_joiner_finishes(host, tmp_path)


def test_a_forged_command_for_the_hosts_side_is_refused_and_never_played(in_empty_folder, tmp_path):
    host = HostThread(SKIRMISH).start()
    link, lock = raw_player(host.address, host.code)
    until_my_turn(link, lock)
    foe = next(u for u in lock.battle.world.units.values() if u.side in lock.theirs)
    played = len(host.host.lock.commands)
    n, sha = lock.digest()
    link.send("command", n=len(lock.commands), command={"action": "hold", "unit": foe.id}, events=n, sha256=sha)
    line = host.said("a side its sender does not hold")
    assert line.startswith("127.0.0.1: refused: command") and "\n" not in line
    assert len(host.host.lock.commands) == played  # never applied
    with pytest.raises(ConnectionClosed):
        link.ws.recv(timeout=DEADLINE)
    host.said("autosaved")
    _honest_joiner_finishes(host, tmp_path)


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ("{not json", "refused: a message that is not JSON"),
        (encode("command", n=0), "refused: a 'command' message whose 'command' is not a dict"),
        (json.dumps({"type": "digest", "protocol": PROTOCOL + 1}), "newer than this Rout's"),
        ("x" * (100 * 2**20), "sent a message over the size limit"),
    ],
    ids=["malformed", "schema", "newer", "100MB"],
)
def test_a_bad_message_mid_battle_closes_that_connection_only(in_empty_folder, tmp_path, sent, said):
    host = HostThread(SKIRMISH).start()
    link, lock = raw_player(host.address, host.code)
    until_my_turn(link, lock)
    with suppress(ConnectionClosed):  # the host may close while the 100 MB are still going
        link.ws.send(sent)
    line = host.said(said)
    assert line.count("\n") == 0 and "Traceback" not in "".join(host.lines)
    _honest_joiner_finishes(host, tmp_path)
