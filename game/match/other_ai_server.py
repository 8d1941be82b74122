"""The AI of another checkout of Rout, answering one match's decisions (`rout match --against`).

Run as a script with that checkout first on the path (PYTHONPATH=CHECKOUT python -P THIS_FILE),
so `game` here is the other checkout's: it uses only what every Rout since 0.4 has (Battle,
load_scenario, the commands' JSON, ai.decide). One JSON object a line on stdin, one answer a
line on stdout:

    {"start": {"map": PATH, "seed": N, "dice": D}}     -> {"ok": true}
    {"commands": [...], "level": LEVEL}                 -> {"command": {...}, "events": E, "draws": R}

`commands` are those given since the last question (the other side's, and this AI's own
answer); `events` and `draws` let the match check that both engines still see one battle.
A closed stdin ends it."""

import json
import sys

from game import ai
from game.core.battle import Battle
from game.core.commands import from_json
from game.scenario.tiled import load_scenario


def main() -> int:
    battle = None
    for line in sys.stdin:
        msg = json.loads(line)
        if "start" in msg:
            s = msg["start"]
            battle = Battle(load_scenario(s["map"]), seed=s["seed"], dice=s["dice"])
            answer: dict[str, object] = {"ok": True}
        else:
            assert battle is not None, "a question came before the battle's start"
            for c in msg["commands"]:
                battle.apply(from_json(c))
            cmd = ai.decide(battle, msg["level"])
            answer = {"command": cmd.to_json(), "events": len(battle.events), "draws": battle.draws}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
