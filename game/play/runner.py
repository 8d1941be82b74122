"""Playing a battle on: commands from a list first, then the AI decides for its sides."""

from __future__ import annotations

import itertools
import json
import multiprocessing as mp
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TYPE_CHECKING, TypeVar

from game.core import events as ev
from game.core.battle import Battle, Pending
from game.core.commands import Command, Illegal, shown_id
from game.play.game_result import GameResult, LessonResult
from game.play.lesson_run import LessonRun
from game.play.parent_death import die_with_parent
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario

if TYPE_CHECKING:
    from game.ai.candidate import Explanation

# One game for a worker: map path, seed, levels, options, keep_events, explain.
_Task = tuple[str, int, dict[str, str], dict[str, object], bool, bool]
T = TypeVar("T")
R = TypeVar("R")


def _decide(battle: Battle, level: str, notes: Explanation | None) -> Command:
    """The AI's command. Its package (tcod, numpy: 0.2-0.3 s) is imported here, at the first
    decision: what only reads a saved battle back (the window's menu, a save opened) never loads it."""
    from game import ai  # noqa: PLC0415

    return ai.decide(battle, level, notes)


def apply_all(battle: Battle, commands: Iterable[Command]) -> None:
    """Apply commands in order; an Illegal names the command by its place in the list."""
    for i, cmd in enumerate(commands):
        if battle.over:
            raise Illegal(f"command {i + 1} comes after the battle ended")
        try:
            battle.apply(cmd)
        except Illegal as e:
            raise Illegal(f"command {i + 1} ({cmd.action} {shown_id(cmd.unit)}) is refused: {e}") from None


def play(
    battle: Battle,
    levels: dict[str, str] | None = None,
    commands: Iterable[Command] = (),
    stop_at_human: bool = False,
    *,
    max_decisions: int = 200_000,
    explain: Callable[[Battle, Pending, str, Command, Explanation], None] | None = None,
    script: LessonRun | None = None,
    played: list[Command] | None = None,
) -> Battle:
    """Run commands in order, then let the AI (each side's level) decide until the battle ends.

    With stop_at_human, stop when a human-controlled decision is pending and the
    commands have run out (a replay of a game that was saved mid-battle).
    With explain, each AI decision also calls explain(battle, pending, level, command, notes),
    where notes are the AI's top candidates and scores (the event log is not touched).
    With a lesson's script, its commands due are played before the AI decides (the player's own
    steps too); one the battle refuses is skipped and noted in the script's run. With played,
    every command after `commands` is appended to it.
    """
    levels = levels or {}
    apply_all(battle, commands)
    decisions = 0
    while not battle.over:
        p = battle.pending()
        if stop_at_human and p.controller == "human":
            break
        decisions += 1
        if decisions > max_decisions:
            raise RuntimeError("the battle did not end; the AI is stuck")
        step = script.due(battle) if script is not None else None
        if step is not None and script is not None:
            try:
                battle.apply(step.do)
            except Illegal as e:
                script.skip(step, str(e))
            else:
                script.done(step)
                if played is not None:
                    played.append(step.do)
                continue
        level = levels.get(p.side or "", "baseline")
        notes: Explanation = []
        cmd = _decide(battle, level, notes if explain else None)
        if explain is not None:
            explain(battle, p, level, cmd, notes)
        battle.apply(cmd)
        if played is not None:
            played.append(cmd)
    return battle


def summary(battle: Battle) -> dict[str, dict[str, int]]:
    """Per-side counts of what happened, for `rout simulate`."""
    sides = battle.scenario.sides
    out = {
        s: {"casualties": 0, "retreats": 0, "knockdowns": 0, "morale_failures": 0, "fled": 0, "surrendered": 0}
        for s in sides
    }
    side_of = {u.id: u.side for u in battle.world.units.values()}
    counted = {
        ev.Death: "casualties",
        ev.Retreat: "retreats",
        ev.Knockdown: "knockdowns",
        ev.MoraleCheck: "morale_failures",
        ev.Fled: "fled",
        ev.Surrender: "surrendered",
    }
    for e in battle.events:
        what = counted.get(type(e))
        if what is None or (isinstance(e, ev.MoraleCheck) and e.result == "pass"):
            continue
        s = side_of.get(getattr(e, "id", ""))
        if s is not None:
            out[s][what] += 1
    return out


def play_many(
    map_path: str,
    jobs: Iterable[tuple[int, dict[str, str]]],
    options: dict[str, object] | None = None,
    *,
    workers: int = 1,
    on_done: Callable[[int], None] | None = None,
    keep_events: bool = False,
    explain: bool = False,
) -> Iterator[GameResult]:
    """Play one game per (seed, levels), in parallel over `workers` processes, yielding each
    result in the order given as soon as it and those before it are done.

    Each game depends only on its map, options, seed and levels, so the results are the same for
    any number of workers. `jobs` is read one game at a time and results are not kept, so a
    million games take no more memory than a few. Each result holds seed, levels, winner,
    rounds, reason, summary, and with keep_events the event list, with explain the AI's
    explanation lines.
    """
    on_map = ((map_path, seed, lv) for seed, lv in jobs)
    yield from play_each(on_map, options, workers=workers, on_done=on_done, keep_events=keep_events, explain=explain)


