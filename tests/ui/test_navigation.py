"""How one screen opens another (game/ui/navigation.py): every request names a room whose `opened`
takes that request, typed, so mypy checks what each screen sends (issue 41: the requests that
carry a screen were typed `object`, and each builder checked it at run time)."""

from __future__ import annotations

import ast
import inspect
from importlib import import_module

import game.ui.battle.battle_screen
import game.ui.viewer.viewer
from game.ui.navigation import Request

# The modules that declare requests: navigation itself, and those beside the screen they carry.
DECLARING = (game.ui.battle.battle_screen, game.ui.viewer.viewer)


def _requests() -> list[type[Request]]:
    found, todo = [], list(Request.__subclasses__())
    while todo:
        r = todo.pop()
        found.append(r)
        todo += r.__subclasses__()
    return sorted(found, key=lambda r: r.__name__)


def test_every_request_is_built_by_an_opened_that_takes_it_typed():
    assert len(DECLARING) == 2 and len(_requests()) >= 9  # the scan sees the requests beside the screens
    for request in _requests():
        opened = import_module(request.ROOM).opened
        assert opened.__annotations__.get("request") == request.__name__, (request.__name__, request.ROOM)


def test_no_request_field_is_typed_object():
    """A field typed `object` is one mypy cannot check at the screen that sends it."""
    loose = {
        f"{r.__name__}.{name}": kind
        for r in _requests()
        for name, kind in inspect.get_annotations(r).items()
        if kind in ("object", "Any", object)
    }
    assert loose == {}


def test_no_builder_checks_its_request_at_run_time():
    """With the fields typed, `opened` needs no isinstance or cast on what it was sent."""
    checked = []
    for request in _requests():
        source = inspect.getsource(import_module(request.ROOM).opened)
        calls = {ast.unparse(n.func) for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)}
        asserts = any(isinstance(n, ast.Assert) for n in ast.walk(ast.parse(source)))
        if asserts or calls & {"isinstance", "cast"} or "type: ignore" in source:
            checked.append(request.__name__)
    assert checked == []
