"""A seeded replay fuzzer: a real replay file, mutated (values swapped for odd ones, keys dropped
or added, commands shuffled, duplicated and rewritten, deep nesting, huge numbers, truncated or
corrupted bytes), then run through `rout replay` as a player would. Every case must end with
status 0 or 1 (a verify that diverged) or with one line and status 2; anything else, a traceback
included, is an escape. The gate in tests/test_fuzz_replays.py runs a few hundred cases;
bench/bench_fuzz_replays.py runs tens of thousands with the same mutator."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from game import ai
from game.cli.main import main
from game.core.battle import Battle
from game.home.bundled import MAPS
from game.save.replay import Replay
from game.scenario.tiled import load_scenario

ODD: list[object] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2**63,
    2**64,
    -(2**70),
    10**400,
    1.5,
    -0.0,
    1e308,
    "",
    "x",
    "N",
    "blue",
    "red",
    "purple",
    "orc",
    "attack",
    "move",
    "../../etc/passwd",
    "/dev/null",
    "maps",
    "\u0000",
    "é" * 50,
    "y" * 5000,
    [],
    [0],
    [1, 2],
    [1, 2, 3],
    [[1, 2], [1, 3]],
    {},
    {"action": "hold"},
    {"x": 1},
]


@cache
def base_replay() -> str:
    """The JSON of a real replay: three rounds on the starter map, every command recorded (the
    AI's, for sides marked human, so the replay runs its commands and then waits)."""
    path = MAPS / "starter.tmx"
    scenario = load_scenario(path)
    options = {"max_rounds": 3}
    battle = Battle(scenario, seed=5, options=options)
    commands = []
    while not battle.over:
        commands.append(ai.decide(battle, "normal"))
        battle.apply(commands[-1])
    replay = Replay(str(path), 5, options, {s: "human" for s in scenario.sides}, commands, ai={"blue": "random"})
    return json.dumps(replay.to_json())


def _nodes(obj: object, at: tuple = ()) -> list[tuple]:
    """Every place in a JSON tree, as a path of keys and indexes."""
    out = [at]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _nodes(v, (*at, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _nodes(v, (*at, i))
    return out


def _at(obj: Any, at: tuple) -> Any:
    """The value at a path of keys and indexes."""
    for step in at:
        obj = obj[step]
    return obj


def _odd(rng: random.Random) -> object:
    if rng.random() < 0.08:
        depth = rng.choice((50, 500, 5000, 100_000))
        # shallow enough to build as an object; deeper is written straight into the text (json.dumps
        # itself recurses, and a 500-deep list beside the replay's own nesting overflowed it)
        return json.loads("[" * depth + "]" * depth) if depth <= 50 else DEEP(depth)
    return copy.deepcopy(rng.choice(ODD))


class DEEP:
    """A nesting too deep to build as a Python object: written straight into the text."""

    def __init__(self, depth: int) -> None:
        self.depth = depth


def _commands(rng: random.Random, cmds: list) -> str:
    how = rng.choice(("shuffle", "duplicate", "drop", "cut"))
    if how == "shuffle":
        rng.shuffle(cmds)
    elif how == "duplicate":
        i = rng.randrange(len(cmds))
        cmds.insert(i, json.loads(json.dumps(cmds[i])))
    elif how == "drop":
        del cmds[rng.randrange(len(cmds))]
    else:
        del cmds[rng.randrange(len(cmds)) :]
    return f"commands {how}"


def _tree(rng: random.Random, data: dict, op: str) -> tuple[str, DEEP | None]:
    """Drop a value, add a key to an object, or put an odd value somewhere."""
    places = [p for p in _nodes(data) if p]
    if op == "add" or not places:
        objects = [p for p in [(), *places] if isinstance(_at(data, p), dict)]
        target = rng.choice(objects)
        _at(data, target)[rng.choice(("extra", "format", "map", "seed", "unit", "path", "to"))] = copy.deepcopy(
            rng.choice(ODD)
        )
        return f"add at {target}", None
    at = rng.choice(places)
    parent = _at(data, at[:-1])
    if op == "drop":
        del parent[at[-1]]
        return f"drop {at}", None
    value = _odd(rng)
    parent[at[-1]] = "@@DEEP@@" if isinstance(value, DEEP) else value
    return f"replace {at}", value if isinstance(value, DEEP) else None


def mutate(rng: random.Random, text: str) -> tuple[str, str]:
    """One to four mutations of the replay's JSON text; the text and what was done."""
    data = json.loads(text)
    done = []
    deep: DEEP | None = None
    for _ in range(rng.randint(1, 4)):
        op = rng.choice(("replace", "replace", "drop", "add", "commands", "commands"))
        if op == "commands" and isinstance(data.get("commands"), list) and data["commands"]:
            done.append(_commands(rng, data["commands"]))
        else:
            what, made = _tree(rng, data, op)
            done.append(what)
            deep = made or deep
    out = json.dumps(data)
    if deep is not None:
        out = out.replace('"@@DEEP@@"', "[" * deep.depth + "]" * deep.depth, 1)
    if rng.random() < 0.1:
        cut = rng.randrange(len(out) + 1)
        out = out[:cut]
        done.append(f"truncated at {cut}")
    if rng.random() < 0.05:
        raw = bytearray(out.encode("utf-8"))
        raw[rng.randrange(len(raw))] = rng.randrange(256)
        return raw.decode("utf-8", errors="surrogateescape"), ", ".join([*done, "a byte changed"])
    return out, ", ".join(done)


def run_case(seed: int, folder: Path) -> tuple[str, str]:
    """Run `rout replay` on one mutated replay: ('ok' | 'refused' | 'escape', detail)."""
    rng = random.Random(seed)
    text, done = mutate(rng, base_replay())
    path = folder / f"fuzz_{seed}.json"
    path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
    # Headless either way: the bare command would open the replay viewer's window.
    args = ["replay", str(path), *(["--verify"] if seed % 3 == 0 else ["--log", str(path.with_suffix(".jsonl"))])]
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(args)
    except BaseException as e:  # noqa: BLE001  # exactly what the fuzzer hunts
        return "escape", f"seed {seed} ({done}): {type(e).__name__}: {str(e)[:200]}"
    said = err.getvalue().strip().splitlines()
    if code == 0 or (code == 1 and len(said) == 1 and "diverged" in said[0]):
        return "ok", done
    if code == 2 and len(said) == 1 and "Traceback" not in said[0]:
        return "refused", said[0]
    return "escape", f"seed {seed} ({done}): status {code}, said {said[:3]!r}"
