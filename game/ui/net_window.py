"""`rout host` and `rout join` with a window (issue 21): the battle on screen, its other player
on another machine. The host's window opens at once, saying the address and the join code; the
joiner's opens once the host has welcomed it, on the battle as the host has it."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable

from game.core.battle import Battle
from game.core.commands import Command
from game.core.world import STEADY
from game.home.settings import load_settings
from game.net.channel import Channel, Welcome
from game.net.hosting import Host, HostPlan
from game.net.joining import CONNECT_SECONDS, JoinPlan, join
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.net_play import NetPlay
from game.ui.menus.resume import settle

AI = Callable[[Battle, str], Command]


def window_or_ai(channel: Channel, ai: AI) -> AI:
    """The window's player decides for its side, but for a creature whose morale has broken: the
    battle hands that one to the AI (Battle.controller_of), and the window then waits for its
    command as for the other machine's, so it is decided here, at the window's level for its own
    routed creatures (baseline). Asked of the window instead, both waited on each other."""

    def decide(b: Battle, level: str) -> Command:
        p = b.pending()
        if p.unit is not None and b.world[p.unit].morale != STEADY:
            return ai(b, "baseline")
        return channel.decide(b)

    return decide


def _ai(b: Battle, level: str) -> Command:
    from game import ai  # noqa: PLC0415  # the AI (tcod, numpy) is imported when it first decides

    return ai.decide(b, level)


def host_screen(
    app: App, plan: HostPlan, side: str, ai: AI, echo: Callable[[str], None] = lambda line: None
) -> tuple[BattleScreen, Host, threading.Thread]:
    """The host's battle screen, its player holding `side`, and the host listening on a thread of
    its own (the plan's decide and say are replaced: the window decides for `side`, the AI for
    the host's other sides)."""
    channel = Channel(echo=echo)
    levels = plan.levels

    mine = window_or_ai(channel, ai)

    def decide(b: Battle) -> Command:
        s = b.pending().side or ""
        return mine(b, "baseline") if s == side else ai(b, levels.get(s, "normal"))

    plan.decide, plan.say, plan.on_command = decide, channel.say, channel.post
    host = Host(plan)
    channel.meanwhile = host.between
    b = plan.battle
    welcome = Welcome(str(b.scenario.path), b.seed, b.dice, dict(plan.options), list(plan.commands), side)
    screen = battle_screen(app, welcome, NetPlay(channel, "the player who joins"))
    thread = channel.run(host.run)
    return screen, host, thread


class Joining:
    """A join under way, its connection on a thread of its own: `screen` is asked each frame."""

    def __init__(self, plan: JoinPlan, echo: Callable[[str], None] = lambda line: None) -> None:
        self.channel = channel = Channel(echo=echo)
        plan.say, plan.on_welcome, plan.on_command = channel.say, channel.welcomed, channel.post
        self.thread = channel.run(lambda: join(plan, window_or_ai(channel, _ai), None))

    def screen(self, app: App) -> BattleScreen | str | None:
        """The battle's screen once the host has welcomed this Rout; None while waiting; the
        last line the network said when the join failed."""
        try:
            welcome = self.channel.welcomes.get_nowait()
        except queue.Empty:
            if self.thread.is_alive():
                return None
            line = ""
            while not self.channel.said.empty():
                line = self.channel.said.get_nowait()
            return line
        return battle_screen(app, welcome, NetPlay(self.channel, "the host"))

    def give_up(self) -> None:
        self.channel.closing.set()


def join_screen(
    app: App, plan: JoinPlan, deadline: float, echo: Callable[[str], None] = lambda line: None
) -> BattleScreen | str:
    """The joiner's battle screen once the host has welcomed it, or the line that says why not
    ("" when the network has said it already, through `echo`)."""
    joining = Joining(plan, echo)
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        opened = joining.screen(app)
        if isinstance(opened, BattleScreen):
            return opened
        if opened is not None:
            return ""
        time.sleep(0.05)  # the window is not open yet: nothing to draw meanwhile
    joining.give_up()
    return f"the host did not welcome this Rout in {deadline:g} s"


def battle_screen(app: App, w: Welcome, net: NetPlay) -> BattleScreen:
    """The window's own copy of the battle: its map read again, its commands played again, the
    board shown as it stands (a late joiner is not shown the whole battle moving again)."""
    scenario = load_scenario(w.map_path)
    controllers = {s: ("human" if s == w.side else "ai") for s in scenario.sides}
    battle = Battle(scenario, seed=w.seed, options=w.options, controllers=controllers, dice=w.dice)
    for cmd in w.commands:
        battle.apply(cmd)
    screen = BattleScreen(
        app, scenario, seed=w.seed, options=w.options, controllers=controllers, threaded=False, battle=battle
    )
    screen.session.continued(w.commands, saved=False, undo="sent")
    screen.net = net  # before settling: a side played elsewhere is never the window's AI's
    if w.commands:
        settle(screen)
    return screen


def host_window(
    plan: HostPlan, side: str, ai: AI, say: Callable[[str], None], log: str | None, save: str | None
) -> int:
    app = App(settings=load_settings())
    screen, host, thread = host_screen(app, plan, side, ai, say)
    # the host says it on standard error itself (its lines are echoed): shown here, not said twice
    screen.message = f"listening on {plan.address}:{host.listener.port}; join code {plan.code}"
    app.show(screen)
    code = app.run()
    thread.join(timeout=10)  # the window closed: the host stops at its next look (Channel.closing)
    host.write(log, save)
    return code


def join_window(plan: JoinPlan, say: Callable[[str], None]) -> int:
    app = App(settings=load_settings())
    opened = join_screen(app, plan, CONNECT_SECONDS + plan.timeout, say)
    if isinstance(opened, str):
        if opened:
            say(opened)
        return 1
    app.show(opened)
    return app.run()
