"""The AI's levels, by name: a module of its own so that what only names a level (a lesson
script, the settings, a replay) need not import the AI itself."""

LEVELS = ("random", "baseline", "normal", "hard")
