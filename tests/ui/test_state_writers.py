"""Who writes the battle screen's state (issue 41: nine modules wrote it, the drawing among them).
The drawing (game/ui/draw/) only reads it; the screen's own modules (state.py, battle_screen.py)
write any of it; a field another module writes is listed here with the modules that own it.

The scan reads game/ui/ with ast: a state is a parameter annotated with one of its classes, a name
or attribute bound to one (`bs = BattleScreen(...)`, `self.bs = battle_screen`), and what is reached
from it (`s.view`, `cam = s.camera`). A write is an assignment, augmented or not, or a `del`, to an
attribute or item of one."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from tests.source_trees import parsed, text

pytestmark = pytest.mark.xdist_group("source-trees")  # one worker parses game/'s sources for all their readers

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "game" / "ui"
STATES = {"BattleState", "BattleScreen", "SandboxBattle", "Board"}  # Board: net_play.py's view of it
OWN = {"game/ui/battle/state.py", "game/ui/battle/battle_screen.py"}  # the state's own modules

# Fields written outside the state's own modules, and the modules that own each: the input the
# pointer and the keys, the turn flow its keys' questions, the lesson and the network their words.
OWNERS = {
    "mouse": {"game/ui/battle/battle_input.py"},
    "hover_sq": {"game/ui/battle/battle_input.py"},
    "hover_log": {"game/ui/battle/battle_input.py"},
    "drag_from": {"game/ui/battle/battle_input.py"},
    "dragged": {"game/ui/battle/battle_input.py"},
    "shift_held": {"game/ui/battle/battle_input.py"},
    "log_scroll": {"game/ui/battle/battle_input.py"},
    "cursor": {"game/ui/battle/battle_input.py", "game/ui/battle/turn_flow.py", "game/ui/battle/lesson_play.py"},
    "inspect": {"game/ui/battle/battle_input.py", "game/ui/battle/turn_flow.py", "game/ui/main.py"},
    "question": {"game/ui/battle/battle_input.py", "game/ui/battle/turn_flow.py"},
    "roster_open": {"game/ui/battle/turn_flow.py"},
    "ending": {"game/ui/battle/turn_flow.py"},
    "followed": {"game/ui/battle/follow.py"},
    "selected": {"game/ui/battle/undo_control.py"},  # the creature whose command was undone acts again
    "mode": {"game/ui/battle/undo_control.py"},  # a command redone, as one played
    "net": {"game/ui/net_window.py"},  # the channel, wired as a network battle's screen is made
    "lesson": {"game/ui/main.py"},  # a picture of a lesson played on: the opening card put away
    # The status line: whatever answers the player says so there.
    "message": {
        "game/ui/battle/battle_input.py",
        "game/ui/battle/turn_flow.py",
        "game/ui/battle/undo_control.py",
        "game/ui/battle/lesson_play.py",
        "game/ui/battle/net_play.py",
        "game/ui/battle/wait_prompt.py",
        "game/ui/menus/resume.py",
        "game/ui/net_window.py",
    },
}
# The replay viewer's stage is a battle screen that is only drawn: the viewer sets what it shows.
PUPPETEERS = {"game/ui/viewer/viewer.py"}


def _is_state(annotation: ast.expr | None) -> bool:
    return annotation is not None and any(
        isinstance(n, ast.Name) and n.id in STATES or isinstance(n, ast.Constant) and n.value in STATES
        for n in ast.walk(annotation)
    )


def _root(node: ast.expr) -> tuple[str, list[str]]:
    """The name an attribute or item chain starts from, and the attributes along it (`s.view.x`:
    ('s', ['view', 'x'])); `self.bs.x` starts from 'self.bs'."""
    attrs: list[str] = []
    while isinstance(node, ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Attribute):
            attrs.append(node.attr)
        node = node.value
    name = node.id if isinstance(node, ast.Name) else ""
    attrs.reverse()
    if name == "self" and attrs:
        return f"self.{attrs[0]}", attrs[1:]
    return name, attrs


def _pairs(node: ast.Assign) -> list[tuple[ast.expr, ast.expr]]:
    """(target, value) of an assignment, tuples matched item by item."""
    out = []
    for t in node.targets:
        if isinstance(t, ast.Tuple) and isinstance(node.value, ast.Tuple) and len(t.elts) == len(node.value.elts):
            out += list(zip(t.elts, node.value.elts, strict=True))
        else:
            out.append((t, node.value))
    return out


def _bound(target: ast.expr) -> str | None:
    """The name an assignment binds: a plain name, or an attribute of self (`self.bs`)."""
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
        return f"self.{target.attr}"
    return None


def _aliases(scope: ast.AST, held: set[str]) -> set[str]:
    """`held` and every name the scope binds to a state: made by its class, or reached from one."""
    held = set(held)
    for _ in range(3):  # aliases of aliases
        for node in ast.walk(scope):
            if not isinstance(node, ast.Assign):
                continue
            for target, value in _pairs(node):
                made = isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in STATES
                reached = isinstance(value, ast.Name | ast.Attribute) and _root(value)[0] in held
                name = _bound(target)
                if name is not None and (made or reached):
                    held.add(name)
    return held


def _handles(tree: ast.AST) -> set[str]:
    """The `self.x` attributes a module's classes keep a state in (`self.bs = battle_screen`)."""
    found: set[str] = set()
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            found |= {h for h in _aliases(fn, _params(fn)) if h.startswith("self.")}
    return found


