"""`rout gif`: a played battle, or some rounds of it, as an animated GIF to share.

The frames are the replay viewer's stage at each decision of the chosen rounds (every activation
and every end-of-round retreat choice, with its arrows), then the last moment of the range, so a
reader sees each activation's outcome as the viewer shows it."""

from __future__ import annotations

import io
from pathlib import Path
from xml.etree import ElementTree

import pygame
from PIL import Image

from game.history.timeline import Timeline, load_timeline
from game.save.files import write_atomic_bytes
from game.scenario.model import Scenario
from game.ui.app import App
from game.ui.common import theme
from game.ui.common.camera import ZOOMS, Camera
from game.ui.draw import draw_battle
from game.ui.viewer.takeover import viewer_of_file
from game.ui.viewer.viewer import ViewerScreen

DEFAULT_SIZE = (960, 540)  # a frame when the map fits it: a size that posts well
LARGEST_SIZE = (1280, 800)  # a default frame grows to hold a big map, but no further
LAST_FRAME_MS = 2500  # the range's last moment stays up longer, so a looping GIF reads as ended
COLOURS = 255  # one shared palette for every frame (and one index left for nothing): no flicker


class RangeError(ValueError):
    """Rounds the battle does not have; the message is one line for the player."""


def rounds_of(t: Timeline) -> int:
    """The last round the battle reached."""
    return t.round_at(t.length)


def moments(t: Timeline, first: int, last: int) -> list[int]:
    """The moments to draw: each decision in rounds first..last, then the range's last moment."""
    if not 1 <= first <= last:
        raise RangeError(f"--rounds must be A-B with 1 <= A <= B, not {first}-{last}")
    reached = max(1, rounds_of(t))
    if first > reached:
        raise RangeError(f"--rounds {first}-{last}: the battle has {reached} round{'s' * (reached != 1)}")
    last = min(last, reached)
    chosen = [m for m in t.decisions if first <= t.round_at(m) <= last]
    end = t.round_events[last] if last < len(t.round_events) else t.length  # the next round's start
    if not chosen or chosen[-1] != end:
        chosen.append(end)
    return chosen


def default_size(scenario: Scenario, tile: int) -> tuple[int, int]:
    """A frame that shows the whole map beside the panel: 960x540 when the map fits it at some
    zoom up to 1, else grown to hold the map at the largest zoom that keeps it within 1280x800
    (issue 22: battle.tmx's frame cropped two columns each side and missed a surrendered archer)."""
    (w0, h0), (w1, h1) = DEFAULT_SIZE, LARGEST_SIZE
    frames = []
    for zi in reversed(range(ZOOMS.index(1.0) + 1)):
        side = Camera(tile, 1, 1, 0, 0, zoom_i=zi).size
        w = max(w0, scenario.terrain.width * side + theme.SIDE_PANEL)
        h = max(h0, scenario.terrain.height * side + theme.TOP_BAR)
        frames.append((w, h))
        if w <= w1 and h <= h1:
            return w, h
    return frames[-1]  # a map too big even at the smallest zoom: its frame at that zoom


def tile_of(scenario: Scenario) -> int:
    """The map's tile size in pixels at zoom 1, as the battle screen draws it (32 for a map with
    no .tmx file)."""
    if not scenario.path:
        return 32
    return int(ElementTree.parse(scenario.path).getroot().get("tilewidth", "32"))


def framed(app: App, t: Timeline) -> ViewerScreen:
    """The viewer at the largest zoom (up to 1) at which the frame shows the whole map, centred;
    a frame too small for the map at any zoom shows it at the smallest, where the viewer puts it."""
    viewer = viewer_of_file(app, t)
    cam = viewer.stage.camera
    for zi in reversed(range(ZOOMS.index(1.0) + 1)):
        cam.zoom_i = zi
        if cam.map_w * cam.size <= cam.view_w and cam.map_h * cam.size <= cam.view_h:
            break
    cam.clamp()
    return viewer


def render(
    path: str | Path, out: str | Path, rounds: tuple[int, int] | None, size: tuple[int, int] | None, delay: int
) -> int:
    """Write the GIF of the replay or save at `path` to `out`; the number of frames. With no
    size, the frame is the default_size of the battle's map.

    Raise ReplayError or SaveError (a file that cannot be replayed) or RangeError, one line each."""
    t = load_timeline(path)
    first, last = rounds if rounds is not None else (1, rounds_of(t))
    shown = moments(t, first, last)
    start = t.battle_at(0)
    w, h = size or default_size(start.scenario, tile_of(start.scenario))
    app = App((w, h + theme.BOTTOM_BAR), headless=True)  # the viewer's bar is left off the picture
    viewer = framed(app, t)
    frames = []
    for m in shown:
        viewer.go(m)
        draw_battle.draw_field(viewer.stage, app.window)
        frames.append(_image(app.window.subsurface((0, 0, w, h))))
    write_atomic_bytes(out, _gif_bytes(frames, delay))
    return len(frames)


def _image(surface: pygame.Surface) -> Image.Image:
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


def _gif_bytes(frames: list[Image.Image], delay: int) -> bytes:
    """The frames on one palette made from the first and the last (the field's colours and the
    battle's marks), looping for ever."""
    sample = Image.new("RGB", (frames[0].width, frames[0].height * 2))
    sample.paste(frames[0], (0, 0))
    sample.paste(frames[-1], (0, frames[0].height))
    palette = sample.quantize(COLOURS, method=Image.Quantize.MEDIANCUT)
    indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    durations = [delay] * (len(indexed) - 1) + [max(delay, LAST_FRAME_MS)]
    buf = io.BytesIO()
    indexed[0].save(buf, format="GIF", save_all=True, append_images=indexed[1:], duration=durations, loop=0)
    return buf.getvalue()
