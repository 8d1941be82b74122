"""How a colour looks to an eye with a colour vision deficiency, and how far apart two colours
look: the measures docs/decisions.md ("Colour-blind palettes") holds the palettes to.

The simulation is Machado, Oliveira & Fernandes, "A Physiologically-based Model for Simulation of
Color Vision Deficiency", IEEE TVCG 15(6), 2009, at severity 1.0 (a dichromat), applied in linear
RGB with the matrices the authors publish. The distance is CIEDE2000 (CIE 142-2001, as written out
by Sharma, Wu & Dalal, Color Research & Application 30(1), 2005) between CIELAB colours under D65."""

from __future__ import annotations

import numpy as np

Colour = tuple[int, int, int]

# Machado et al. 2009, severity 1.0: linear RGB in, linear RGB as the dichromat sees it out.
DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
# sRGB's linear primaries to CIE XYZ (IEC 61966-2-1), and the D65 white.
_TO_XYZ = np.array(
    ((0.4124564, 0.3575761, 0.1804375), (0.2126729, 0.7151522, 0.0721750), (0.0193339, 0.1191920, 0.9503041))
)
_WHITE = np.array((0.95047, 1.0, 1.08883))


def _linear(c: Colour) -> np.ndarray:
    v = np.asarray(c, dtype=float) / 255.0
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def lab(c: Colour, deficiency: str | None = None) -> np.ndarray:
    """The CIELAB colour an sRGB colour is seen as, by normal vision (None) or a dichromat's."""
    rgb = _linear(c)
    if deficiency is not None:
        rgb = np.clip(np.array(DEFICIENCIES[deficiency]) @ rgb, 0.0, 1.0)  # the screen shows no more than its gamut
    xyz = (_TO_XYZ @ rgb) / _WHITE
    d = 6 / 29
    f = np.where(xyz > d**3, np.cbrt(xyz), xyz / (3 * d * d) + 4 / 29)
    return np.array((116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])))


def ciede2000(lab1: np.ndarray, lab2: np.ndarray) -> float:
    """CIEDE2000 colour difference between two CIELAB colours (kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = (float(x) for x in lab1), (float(x) for x in lab2)
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean**7 / (c_mean**7 + 25.0**7)))
    c1, c2 = np.hypot((1 + g) * a1, b1), np.hypot((1 + g) * a2, b2)
    h1, h2 = (np.degrees(np.arctan2(b1, (1 + g) * a1)) % 360), (np.degrees(np.arctan2(b2, (1 + g) * a2)) % 360)
    dh = 0.0 if c1 * c2 == 0 else h2 - h1
    dh += -360 if dh > 180 else 360 if dh < -180 else 0
    d_h = 2 * np.sqrt(c1 * c2) * np.sin(np.radians(dh / 2))
    h_mean = _hue_mean(h1, h2, c1 * c2 == 0)
    t = (
        1
        - 0.17 * np.cos(np.radians(h_mean - 30))
        + 0.24 * np.cos(np.radians(2 * h_mean))
        + 0.32 * np.cos(np.radians(3 * h_mean + 6))
        - 0.20 * np.cos(np.radians(4 * h_mean - 63))
    )
    l_mean, cp_mean = (l1 + l2) / 2, (c1 + c2) / 2
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / np.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    r_t = (
        -np.sin(np.radians(60 * np.exp(-(((h_mean - 275) / 25) ** 2))))
        * 2
        * np.sqrt(cp_mean**7 / (cp_mean**7 + 25.0**7))
    )
    dl, dc, dhh = (l2 - l1) / s_l, (c2 - c1) / s_c, d_h / s_h
    return float(np.sqrt(dl * dl + dc * dc + dhh * dhh + r_t * dc * dhh))


def _hue_mean(h1: float, h2: float, achromatic: bool) -> float:
    if achromatic:
        return h1 + h2
    if abs(h1 - h2) <= 180:
        return (h1 + h2) / 2
    return (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2


def difference(c1: Colour, c2: Colour, deficiency: str | None = None) -> float:
    """How far apart two sRGB colours look (CIEDE2000) to normal vision or a dichromat's."""
    return ciede2000(lab(c1, deficiency), lab(c2, deficiency))
