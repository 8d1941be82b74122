"""Games on a Dask distributed cluster: `rout simulate --generate ... --dask ADDRESS` and
`rout price --dask ADDRESS` (docs/command-line.md, "Playing on a cluster").

Each game is sent as a task (game/play/field_games.py's FieldGame: its field's spec, armies, seed
and levels), and a worker makes the field again and plays it, so the results are the same as on one machine, in
the same order. Results come back as they finish, for the progress bar, and are handed on in the
order the games were given. A worker that is lost takes only its games with it: the scheduler
gives them to another (Dask's own recovery), and the run goes on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from game.cli.outputs import UsageError
from game.net.address import host_port

CONNECT_SECONDS = 10.0  # how long a scheduler is waited for; the message says it
FORM = "tcp://HOST:PORT (or tls://, ws://, wss://)"
Task = TypeVar("Task")
Result = TypeVar("Result")


def play_on_cluster(
    address: str, run: Callable[[Task], Result], tasks: Iterable[Task], on_done: Callable[[int], None] | None
) -> Iterator[Result]:
    """run(task) for each task on the cluster's workers, the results in the order of the tasks."""
    try:
        import distributed  # noqa: PLC0415  # the cluster extra, loaded only for --dask
    except ImportError:
        raise UsageError("--dask needs Dask distributed: pip install 'rout[cluster]'") from None
    dask: Any = distributed  # its Client and as_completed carry no types mypy --strict takes
    where = address if len(address) <= 60 else address[:57] + "..."
    wrong = _not_a_scheduler(dask, address)
    if wrong:
        raise UsageError(f"--dask {where}: {wrong}")
    try:
        client = dask.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError) as e:
        raise UsageError(f"--dask {where}: no Dask scheduler answered ({_first_line(e)})") from None
    with client:
        futures = [client.submit(run, t, pure=False) for t in tasks]
        place = {f.key: i for i, f in enumerate(futures)}
        done: dict[int, Result] = {}
        given = 0
        for count, future in enumerate(dask.as_completed(futures, loop=client.loop), 1):
            done[place[future.key]] = future.result()
            if on_done is not None:
                on_done(count)
            while given in done:
                yield done.pop(given)
                given += 1


def _not_a_scheduler(dask: Any, address: str) -> str | None:
    """Why no Dask scheduler can be reached at `address`, or None once something of Dask's has
    answered there. Asked before the client is made, which does neither: an address of a scheme
    Dask has no comm for, or with a port it cannot read, was a ValueError from inside it, and a
    server that is not Dask's held its handshake with no bound (an HTTP server's: 59 s, or for
    ever); a client whose start failed so failed again 20 s later, closing itself at exit."""
    from distributed.comm.addressing import parse_address  # noqa: PLC0415
    from distributed.comm.registry import get_backend  # noqa: PLC0415

    scheme, loc = parse_address(address)  # no scheme: Dask's default, tcp
    try:
        backend: Any = get_backend(scheme)  # its methods carry no types mypy --strict takes
    except (ValueError, ImportError):  # no comm of Dask's by that name (or a plugin's that does not load)
        return f"not a Dask scheduler's address: give {FORM}"
    try:
        backend.get_address_host_port(loc)
    except NotImplementedError:  # inproc: a scheduler in this very process; ucx without its package
        return f"not a Dask scheduler's address: give {FORM}"
    except ValueError:
        pass  # a host and port Dask cannot read: host_port says what is wrong with them
    try:
        host_port(loc)
    except ValueError as e:
        return str(e)
    connection = dask.Security().get_connection_args("client")
    if scheme == "tls" and connection.get("ssl_context") is None:
        return "tls:// needs Dask's TLS settings (distributed.comm.tls in its configuration), and there are none"
    return _answers(dask, address, connection)


def _answers(dask: Any, address: str, connection: dict[str, Any]) -> str | None:
    """None when a Dask server completes its handshake at `address` within CONNECT_SECONDS."""

    async def handshake() -> None:
        comm = await dask.comm.connect(address, timeout=CONNECT_SECONDS, **connection)
        await comm.close()

    within = f"no Dask scheduler answered within {CONNECT_SECONDS:g} s"
    try:
        asyncio.run(asyncio.wait_for(handshake(), CONNECT_SECONDS))
    except TimeoutError:  # nothing came back, or not all of a handshake
        return within
    except OSError as e:  # refused, or hung up on (CommClosedError)
        return f"{within} ({_first_line(e)})"
    except ImportError as e:  # a comm whose package is missing: ucx:// without ucx-py (the Dask versions that carry it)
        return f"this machine cannot connect by {address.partition('://')[0]}:// ({_first_line(e)})"
    except Exception:  # noqa: BLE001  # another protocol's bytes read as Dask's frames: a 3 EiB allocation, msgpack's errors
        return f"{within} (what answered does not speak Dask's protocol)"
    return None


def _first_line(e: BaseException) -> str:
    return (str(e).splitlines() or [type(e).__name__])[0][:120]
