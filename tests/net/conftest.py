"""What every network test shares: the connections a test kept open are closed when it ends."""

from collections.abc import Iterator

import pytest

from tests.net.peers import KEPT


@pytest.fixture(autouse=True)
def _kept_connections_closed() -> Iterator[None]:
    # A connection left open keeps its keepalive thread pinging (websockets draws each ping's
    # payload from the `random` module), into whatever test the worker runs next.
    yield
    KEPT.close()
