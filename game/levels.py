"""The AI's levels, by name: a module of its own so that what only names a level (a lesson
script, the settings, a replay) need not import the AI itself."""

LEVELS = ("random", "baseline", "normal", "hard")

# What a player choosing a level is told: how it plays, how much stronger it measured than the
# level below (`rout match`, paired games on fields not tuned on: bench/README.md, "The ladder
# today"; tests/test_level_words.py holds the two together) and how long it thinks a decision
# (bench/README.md, "Decision time"). Measured, not promised: a level changed is measured again.
LEVEL_WORDS = {
    "random": "picks any legal order: a yardstick, not an opponent",
    "baseline": "closes in and strikes; about +424 Elo over random",
    "normal": "weighs flanks, rears, hazards, leaders and fatigue; about +330 Elo over baseline; 1-3 ms a decision",
    "hard": "normal that looks at the blows a move invites; not measurably stronger than normal yet "
    "(+11 Elo); 2-4 ms a decision",
}
# The same in a few words, beside the level's name where there is no room for more.
LEVEL_SHORT = {
    "random": "a yardstick",
    "baseline": "+424 over random",
    "normal": "+330 over baseline",
    "hard": "about normal's strength",
}
