"""A headless joiner or spectator: connect, say the code, take the map and the command log from
the welcome, replay it (checked by digest), then play or watch by lockstep to the end."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from websockets.exceptions import InvalidHandshake, InvalidURI
from websockets.sync.client import connect

from game.core.battle import Battle
from game.core.commands import Command, Illegal
from game.core.options import OptionError
from game.core.rules.dice import is_scheme
from game.core.rules_version import RULES
from game.net import map_transfer
from game.net.link import Dropped, Link
from game.net.lockstep import Lockstep
from game.net.peer import Desync, Peer, Refused
from game.net.protocol import MAX_MESSAGE, ProtocolError, plain, shown
from game.net.report import write_desync
from game.save.autosave import autosave, saves_folder
from game.save.files import event_lines, write_atomic
from game.scenario.errors import ScenarioError
from game.scenario.tiled import load_scenario

CONNECT_SECONDS = 10.0
RETRY_SECONDS = 1.0  # between two tries to join again a host that dropped


@dataclass
class JoinPlan:
    address: str  # HOST:PORT
    code: str
    watch: bool = False
    levels: dict[str, str] | None = None  # the AI's level for the side given (headless)
    timeout: float = 120.0
    wait: float = 300.0  # how long to go on trying to join again after the host dropped
    say: Callable[[str], None] = print
    make_battle: Callable[..., Battle] = Battle  # tests give a different one to make a desync
    on_welcome: Callable[[Lockstep, str], None] = lambda lock, side: None  # the battle as welcomed, my side
    on_command: Callable[[Lockstep], None] = lambda lock: None  # after each command, and while waiting


class NetError(Exception):
    """A join that cannot go on; the text is its one line."""


@contextmanager
def open_link(plan: JoinPlan) -> Iterator[Link]:
    """A connection to the host that has said hello, closed when the block ends."""
    try:
        ws = connect(f"ws://{plan.address}", max_size=MAX_MESSAGE, compression=None, open_timeout=CONNECT_SECONDS)
    except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as e:
        raise NetError(f"cannot reach {plan.address}: {e}") from None
    with ws:
        link = Link(ws, "the host")
        link.send("hello", code=plan.code, role="watch" if plan.watch else "play", rules=RULES)
        try:
            yield link
        finally:
            link.drain()  # so the close is not held up behind a message never read


def welcomed(plan: JoinPlan, link: Link) -> tuple[Lockstep, str]:
    """The battle as the host has it now, and my side ("" when watching)."""
    try:
        msg = link.recv(CONNECT_SECONDS + plan.timeout, ("welcome", "refused"))
    except Dropped as e:
        if e.reason:  # the refusal's message lost, its close kept (websockets before 14.0)
            raise NetError(f"the host refused: {e.reason}") from None
        raise
    if msg["type"] == "refused":
        raise NetError(f"the host refused: {plain(str(msg['reason']))}")
    path = map_transfer.receive(dict(msg["map"]))  # type: ignore[call-overload]
    try:
        scenario = load_scenario(path)
    except ScenarioError as e:
        raise NetError(f"the host's map does not load: {plain(e.problems[0])}") from None
    side = str(msg["side"])
    holders = msg["holders"]
    if not isinstance(holders, dict) or sorted(holders) != sorted(scenario.sides) or (side and side not in holders):
        raise ProtocolError("a welcome whose sides are not the map's")
    mine = frozenset([side]) if side else frozenset()
    controllers = {s: ("ai" if s in mine else "human") for s in scenario.sides}
    if not is_scheme(msg["dice"]):
        raise ProtocolError(f"a welcome with dice scheme {shown(msg['dice'])}, which this Rout does not know")
    try:
        battle = plan.make_battle(
            scenario,
            seed=msg["seed"],
            dice=msg["dice"],
            options=dict(msg["options"]),  # type: ignore[call-overload]
            controllers=controllers,
        )
    except OptionError as e:
        raise ProtocolError(f"a welcome whose rule options this Rout refuses: {plain(str(e))}") from None
    lock = Lockstep(battle, mine, frozenset(scenario.sides) - mine, options=dict(msg["options"]))  # type: ignore[call-overload]
    try:
        lock.catch_up(list(msg["commands"]), int(msg["events"]), str(msg["sha256"]))  # type: ignore[call-overload]
    except Illegal as e:
        raise NetError(str(e)) from None
    return lock, side


def join(plan: JoinPlan, decide: Callable[[Battle, str], Command], log: str | None) -> int:
    """Join (or watch) to the end: 0 when the battle ends with both logs agreeing, 1 otherwise.
    A host that drops mid-battle leaves the battle autosaved and this side trying to join again
    with the same code for plan.wait seconds; the battle then resumes from the host's command log."""
    lock: Lockstep | None = None
    deadline: float | None = None  # set while trying to join again

    def _keep(got: Lockstep) -> None:
        nonlocal lock, deadline
        lock, deadline = got, None

    try:
        while True:
            try:
                return _once(plan, decide, _keep)
            except (NetError, Dropped) as e:
                if lock is None or lock.battle.over or (deadline is not None and time.monotonic() > deadline):
                    plan.say(f"{e}{_at(lock)}")
                    return 1
                if deadline is None:
                    deadline = time.monotonic() + plan.wait
                    where = autosave(saves_folder(), lock.battle, lock.commands, options=lock.options)
                    plan.say(f"{e}{_at(lock)}; the battle is autosaved at {where}; trying to join again")
                time.sleep(RETRY_SECONDS)  # the host may still be noticing the drop: it refuses until then
            except (Refused, ProtocolError) as e:
                plan.say(f"{e}{_at(lock)}")
                return 1
            except Desync as e:
                assert lock is not None
                folder = write_desync(lock, e, who="spectator" if plan.watch else "joiner")
                plan.say(f"{e} (both logs and a report in {folder})")
                return 1
    finally:
        if log and lock is not None:
            write_atomic(log, event_lines(lock.battle.events))


def _once(plan: JoinPlan, decide: Callable[[Battle, str], Command], welcomed_to: Callable[[Lockstep], None]) -> int:
    """One connection: the welcome (its battle given to `welcomed_to`), then play or watch to the end."""
    with open_link(plan) as link:
        lock, side = welcomed(plan, link)
        welcomed_to(lock)
        plan.on_welcome(lock, side)
        title = plain(lock.battle.scenario.title, 80)
        plan.say(f"joined {title}: " + (f"playing {plain(side)}" if side else "watching"))
        level = (plan.levels or {}).get(side, "normal")
        peer = Peer(lock, link, lambda b: decide(b, level), plan.timeout, speaks=not plan.watch)
        peer.on_command = lambda: plan.on_command(lock)
        peer.play()
    return 0


def _at(lock: Lockstep | None) -> str:
    return f" in round {lock.battle.round}" if lock is not None else ""
