"""The sound effects, made here from sine waves and noise: no recorded sample is shipped.

Each effect is a few tenths of a second of mono samples in -1..1, built at the mixer's rate
when the mixer first opens (all of them take a few milliseconds)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

Wave = npt.NDArray[np.float64]


def _t(rate: int, seconds: float) -> Wave:
    return np.arange(int(rate * seconds)) / rate


def _tone(rate: int, seconds: float, f0: float, f1: float | None = None) -> Wave:
    """A sine gliding from f0 to f1 Hz."""
    t = _t(rate, seconds)
    f = np.linspace(f0, f1 if f1 is not None else f0, t.size)
    return np.sin(2 * np.pi * np.cumsum(f) / rate)


def _noise(rate: int, seconds: float, smooth: int = 1) -> Wave:
    """White noise, softened by a running mean of `smooth` samples (a crude low-pass)."""
    n = np.random.default_rng(7).uniform(-1, 1, int(rate * seconds))  # the same noise every run
    if smooth > 1:
        n = np.convolve(n, np.ones(smooth) / smooth, mode="same") * np.sqrt(smooth)
    return n


def _decay(x: Wave, rate: int, per_second: float) -> Wave:
    return x * np.exp(-per_second * np.arange(x.size) / rate)


def _swell(x: Wave) -> Wave:
    """Up and down again: a swish, not a click."""
    return x * np.sin(np.linspace(0, np.pi, x.size))


def _notes(rate: int, freqs: tuple[float, ...], each: float) -> Wave:
    """Short notes in turn, each with a touch of its octave (a horn more than a whistle)."""
    parts = [_faded(_decay(_tone(rate, each, f) + 0.3 * _tone(rate, each, 2 * f), rate, 5), rate) for f in freqs]
    return np.concatenate(parts)


def _faded(x: Wave, rate: int) -> Wave:
    """5 ms in and out, so that neither the sound's ends nor the joins between notes click."""
    n = min(x.size // 2, rate // 200)
    x = x.copy()
    x[:n] *= np.linspace(0, 1, n)
    x[x.size - n :] *= np.linspace(1, 0, n)
    return x


def hit(rate: int) -> Wave:
    return _decay(_tone(rate, 0.18, 140, 70) + 0.6 * _noise(rate, 0.18, 4), rate, 22)


def miss(rate: int) -> Wave:
    return 0.7 * _swell(_noise(rate, 0.2, 3) * np.linspace(0.3, 1, int(rate * 0.2)))


def death(rate: int) -> Wave:
    return _decay(_tone(rate, 0.6, 300, 70), rate, 4)


def knockdown(rate: int) -> Wave:
    return _decay(_tone(rate, 0.32, 70, 45) + 0.8 * _noise(rate, 0.32, 12), rate, 9)


def retreat(rate: int) -> Wave:
    return _notes(rate, (440.0, 330.0), 0.13)


def rout(rate: int) -> Wave:
    tremolo = 0.75 + 0.25 * np.sin(2 * np.pi * 9 * _t(rate, 0.6))
    return _notes(rate, (392.0, 330.0, 262.0), 0.2) * tremolo


def spell(rate: int) -> Wave:
    chime = sum(_decay(_tone(rate, 0.5, f), rate, 6) for f in (880.0, 1320.0, 1760.0))
    return np.asarray(chime / 2.2 * (0.8 + 0.2 * np.sin(2 * np.pi * 6 * _t(rate, 0.5))))


def charge(rate: int) -> Wave:
    return _notes(rate, (262.0, 330.0, 392.0), 0.11)


def round_end(rate: int) -> Wave:
    return _decay(_tone(rate, 0.8, 660) + 0.4 * _tone(rate, 0.8, 990), rate, 5) / 1.4


MAKERS: dict[str, Callable[[int], Wave]] = {
    "hit": hit,
    "miss": miss,
    "death": death,
    "knockdown": knockdown,
    "retreat": retreat,
    "rout": rout,
    "spell": spell,
    "charge": charge,
    "round_end": round_end,
}


def samples(name: str, rate: int, channels: int) -> bytes:
    """The effect as signed 16-bit samples, interleaved for `channels`, peaking at 0.8."""
    wave = _faded(MAKERS[name](rate), rate)
    wave = 0.8 * wave / max(float(np.abs(wave).max()), 1e-9)
    pcm = (wave * 32767).astype(np.int16)
    return np.repeat(pcm, channels).tobytes()
