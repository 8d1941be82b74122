"""Games against another checkout's AI (`rout match A B --against PATH`): level B decides in a
process of its own that imports that checkout's code (game/match/other_ai_server.py), so a change
can be measured against main. Both engines play the same battle; each answer says how many events
and draws the other engine has, and a difference stops the match (the engines' rules differ)."""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys
from pathlib import Path

from game import ai
from game.core.battle import Battle
from game.core.commands import Command, Illegal, from_json
from game.match import EnginesDiffer
from game.scenario.tiled import load_scenario

SERVER = Path(__file__).with_name("other_ai_server.py")


class OtherAI:
    """The other checkout's AI, in a process kept for every game this process plays."""

    def __init__(self, checkout: str) -> None:
        env = dict(os.environ) | {"PYTHONPATH": str(Path(checkout).resolve())}
        # -P: the server's own folder (this package) is not put first on the path
        self.proc = subprocess.Popen(
            [sys.executable, "-P", str(SERVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        atexit.register(self.close)

    def ask(self, msg: dict[str, object]) -> dict[str, object]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise EnginesDiffer(f"the other checkout's AI stopped (exit status {self.proc.wait()})")
        answer: dict[str, object] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait()


_RUNNING: dict[str, OtherAI] = {}


def other_ai(checkout: str) -> OtherAI:
    if checkout not in _RUNNING:
        _RUNNING[checkout] = OtherAI(checkout)
    return _RUNNING[checkout]


def play_against(map_path: str, seed: int, levels: dict[str, str], theirs: tuple[str, ...], checkout: str) -> Battle:
    """A game whose sides `theirs` the other checkout's AI plays (at their levels), the others
    this one's; the battle as it ended."""
    battle = Battle(load_scenario(map_path), seed=seed)
    other = other_ai(checkout)
    other.ask({"start": {"map": map_path, "seed": seed, "dice": battle.dice}})
    unsent: list[Command] = []
    while not battle.over:
        side = battle.pending().side or ""
        if side in theirs:
            answer = other.ask({"commands": [c.to_json() for c in unsent], "level": levels[side]})
            unsent = []
            if (answer["events"], answer["draws"]) != (len(battle.events), battle.draws):
                raise EnginesDiffer(
                    f"the checkout at {checkout} sees another battle in round {battle.round} of seed {seed} "
                    "(its engine's rules differ from this one's): a match needs the same rules"
                )
            cmd = from_json(answer["command"])
        else:
            cmd = ai.decide(battle, levels[side])
        try:
            battle.apply(cmd)
        except Illegal as e:  # only the other AI's command can be refused: it decided under other rules
            raise EnginesDiffer(
                f"this engine refuses the command the checkout at {checkout} gave in round {battle.round} of seed "
                f"{seed} ({e}): a match needs the same rules"
            ) from None
        unsent.append(cmd)
    return battle
