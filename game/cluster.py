"""Games on a Dask distributed cluster: `rout simulate --generate ... --dask ADDRESS` and
`rout price --dask ADDRESS` (README.md, "Playing on a cluster").

Each game is sent as a task (game/field_games.py's FieldGame: its field's spec, armies, seed
and levels), and a worker makes the field again and plays it, so the results are the same as on one machine, in
the same order. Results come back as they finish, for the progress bar, and are handed on in the
order the games were given. A worker that is lost takes only its games with it: the scheduler
gives them to another (Dask's own recovery), and the run goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from game.cli_outputs import UsageError

CONNECT_TIMEOUT = "10s"
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
    try:
        client = dask.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as e:
        raise UsageError(f"--dask {address}: no scheduler answered ({str(e).splitlines()[0][:120]})") from None
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
