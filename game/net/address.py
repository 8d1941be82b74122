"""The host's address a joiner is given: HOST:PORT, or [IPV6]:PORT. The joiner puts it in a
ws:// URL as it is (game/net/joining.py), so it is checked whole here first: websockets' URL
parser raises ValueError at a bad port or bracket, and a '/', '?', '#' or '@' in the host would
quietly make the URL name another host or port."""

from __future__ import annotations

import ipaddress
import re

from game.net.protocol import shown

_NAME = re.compile(r"[A-Za-z0-9._-]+")  # a DNS name or an IPv4 address, nothing a URL reads as more


def host_port(text: str) -> str:
    """The address as the ws:// URL takes it, or ValueError with the one line that says why not."""
    if text.startswith("["):
        host, bracket, tail = text[1:].partition("]")
        if not bracket or not tail.startswith(":"):
            raise ValueError(f"give the host's address as [IPV6]:PORT, not {shown(text)}")
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(f"{shown(host)} is not an IPv6 address") from None
        port = tail[1:]
    else:
        host, colon, port = text.rpartition(":")
        if not colon or not host:
            raise ValueError(f"give the host's address as HOST:PORT, not {shown(text)}")
        if ":" in host:
            raise ValueError(f"an IPv6 address goes in brackets, as [::1]:PORT, not {shown(text)}")
        if not _NAME.fullmatch(host):
            raise ValueError(f"{shown(host)} is not a host name or an IP address")
    port_number(port)
    return text


def port_number(text: str, lowest: int = 1) -> int:
    """The port, from `lowest` (0 for a host: the system picks one) to 65535, or ValueError."""
    # isascii: str.isdigit takes '²', which int() does not; five digits at most: int() refuses
    # a string of thousands.
    if not (text.isascii() and text.isdigit() and len(text) <= 5 and lowest <= int(text) <= 65535):
        raise ValueError(f"a port is a number from {lowest} to 65535, not {shown(text)}")
    return int(text)