def _params(fn: ast.FunctionDef) -> set[str]:
    args = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
    return {a.arg for a in args if _is_state(a.annotation)}


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign | ast.Delete):
        found = node.targets
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        found = [node.target]
    else:
        return []
    return [e for t in found for e in (t.elts if isinstance(t, ast.Tuple) else [t])]


def writes(source: str) -> list[tuple[str, int]]:
    """Each (field, line) the source writes of a battle screen's state: the state's own attribute
    the write goes through (`s.view.banner_left = 0` writes `view`). Names are read function by
    function (a `b` that is the battle in one is a button in the next)."""
    return list(_writes(source))


@cache  # three tests read every module of the window; each scan of them all took a second
def _writes(source: str) -> tuple[tuple[str, int], ...]:
    tree = parsed(source)
    handles = _handles(tree)
    scopes: list[tuple[ast.AST, set[str]]] = [(tree, _aliases(tree, set()))]
    scopes += [(fn, _aliases(fn, _params(fn) | handles)) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)]
    found = set()
    for scope, held in scopes:
        body = scope.body if isinstance(scope, ast.FunctionDef | ast.Module) else []
        for node in (n for stmt in body for n in ast.walk(stmt)):
            for t in _targets(node):
                name, attrs = _root(t)
                if isinstance(t, ast.Attribute | ast.Subscript) and name in held and attrs:
                    found.add((attrs[0], node.lineno))
    return tuple(sorted(found, key=lambda w: (w[1], w[0])))


def _modules() -> dict[str, str]:
    return {p.relative_to(ROOT).as_posix(): text(p) for p in sorted(UI.rglob("*.py"))}


@pytest.mark.parametrize(
    "source",
    [
        "def f(s: BattleState): s.message = 'x'",
        "def f(s: 'BattleState'): s.log_scroll += 1",
        "def f(s: BattleState): s.log[0] = line",
        "def f(s: BattleState): del s.log[-1:]",
        "def f(s: BattleState): s.view.banner_left = 0.0",
        "def f(s: BattleState): s.drag_from, s.dragged = None, False",
        "def f(s: BattleState):\n    cam = s.camera\n    cam.x = 3",
        "bs = BattleScreen(app, sc)\nbs.decision_key = -1",
        (
            "class P:\n    def __init__(self, b: BattleScreen):\n        self.app, self.bs = app, b\n"
            "    def go(self):\n        self.bs.mouse = (0, 0)"
        ),
    ],
)
def test_the_scan_finds_each_way_of_writing_the_state(source):
    assert writes(source), source


@pytest.mark.parametrize(
    "source",
    [
        "def f(s: BattleState): box = s.map_rect(); box.center = (1, 2)",  # a value made from it
        "def f(s: BattleState): go = Button('Go'); go.rect = r",
        "def f(s: BattleState, b: Button): b.tip = s.message",
        "class P:\n    def __init__(self, b: BattleScreen):\n        self.bs = b",  # holding it is no write
    ],
)
def test_the_scan_passes_over_what_is_not_the_state(source):
    assert writes(source) == [], source


def test_the_drawing_only_reads_the_battle_screen():
    """game/ui/draw/ draws the state as it stands (docs/architecture.md, 'draw/'): a field it wrote
    would change with the frames drawn, so a headless game or a test would not see it."""
    drawn = {m: writes(src) for m, src in _modules().items() if m.startswith("game/ui/draw/")}
    assert {m: w for m, w in drawn.items() if w} == {}


def test_each_field_of_the_state_is_written_only_by_its_owners():
    """Outside the state's own modules, a field is written only by the modules OWNERS gives it
    (the viewer's stage aside): a new writer is a decision, made here."""
    strays = {}
    for module, src in _modules().items():
        if module in OWN or module in PUPPETEERS:
            continue
        for field, line in writes(src):
            if module not in OWNERS.get(field, set()):
                strays[f"{module}:{line}"] = field
    assert strays == {}


def test_every_owner_listed_still_writes_its_field():
    """The table stays true: a module that no longer writes a field leaves the list."""
    written = {(field, m) for m, src in _modules().items() for field, _ in writes(src)}
    stale = {(f, m) for f, ms in OWNERS.items() for m in ms if (f, m) not in written}
    assert stale == set()
