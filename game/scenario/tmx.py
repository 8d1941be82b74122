"""Small readers of a pytmx map shared by the loader's parts: object layers by name, the square
an object marks, and a property value's type in words."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, TypeGuard, TypeVar

if TYPE_CHECKING:  # pytmx ships no types: its classes name what a function takes
    from pytmx import TiledMap, TiledObject, TiledObjectGroup


_T = TypeVar("_T")


def typed(value: object, typ: type[_T]) -> TypeGuard[_T]:
    """Whether a property's value is of the type asked for (a bool is not a whole number here)."""
    if typ is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, typ)


def what(value: object) -> str:
    return f"{type(value).__name__} {value!r}" if not isinstance(value, str) else repr(value)


def object_layers(tmx: TiledMap, name: str) -> list[TiledObjectGroup]:
    from pytmx import TiledObjectGroup  # noqa: PLC0415  # pytmx is loaded by tiled._import_pytmx, loggers quiet first

    return [layer for layer in tmx.layers if isinstance(layer, TiledObjectGroup) and layer.name == name]


def first_object_layer(tmx: TiledMap, name: str) -> TiledObjectGroup | None:
    found = object_layers(tmx, name)
    return found[0] if found else None


def square(obj: TiledObject, tw: int, th: int) -> tuple[int, int]:
    """The square an object marks: the one holding a point, the nearest grid corner of a shape."""
    if not obj.width and not obj.height:
        return math.floor(obj.x / tw), math.floor(obj.y / th)
    return math.floor(obj.x / tw + 0.5), math.floor(obj.y / th + 0.5)
