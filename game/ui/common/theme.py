"""Colours and sizes in one place, chosen to read for colour-blind players too."""

from __future__ import annotations

# Side colours (Okabe-Ito), each paired with a shape so colour is never the only cue.
SIDE_COLOURS = [(0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0), (86, 180, 233)]
SIDE_SHAPES = ["circle", "square", "triangle", "diamond", "circle", "square"]

# Arcs: front, flank, rear.
ARC_COLOURS = {"front": (70, 200, 90), "flank": (240, 200, 40), "rear": (230, 60, 60)}

REACH_FULL = (90, 160, 255)
REACH_HALF = (150, 230, 255)
TARGET = (255, 70, 70)
PATH = (255, 255, 255)
HAZARD = (255, 120, 0)
SELECT = (255, 255, 255)
HIGHLIGHT = (255, 240, 120)

PANEL_BG = (24, 26, 32)
PANEL_EDGE = (70, 74, 86)
TEXT = (230, 232, 238)
TEXT_DIM = (150, 155, 168)
TEXT_WARN = (255, 190, 90)
BUTTON = (52, 58, 72)
BUTTON_HOVER = (74, 84, 104)
BUTTON_ACTIVE = (96, 120, 170)

TOP_BAR = 44
SIDE_PANEL = 340
BOTTOM_BAR = 64
