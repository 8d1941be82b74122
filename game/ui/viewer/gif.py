"""`rout gif`: a played battle, or some rounds of it, as an animated GIF to share.

The frames are the replay viewer's stage at each decision of the chosen rounds (every activation
and every end-of-round retreat choice, with its arrows), then the last moment of the range, so a
reader sees each activation's outcome as the viewer shows it."""

from __future__ import annotations

import io
from pathlib import Path

import pygame
from PIL import Image

from game.save.files import write_atomic_bytes
from game.timeline import Timeline, load_timeline
from game.ui.app import App
from game.ui.common import theme
from game.ui.draw import draw_battle
from game.ui.viewer.takeover import viewer_of_file

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


def render(path: str | Path, out: str | Path, rounds: tuple[int, int] | None, size: tuple[int, int], delay: int) -> int:
    """Write the GIF of the replay or save at `path` to `out`; the number of frames.

    Raise ReplayError or SaveError (a file that cannot be replayed) or RangeError, one line each."""
    t = load_timeline(path)
    first, last = rounds if rounds is not None else (1, rounds_of(t))
    shown = moments(t, first, last)
    w, h = size
    app = App((w, h + theme.BOTTOM_BAR), headless=True)  # the viewer's bar is left off the picture
    viewer = viewer_of_file(app, t)
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
