"""`rout join HOST:PORT` (game/net/address.py): an address the joiner cannot make a ws:// URL of
is one line and exit status 2 before anything connects (the robustness run's row 9: each of
these was a ValueError traceback from websockets' URL parser); a good one, IPv6 in brackets too,
reaches the connection as a well-formed URL."""

from __future__ import annotations

import pytest

from game.net import joining
from tests.command_line import one_line_error, rout_here


@pytest.fixture
def connections(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The URLs the joiner tried to connect to; each try fails as an unreachable host does."""
    tried: list[str] = []

    def connect(url: str, **_: object) -> None:
        tried.append(url)
        raise OSError("no host here (the test's)")

    monkeypatch.setattr(joining, "connect", connect)
    return tried


def _join(address: str):
    return rout_here("join", address, "--code", "T-ADDR", "--headless")


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("127.0.0.1:-1", "a port is a number from 1 to 65535, not '-1'"),
        ("127.0.0.1:70000", "a port is a number from 1 to 65535, not '70000'"),
        ("127.0.0.1:abc", "a port is a number from 1 to 65535, not 'abc'"),
        ("127.0.0.1:" + "9" * 5000, "a port is a number from 1 to 65535, not '999"),
        ("[::1", "give the host's address as [IPV6]:PORT"),
        ("[::1]", "give the host's address as [IPV6]:PORT"),
        ("[nonsense]:80", "'nonsense' is not an IPv6 address"),
        ("::1:80", "an IPv6 address goes in brackets"),
        ("127.0.0.1:0", "a port is a number from 1 to 65535, not '0'"),
        ("127.0.0.1:²", "a port is a number from 1 to 65535"),
        ("localhost", "give the host's address as HOST:PORT"),
        (":80", "give the host's address as HOST:PORT"),
        ("evil.example/x:80", "'evil.example/x' is not a host name or an IP address"),
        ("user@host:80", "'user@host' is not a host name"),
    ],
)
def test_a_malformed_address_is_one_line_before_anything_connects(connections, address, says):
    r = _join(address)
    one_line_error(r, "HOST:PORT", says)
    assert len(r.stderr) < 200  # the 5,000-digit port is cut short, not echoed
    assert connections == []


@pytest.mark.parametrize(
    ("address", "url"),
    [
        ("127.0.0.1:8765", "ws://127.0.0.1:8765"),
        ("[::1]:8765", "ws://[::1]:8765"),
        ("my-host.lan:1", "ws://my-host.lan:1"),
    ],
)
def test_a_good_address_is_connected_to_as_a_well_formed_url(connections, address, url):
    r = _join(address)
    assert r.returncode == 1 and f"cannot reach {address}" in r.stderr, r.stderr
    assert connections == [url]


@pytest.mark.parametrize("port", ["9" * 5000, "²", "65536"])
def test_a_hosts_port_out_of_bounds_is_one_line_cut_short(port):
    # The same check as the joiner's port: a 5,000-digit --port was echoed whole, and '²' (a
    # digit to str.isdigit, not to int) said only "invalid _port value".
    r = rout_here("host", "skirmish", "--headless", "--port", port)
    one_line_error(r, "--port", "a port is a number from 0 to 65535, not ")
    assert len(r.stderr) < 200
