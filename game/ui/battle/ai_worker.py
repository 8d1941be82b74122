"""The AI's worker: it thinks in its own process on a copy of the battle, so the window never waits."""

from __future__ import annotations

import gc
import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor

from game.core import query
from game.core.battle import Battle
from game.core.commands import Command
from game.core.events import Event
from game.core.terrain import Terrain
from game.play.parent_death import die_with_parent


class AiWorker:
    """One worker process for the AI sides of one battle screen.

    A thread would share the interpreter with the window and could hold up a frame for tens of
    milliseconds on a big battle, hence a process."""

    def __init__(self) -> None:
        self.pool = ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=die_with_parent,  # a window killed outright leaves no worker behind
            initargs=(os.getpid(),),
        )
        self.pool.submit(int)  # start the worker now, while the screen opens, not in a frame
        self.future: Future[tuple[Battle, list[Event], Command]] | None = None

    @property
    def busy(self) -> bool:
        """Whether a decision has been sent and not yet taken back."""
        return self.future is not None

    def send(self, battle: Battle, level: str) -> None:
        """Send a copy of the battle to decide its pending AI decision and play it."""
        self.future = self.pool.submit(_think_and_play, battle.copy(), level)

    def take(self, battle: Battle) -> tuple[Battle, list[Event], Command] | None:
        """The battle after the worker's command, the events it made and the command, once done;
        else None.

        The worker played the command on an exact copy; its state becomes the battle's, keeping
        this battle's event list and terrain (the terrain never changes, and it holds the
        movement tables built so far)."""
        if self.future is None or not self.future.done():
            return None
        after, events, cmd = self.future.result()
        self.future = None
        return battle.adopt(after, events), events, cmd

    def close(self) -> None:
        """Stop the worker without waiting for a decision in progress."""
        self.pool.shutdown(wait=False, cancel_futures=True)


_worker_terrain: list[Terrain] = []  # the worker's own copy of the battlefield, kept between decisions


def _think_and_play(battle: Battle, level: str) -> tuple[Battle, list[Event], Command]:
    """In the worker: decide for the pending AI decision and play it on this copy of the battle,
    so neither the thinking nor the end of the round ever holds up a frame."""
    from game import ai  # noqa: PLC0415  # the AI (tcod, numpy: 0.2-0.3 s) is imported when it first decides, not before the first frame

    # Each decision arrives with a fresh copy of the same terrain; use the one kept from the
    # last decision, whose movement tables and AI maps are already built.
    first = not _worker_terrain
    if _worker_terrain and _worker_terrain[0] == query.terrain(battle):
        battle.reuse_terrain(_worker_terrain[0])
    else:
        _worker_terrain[:] = [query.terrain(battle)]
    cmd = ai.decide(battle, level)
    if first:
        # The AI's modules and the battlefield's tables now stay for the worker's life: set them
        # aside, as the window does at a screen change, so the collector's full passes look only
        # at what the decisions add (a full pass over everything took 12-17 ms, in a decision).
        gc.collect()
        gc.freeze()
    return battle, battle.apply(cmd), cmd
