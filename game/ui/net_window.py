"""`rout host` and `rout join` with a window (issue 21): the battle on screen, its other player
on another machine. The host's window opens at once, saying the address and the join code; the
joiner's opens once the host has welcomed it, on the battle as the host has it."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable

from game.battle import Battle
from game.commands import Command
from game.net.channel import Channel, Welcome
from game.net.hosting import Host, HostPlan
from game.net.joining import CONNECT_SECONDS, JoinPlan, join
from game.scenario.tiled import load_scenario
from game.settings import load_settings
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.net_play import NetPlay

AI = Callable[[Battle, str], Command]


def host_screen(
    app: App, plan: HostPlan, side: str, ai: AI, echo: Callable[[str], None] = lambda line: None
) -> tuple[BattleScreen, Host, threading.Thread]:
    """The host's battle screen, its player holding `side`, and the host listening on a thread of
    its own (the plan's decide and say are replaced: the window decides for `side`, the AI for
    the host's other sides)."""
    channel = Channel(echo=echo)
    levels = plan.levels

    def decide(b: Battle) -> Command:
        s = b.pending().side or ""
        return channel.decide(b) if s == side else ai(b, levels.get(s, "normal"))

    plan.decide, plan.say, plan.on_command = decide, channel.say, channel.post
    host = Host(plan)
    channel.meanwhile = host.between
    b = plan.battle
    screen = battle_screen(app, Welcome(str(b.scenario.path), b.seed, dict(plan.options), [], side))
    screen.net = NetPlay(channel, "the player who joins")
    thread = channel.run(host.run)
    return screen, host, thread


def join_screen(
    app: App, plan: JoinPlan, deadline: float, echo: Callable[[str], None] = lambda line: None
) -> BattleScreen | str:
    """The joiner's battle screen once the host has welcomed it, or the line that says why not
    ("" when the network has said it already, through `echo`)."""
    channel = Channel(echo=echo)
    plan.say, plan.on_welcome, plan.on_command = channel.say, channel.welcomed, channel.post
    thread = channel.run(lambda: join(plan, lambda b, level: channel.decide(b), None))
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            welcome = channel.welcomes.get(timeout=0.1)
        except queue.Empty:
            if not thread.is_alive():
                return ""
            continue
        screen = battle_screen(app, welcome)
        screen.net = NetPlay(channel, "the host")
        return screen
    channel.closing.set()
    return f"the host did not welcome this Rout in {deadline:g} s"


def battle_screen(app: App, w: Welcome) -> BattleScreen:
    """The window's own copy of the battle: its map read again, its commands played again."""
    scenario = load_scenario(w.map_path)
    controllers = {s: ("human" if s == w.side else "ai") for s in scenario.sides}
    battle = Battle(scenario, seed=w.seed, options=w.options, controllers=controllers)
    for cmd in w.commands:
        battle.apply(cmd)
    screen = BattleScreen(
        app, scenario, seed=w.seed, options=w.options, controllers=controllers, threaded=False, battle=battle
    )
    screen.session.continued(w.commands, saved=False, undo="sent")
    return screen


def host_window(
    plan: HostPlan, side: str, ai: AI, say: Callable[[str], None], log: str | None, save: str | None
) -> int:
    app = App(settings=load_settings())
    screen, host, thread = host_screen(app, plan, side, ai, say)
    line = f"listening on {plan.address}:{host.listener.port}; join code {plan.code}"
    say(line)
    screen.message = line
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