def play_each(
    jobs: Iterable[tuple[str, int, dict[str, str]]],
    options: dict[str, object] | None = None,
    *,
    workers: int = 1,
    on_done: Callable[[int], None] | None = None,
    keep_events: bool = False,
    explain: bool = False,
) -> Iterator[GameResult]:
    """play_many for games on several maps: one game per (map path, seed, levels). A job is
    read only when a worker is free for it, so its map may be written just before it is read."""
    lazy = ((map_path, seed, lv, options or {}, keep_events, explain) for map_path, seed, lv in jobs)
    head = list(itertools.islice(lazy, 2))  # a single game is played here, without a pool
    tasks = itertools.chain(head, lazy)
    results = in_pool(_one_game, tasks, workers) if workers > 1 and len(head) > 1 else map(_one_game, tasks)
    for done, result in enumerate(results, 1):
        if on_done:
            on_done(done)
        yield result


def in_pool(run: Callable[[T], R], tasks: Iterator[T], workers: int) -> Iterator[R]:
    """run(task) for each task (a game) over a pool of processes, the results in order, with a few
    per worker in flight; a consumer that stops early (closes the iterator) ends the workers.

    A process pool executor, not multiprocessing.Pool: a worker killed by a signal sent to the
    whole process group leaves the pool broken (an error), where Pool's clean-up would wait for
    it for ever."""
    ctx = mp.get_context("fork") if hasattr(os, "fork") else mp.get_context()
    held = _hold_signals()  # a Ctrl-C while the workers start waits until the pool can be ended
    try:
        pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_worker_start, initargs=(os.getpid(),))
    except BaseException:
        _let_signals_in(held)
        raise
    try:
        started = pool.submit(int)  # the workers start here, signals held
        _let_signals_in(held)  # one held back arrives now, inside the try: the pool is ended below
        held = None
        started.result()
        flight: deque[Future[R]] = deque()
        for t in tasks:
            flight.append(pool.submit(run, t))
            if len(flight) >= 4 * workers:
                yield flight.popleft().result()
        while flight:
            yield flight.popleft().result()
    except BaseException:
        # Stopped (Ctrl-C, SIGTERM, a broken pool): no game under way is wanted any more, so the
        # workers end now rather than finish them; waiting on them was seen to hang under load.
        for child in mp.active_children():
            child.terminate()
        raise
    finally:
        if held is not None:
            _let_signals_in(held)
        pool.shutdown(wait=True, cancel_futures=True)  # no game starts after this


def _worker_start(parent: int) -> None:
    """A worker leaves Ctrl-C to its parent, which ends the pool, and stops at once when the pool
    ends it (SIGTERM), whatever the parent made of that signal: one line on Ctrl-C, not a
    traceback from every worker. It also dies with its parent: a worker left behind by a parent
    stopped at the wrong moment (seen under load) would keep the terminal's pipes open."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
    die_with_parent(parent)


def _hold_signals() -> set[int | signal.Signals] | None:
    """Hold Ctrl-C and SIGTERM back (where the system can); the mask to restore, or None."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})


def _let_signals_in(before: set[int | signal.Signals] | None) -> None:
    """Restore the mask _hold_signals changed: a signal held back is delivered now."""
    if before is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


_SCENARIOS: dict[str, Scenario] = {}


def _one_game(task: _Task) -> GameResult:
    map_path, seed, levels, options, keep_events, want_explain = task
    if map_path not in _SCENARIOS:
        _SCENARIOS[map_path] = load_scenario(map_path)
    scenario = _SCENARIOS[map_path]
    lines: list[str] = []

    def note(battle: Battle, p: Pending, level: str, cmd: Command, notes: Explanation) -> None:
        lines.append(explain_line(seed, battle, p, level, cmd, notes))

    # A lesson map's script is followed (`rout simulate` shows what the window teaches), and its
    # commands kept: a replay of the game must play them again, not ask the AI.
    script = LessonRun(scenario.lesson) if scenario.lesson is not None else None
    commands: list[Command] = []
    battle = play(
        Battle(scenario, seed=seed, options=options),
        levels,
        explain=note if want_explain else None,
        script=script,
        played=commands if script is not None else None,
    )
    end = battle.events[-1]
    return {
        "seed": seed,
        "levels": dict(levels),
        "winner": battle.winner,
        "rounds": battle.round,
        "reason": end.reason if isinstance(end, ev.BattleEnd) else None,
        "summary": summary(battle),
        "events": battle.events if keep_events else None,
        "explain": lines,
        "commands": commands if script is not None and keep_events else None,
        "lesson": None if script is None else _lesson_result(script, battle),
    }


def _lesson_result(script: LessonRun, battle: Battle) -> LessonResult:
    """Whether a lesson's game showed its rule, and the scripted commands the battle refused."""
    return {
        "shown": script.shown(battle),
        "missing": [m.words() for m in script.missing(battle)],
        "refused": [f"{step.unit} {step.do.action}: {why}" for step, why in script.skipped],
    }


def explain_line(seed: int, battle: Battle, p: Pending, level: str, cmd: Command, notes: Explanation) -> str:
    """One JSON line per AI decision: the top candidates and their scores, then the choice."""
    cands = notes[-1] if notes else []
    return json.dumps(
        {
            "type": "ai_explain",
            "seed": seed,
            "round": battle.round,
            "decision": p.kind,
            "side": p.side,
            "unit": p.unit,
            "level": level,
            "candidates": [{"score": s, "what": w} for s, w in cands],
            "chosen": cmd.to_json(),
        },
        sort_keys=True,
    )
